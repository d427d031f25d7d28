package explore

import (
	"context"
	"slices"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
)

// Dense is the graph of a model whose initial set is described over its universe. A node
// is a configuration's rank, so no hash table and no edge list is needed: edges are recomputed
// from the model and ranked, and every per-node array is indexed by rank. When the initial set
// is restricted, two bitmaps say which nodes are initial and which are reachable from them;
// the analyses look at the reachable ones only.
type Dense struct {
	m       model.Model
	u       *universe.Universe
	initSet par.Bitmap // nil: every node is initial (and reachable)
	reach   par.Bitmap
	// movers: edges carry the units their step serves, for weak fairness and rounds; off,
	// the hot path skips them (6% of Dijkstra n=8's time).
	movers bool
	// lo, hi: a window of ranks (a shard of the universe), the only nodes reached; the
	// passes visit it alone (Span), and nothing is kept per node. windowed false: all.
	lo, hi   uint64
	windowed bool
}

// NewDense is the graph of m over its universe u, every node initial until Explore says
// otherwise.
func NewDense(m model.Model, u *universe.Universe) *Dense { return &Dense{m: m, u: u, movers: true} }

// Window makes the nodes of ranks lo..hi-1 the graph's only initial and reached ones: a
// shard of a per-configuration check, whose successors may lie anywhere in the universe
// but are never visited. It holds no per-node array, whatever the universe's size.
func (g *Dense) Window(lo, hi uint64) *Dense {
	g.lo, g.hi, g.windowed = lo, hi, true
	return g
}

// Span is the range of node ids a pass over g visits: a dense graph's window, else every
// node.
func Span(g Graph) (lo, hi uint64) {
	if d, ok := g.(*Dense); ok && d.windowed {
		return d.lo, d.hi
	}
	return 0, g.Size()
}

// Windowed reports whether g is a dense graph's window: a pass over it keeps nothing per
// node of the universe.
func Windowed(g Graph) bool {
	d, ok := g.(*Dense)
	return ok && d.windowed
}

func (g *Dense) inWindow(id uint64) bool { return !g.windowed || g.lo <= id && id < g.hi }

// WithoutMovers makes the graph's edges carry no movers (Movers reports false).
func (g *Dense) WithoutMovers() *Dense { g.movers = false; return g }

func (g *Dense) Size() uint64          { return g.u.Size() }
func (g *Dense) Schema() *model.Schema { return g.m.Schema() }
func (g *Dense) Model() model.Model    { return g.m }
func (g *Dense) Expanded(uint64) bool  { return true }
func (g *Dense) Movers() bool          { return g.movers }
func (g *Dense) Initial(id uint64) bool {
	return g.inWindow(id) && (g.initSet == nil || g.initSet.Has(id))
}
func (g *Dense) Reached(id uint64) bool                         { return g.inWindow(id) && (g.reach == nil || g.reach.Has(id)) }
func (g *Dense) State(id uint64, dst model.State)               { g.u.Unrank(id, dst) }
func (g *Dense) NewSuccessors(bool) *Successors                 { return g.successors() }
func (g *Dense) Succ(id uint64, s model.State, out *Successors) { g.succ(id, s, out) }

// InitialCount and ReachedCount are the sizes of the initial set and of the reachable set.
func (g *Dense) InitialCount() uint64 { return g.countOr(g.initSet) }
func (g *Dense) ReachedCount() uint64 { return g.countOr(g.reach) }

func (g *Dense) countOr(b par.Bitmap) uint64 {
	switch {
	case g.windowed: // Explore is never called on a window
		return g.hi - g.lo
	case b == nil:
		return g.Size()
	}
	return b.Count()
}

func (g *Dense) successors() *Successors {
	out := newSuccessors(g.m, g.Schema().Width())
	out.u = g.u
	out.noMovers = !g.movers
	out.batchUnlessMovers()
	return out
}

func (g *Dense) succ(id uint64, s model.State, out *Successors) {
	out.from, out.rank = s, id
	if out.batched != nil && out.addBatch() {
		return
	}
	out.Model.Successors(s, out.yield)
}

func (g *Dense) Scan(lo, hi uint64, fn func(uint64, model.State)) {
	if lo >= hi {
		return
	}
	s := workerState(g.Schema().Width())
	g.u.Unrank(lo, s)
	for id := lo; ; id++ {
		fn(id, s)
		if id+1 == hi {
			return
		}
		g.u.Next(s)
	}
}

