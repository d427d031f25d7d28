package analysis

import (
	"context"
	"errors"
	"slices"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
)

// The worst cases of a recovery, on the graph of a model with faults (model.WithFaults), where
// a fault edge moves no process (Edge.Moves = 0) and the last byte of a configuration is the
// budget left. From the first fault: the longest execution from a configuration right after
// a first fault (the budget then one below the initial) to the first legitimate one, further
// faults allowed on the way and counted as steps but not as moves. From the last fault: the
// longest fault-free execution from a configuration right after any fault.

// AfterFault is one such worst case and its witness (a path from an initial node).
type AfterFault struct {
	Length  uint64
	Witness explore.NodePath
}

func isFault(e explore.Edge) bool { return e.Moves == 0 }

// FaultTargets lists the targets of fault edges, each once, in id order: all of them, or with
// first only those out of nodes with the whole budget.
func FaultTargets(g explore.Graph, budget byte, first bool) []uint64 {
	x := explore.NewExpander(g)
	s := g.Schema().NewState()
	seen := map[uint64]bool{}
	var out []uint64
	for id := uint64(0); id < g.Size(); id++ {
		if !g.Reached(id) || first && budgetOf(g, id, s) != budget {
			continue
		}
		for _, e := range x.Edges(id) {
			if isFault(e) && !seen[e.To] {
				seen[e.To] = true
				out = append(out, e.To)
			}
		}
	}
	slices.Sort(out)
	return out
}

// budgetOf is the faults left at node id.
func budgetOf(g explore.Graph, id uint64, s []byte) byte {
	g.State(id, s)
	return s[len(s)-1]
}

// FromFirstFault measures with labels (steps, or a weighted measure's) from the targets of
// the first faults: fault edges out of nodes with the whole budget.
func FromFirstFault(g explore.Graph, l *Labels, labels *par.Cells, weight func(explore.Edge) uint32, budget byte) AfterFault {
	x := explore.NewExpander(g)
	s := g.Schema().NewState()
	best := AfterFault{}
	var from, to uint64
	var via uint32
	found := false
	for id := uint64(0); id < g.Size(); id++ {
		if !g.Reached(id) || budgetOf(g, id, s) != budget {
			continue
		}
		for _, e := range x.Edges(id) {
			if v := labels.Get(e.To); isFault(e) && v != par.CellUnknown && v != labels.Bad() && (!found || uint64(v-1) > best.Length) {
				best.Length, from, to, via, found = uint64(v-1), id, e.To, e.Index, true
			}
		}
	}
	if found {
		best.Witness = explore.StemTo(g, from)
		best.Witness.Extend(explore.NodePath{Nodes: []uint64{from, to}, Steps: []uint32{via}})
		best.Witness.Extend(TightPath(g, l.Steps, labels, weight, to))
	}
	return best
}

// FromLastFault is the longest fault-free execution from a target of any fault to a
// legitimate node.
func FromLastFault(ctx context.Context, g explore.Graph, legit par.Bitmap) (AfterFault, error) {
	ff := &faultFree{ctx: ctx, x: explore.NewExpander(g), legit: legit, memo: map[uint64]uint64{}, onStack: map[uint64]bool{}}
	best := AfterFault{}
	var from, to uint64
	var via uint32
	found := false
	for id := uint64(0); id < g.Size(); id++ {
		if !g.Reached(id) {
			continue
		}
		for _, e := range slices.Clone(ff.x.Edges(id)) { // longest expands other nodes with x
			if !isFault(e) {
				continue
			}
			v, err := ff.longest(e.To)
			if err != nil {
				return best, err
			}
			if !found || v > best.Length {
				best.Length, from, to, via, found = v, id, e.To, e.Index, true
			}
		}
	}
	if found {
		best.Witness = explore.StemTo(g, from)
		best.Witness.Extend(explore.NodePath{Nodes: []uint64{from, to}, Steps: []uint32{via}})
		best.Witness.Extend(faultFreeTight(ff.x, ff.memo, legit, to))
	}
	return best, nil
}

// faultFree is the longest fault-free path to the legitimate set, by an iterative
// depth-first search with memoisation over fault-free edges.
type faultFree struct {
	ctx     context.Context
	x       *explore.Expander
	legit   par.Bitmap
	memo    map[uint64]uint64
	onStack map[uint64]bool
}

func (ff *faultFree) edgesOf(id uint64) []explore.Edge {
	var out []explore.Edge
	for _, e := range ff.x.Edges(id) {
		if !isFault(e) {
			out = append(out, e)
		}
	}
	return out
}

func (ff *faultFree) longest(root uint64) (uint64, error) {
	type frame struct {
		id    uint64
		edges []explore.Edge
		next  int
		best  uint64
	}
	if ff.legit.Has(root) {
		return 0, nil
	}
	if v, ok := ff.memo[root]; ok {
		return v, nil
	}
	stack := []frame{{id: root, edges: ff.edgesOf(root)}}
	ff.onStack[root] = true
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if len(f.edges) == 0 {
			return 0, errors.New("a configuration after a fault has no fault-free way to the legitimate set")
		}
		if f.next < len(f.edges) {
			to := f.edges[f.next].To
			v, ok := ff.memo[to]
			switch {
			case ff.legit.Has(to):
				v, ok = 0, true
			case !ok && ff.onStack[to]:
				return 0, errors.New("a fault-free cycle outside the legitimate set")
			case !ok:
				if ff.ctx.Err() != nil {
					return 0, context.Cause(ff.ctx)
				}
				stack = append(stack, frame{id: to, edges: ff.edgesOf(to)})
				ff.onStack[to] = true
				continue
			}
			f.best = max(f.best, v+1)
			f.next++
			continue
		}
		ff.memo[f.id] = f.best
		delete(ff.onStack, f.id)
		stack = stack[:len(stack)-1]
	}
	return ff.memo[root], nil
}

// faultFreeTight follows tight fault-free edges from id to the legitimate set.
func faultFreeTight(x *explore.Expander, memo map[uint64]uint64, legit par.Bitmap, id uint64) explore.NodePath {
	p := explore.NodePath{Nodes: []uint64{id}}
	for !legit.Has(id) {
		v := memo[id]
		next := false
		for _, e := range x.Edges(id) {
			w := uint64(0)
			if !legit.Has(e.To) {
				w = memo[e.To]
			}
			if !isFault(e) && w+1 == v {
				p.Nodes, p.Steps = append(p.Nodes, e.To), append(p.Steps, e.Index)
				id, next = e.To, true
				break
			}
		}
		if !next {
			break
		}
	}
	return p
}
