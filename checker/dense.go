package checker

import (
	"context"
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// denseGraph is the graph of a model whose initial set is described over its universe. A node
// is a configuration's rank, so no hash table and no edge list is needed: edges are recomputed
// from the model and ranked, and every per-node array is indexed by rank. When the initial set
// is restricted, two bitmaps say which nodes are initial and which are reachable from them;
// the analyses look at the reachable ones only.
type denseGraph struct {
	m       model.Model
	u       *model.Universe
	initSet bitmap // nil: every node is initial (and reachable)
	reach   bitmap
}

// denseBytesPerNode is what the dense analyses keep per configuration: two 16-bit labels
// (steps and moves) and the legitimate bit, rounded up.
const denseBytesPerNode = 4.25

// fitsDense refuses a universe whose arrays would not fit the memory budget, rather than let
// the kernel kill the run.
func (o Options) fitsDense(n uint64) error {
	return o.fits(n, uint64(float64(n)*denseBytesPerNode), "the dense analysis")
}

// budget is the memory the checker may use: MemoryBudget, or 3/4 of the machine's.
func (o Options) budget() uint64 {
	if o.MemoryBudget > 0 {
		return o.MemoryBudget
	}
	return physicalMemory() / 4 * 3
}

// fits refuses to allocate need bytes for n configurations over the memory budget.
func (o Options) fits(n, need uint64, what string) error {
	budget := o.budget()
	if budget > 0 && need > budget {
		return fmt.Errorf("the universe has %d configurations; %s needs about %.1f GiB, over the memory budget of %.1f GiB",
			n, what, float64(need)/(1<<30), float64(budget)/(1<<30))
	}
	return nil
}

func (g *denseGraph) size() uint64                     { return g.u.Size() }
func (g *denseGraph) schema() *model.Schema            { return g.m.Schema() }
func (g *denseGraph) model() model.Model               { return g.m }
func (g *denseGraph) expanded(uint64) bool             { return true }
func (g *denseGraph) initial(id uint64) bool           { return g.initSet == nil || g.initSet.has(id) }
func (g *denseGraph) reached(id uint64) bool           { return g.reach == nil || g.reach.has(id) }
func (g *denseGraph) state(id uint64, dst model.State) { g.u.Unrank(id, dst) }

func (g *denseGraph) scan(lo, hi uint64, fn func(uint64, model.State)) {
	if lo >= hi {
		return
	}
	s := workerState(g.schema().Width())
	g.u.Unrank(lo, s)
	for id := lo; ; id++ {
		fn(id, s)
		if id+1 == hi {
			return
		}
		g.u.Next(s)
	}
}

func (g *denseGraph) succ(id uint64, s model.State, out *successors) {
	out.from, out.rank = s, id
	out.model.Successors(s, out.yield)
}

// pathTo is the node itself when it is initial, else a shortest path found by BFS from the
// initial nodes (taken in id order, successors in step order: the same path on every run).
func (g *denseGraph) pathTo(id uint64) ([]uint64, []uint32) {
	if g.initial(id) {
		return []uint64{id}, nil
	}
	type via struct {
		parent uint64
		step   uint32
	}
	seen := map[uint64]via{}
	var queue []uint64
	for r := uint64(0); r < g.size(); r++ {
		if g.initial(r) {
			seen[r] = via{noNode, 0}
			queue = append(queue, r)
		}
	}
	x := newExpander(g)
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range x.edges(u) {
			if _, ok := seen[e.to]; ok {
				continue
			}
			seen[e.to] = via{u, e.index}
			if e.to != id {
				queue = append(queue, e.to)
				continue
			}
			var nodes []uint64
			var steps []uint32
			for v := id; v != noNode; v = seen[v].parent {
				nodes = append(nodes, v)
				if seen[v].parent != noNode {
					steps = append(steps, seen[v].step)
				}
			}
			slices.Reverse(nodes)
			slices.Reverse(steps)
			return nodes, steps
		}
	}
	return []uint64{id}, nil // unreachable: the replay of the trace will say so
}

// explore marks the initial nodes and every node reachable from them, each worker running a
// depth-first search from the initial nodes of its ranges; a node is claimed by the first
// worker that sets its bit.
func (g *denseGraph) explore(ctx context.Context, where model.Predicate, workers int) {
	n := g.size()
	g.initSet, g.reach = newBitmap(n), newBitmap(n)
	forChunks(ctx, n, scanChunk(n, workers), workers, func(_ int, lo, hi uint64) {
		out := newSuccessors(g)
		var stack []uint64
		var states []byte
		w := g.schema().Width()
		su := workerState(w) // the node being expanded: the stack's bytes move under it
		g.scan(lo, hi, func(id uint64, s model.State) {
			if !where(s) {
				return
			}
			g.initSet.set(id)
			if !g.reach.claim(id) {
				return
			}
			stack, states = append(stack[:0], id), append(states[:0], s...)
			for len(stack) > 0 && ctx.Err() == nil {
				top := len(stack) - 1
				u := stack[top]
				copy(su, states[top*w:])
				stack, states = stack[:top], states[:top*w]
				out.truncate(0, 0)
				if g.succ(u, su, out); out.invalid != nil {
					return // the analyses expand this node again and report the error
				}
				for j, e := range out.edges {
					if g.reach.claim(e.to) {
						stack, states = append(stack, e.to), append(states, out.target(j, w)...)
					}
				}
			}
		})
	})
}