// PathTo is the node itself when it is initial, else a shortest path found by BFS from the
// initial nodes (taken in id order, successors in step order: the same path on every run).
func (g *Dense) PathTo(id uint64) ([]uint64, []uint32) {
	if g.Initial(id) {
		return []uint64{id}, nil
	}
	type via struct {
		parent uint64
		step   uint32
	}
	seen := map[uint64]via{}
	var queue []uint64
	for r := uint64(0); r < g.Size(); r++ {
		if g.Initial(r) {
			seen[r] = via{par.NoNode, 0}
			queue = append(queue, r)
		}
	}
	x := NewExpander(g)
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range x.Edges(u) {
			if _, ok := seen[e.To]; ok {
				continue
			}
			seen[e.To] = via{u, e.Index}
			if e.To != id {
				queue = append(queue, e.To)
				continue
			}
			var nodes []uint64
			var steps []uint32
			for v := id; v != par.NoNode; v = seen[v].parent {
				nodes = append(nodes, v)
				if seen[v].parent != par.NoNode {
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

// Explore marks the initial nodes, those that satisfy where, and every node reachable from
// them, each worker running a depth-first search from the initial nodes of its ranges; a node
// is claimed by the first worker that sets its bit.
func (g *Dense) Explore(ctx context.Context, where model.Predicate, workers int) {
	n := g.Size()
	g.initSet, g.reach = par.NewBitmap(n), par.NewBitmap(n)
	par.ForChunks(ctx, n, par.Chunk(n, workers), workers, func(_ int, lo, hi uint64) {
		out := g.successors()
		var stack []uint64
		var states []byte
		w := g.Schema().Width()
		su := workerState(w) // the node being expanded: the stack's bytes move under it
		g.Scan(lo, hi, func(id uint64, s model.State) {
			if !where(s) {
				return
			}
			g.initSet.Set(id)
			if !g.reach.Claim(id) {
				return
			}
			stack, states = append(stack[:0], id), append(states[:0], s...)
			for len(stack) > 0 && ctx.Err() == nil {
				top := len(stack) - 1
				u := stack[top]
				copy(su, states[top*w:])
				stack, states = stack[:top], states[:top*w]
				out.Truncate(0)
				if g.succ(u, su, out); out.Invalid != nil {
					return // the analyses expand this node again and report the error
				}
				for j, e := range out.Edges {
					if g.reach.Claim(e.To) {
						stack, states = append(stack, e.To), append(states, out.Target(j)...)
					}
				}
			}
		})
	})
}

// Nearest is, among the reached nodes where bad holds, the one fewest steps from an initial
// node (the least id among those), given the least such id. A graph numbered in BFS order (an
// explicit graph, or a dense one whose every node is initial) has it as its least; a dense
// graph from a restricted initial set numbers nodes by rank, and the least rank may lie
// deeper than another violation: a BFS by levels finds the nearest, in three bits a
// configuration (the nodes seen, this level, the next). Interrupted (ctx), it keeps least: a
// counterexample still, if not a shortest one, in a run that says it was interrupted.
func Nearest(ctx context.Context, g Graph, least uint64, bad func(id uint64, s model.State) bool) uint64 {
	d, ok := g.(*Dense)
	if !ok || d.initSet == nil || d.Initial(least) {
		return least
	}
	seen, level := slices.Clone(d.initSet), slices.Clone(d.initSet)
	next := par.NewBitmap(d.Size())
	x := NewExpander(d)
	s := d.Schema().NewState()
	for ctx.Err() == nil {
		found, nonEmpty := par.NoNode, false
		level.Each(func(u uint64) { // in id order: the first bad node of the level, else the next level
			if nonEmpty = true; found != par.NoNode {
				return
			}
			if d.State(u, s); bad(u, s) {
				found = u
				return
			}
			for _, e := range x.Edges(u) {
				if seen.Claim(e.To) {
					next.Set(e.To)
				}
			}
		})
		switch {
		case found != par.NoNode:
			return found
		case !nonEmpty:
			return least // bad is not the scan's: keep its answer
		}
		level, next = next, level
		clear(next)
	}
	return least
}
