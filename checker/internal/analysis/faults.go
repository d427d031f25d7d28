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

// faultEdge is one fault step of the graph.
type faultEdge struct {
	from, to uint64
	index    uint32
}

// faultEdges lists the fault edges in source and step order: all of them, or with first only
// those out of nodes with the whole budget (the first faults).
func faultEdges(g explore.Graph, budget byte, first bool) []faultEdge {
	x := explore.NewExpander(g)
	s := g.Schema().NewState()
	var out []faultEdge
	for id := uint64(0); id < g.Size(); id++ {
		if !g.Reached(id) {
			continue
		}
		if g.State(id, s); first && s[len(s)-1] != budget {
			continue
		}
		for _, e := range x.Edges(id) {
			if isFault(e) {
				out = append(out, faultEdge{id, e.To, e.Index})
			}
		}
	}
	return out
}

// FaultTargets lists the targets of fault edges, each once, in id order: all of them, or with
// first only those of the first faults.
func FaultTargets(g explore.Graph, budget byte, first bool) []uint64 {
	var out []uint64
	for _, e := range faultEdges(g, budget, first) {
		out = append(out, e.to)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// afterFault is the witness of a worst case: the stem to the fault's source, the fault, and
// the path after it.
func afterFault(g explore.Graph, e faultEdge, length uint64, after explore.NodePath) AfterFault {
	w := explore.StemTo(g, e.from)
	w.Extend(explore.NodePath{Nodes: []uint64{e.from, e.to}, Steps: []uint32{e.index}})
	w.Extend(after)
	return AfterFault{Length: length, Witness: w}
}

// FromFirstFault measures with labels (steps, or a weighted measure's) from the targets of
// the first faults.
func FromFirstFault(g explore.Graph, l *Labels, labels *par.Cells, weight func(explore.Edge) uint32, budget byte) AfterFault {
	var best *faultEdge
	var length uint64
	for _, e := range faultEdges(g, budget, true) {
		if v := labels.Get(e.to); v != par.CellUnknown && v != labels.Bad() && (best == nil || uint64(v-1) > length) {
			best, length = &e, uint64(v-1)
		}
	}
	if best == nil {
		return AfterFault{}
	}
	return afterFault(g, *best, length, TightPath(g, l.Steps, labels, weight, best.to))
}

// FromLastFault is the longest fault-free execution from a target of any fault to a
// legitimate node.
func FromLastFault(ctx context.Context, g explore.Graph, legit par.Bitmap) (AfterFault, error) {
	ff := &faultFree{ctx: ctx, x: explore.NewExpander(g), legit: legit, memo: map[uint64]uint64{}, onStack: map[uint64]bool{}}
	var best *faultEdge
	var length uint64
	for _, e := range faultEdges(g, 0, false) {
		v, err := ff.longest(e.to)
		if err != nil {
			return AfterFault{}, err
		}
		if best == nil || v > length {
			best, length = &e, v
		}
	}
	if best == nil {
		return AfterFault{}, nil
	}
	return afterFault(g, *best, length, faultFreeTight(ff.x, ff.memo, legit, best.to)), nil
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
