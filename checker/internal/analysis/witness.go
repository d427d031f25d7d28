package analysis

import (
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// The counterexamples and witnesses of the convergence analyses, built from the labels of
// Longest. Each is deterministic: it starts from the smallest node id that qualifies and
// follows successors in step order.

// FirstBad is the smallest node labelled bad, found by the workers.
func FirstBad(g explore.Graph, l *Labels, workers int) uint64 {
	return par.First(g.Size(), workers, l.IsBad)
}

// AvoidingTrace is a shortest-stem counterexample to convergence from the bad node s0: a path
// to a deadlock, or a lasso whose loop avoids the legitimate set. A walk that always takes the
// first bad successor must end in a deadlock or repeat a node c; the trace is then the shortest
// path to that deadlock, or the shortest path to c followed by the shortest loop through c.
func AvoidingTrace(g explore.Graph, l *Labels, s0 uint64) *model.Trace {
	x := explore.NewExpander(g)
	isBad := l.IsBad
	seen := map[uint64]bool{}
	c := s0
	for !seen[c] {
		seen[c] = true
		next := par.NoNode
		for _, e := range x.Edges(c) {
			if isBad(e.To) {
				next = e.To
				break
			}
		}
		if next == par.NoNode { // c is a deadlock
			path, _ := explore.ShortestPath(x, s0, isBad, func(id uint64) bool { return id == c }, false)
			stem := explore.StemTo(g, s0)
			stem.Extend(path)
			return explore.TraceFromNodes(g, stem.Nodes, stem.Steps, -1)
		}
		c = next
	}
	target := func(id uint64) bool { return id == c }
	toC, _ := explore.ShortestPath(x, s0, isBad, target, false)
	loop, _ := explore.ShortestPath(x, c, isBad, target, true)
	stem := explore.StemTo(g, s0)
	stem.Extend(toC)
	return explore.LassoTrace(g, stem, loop)
}

// WorstWitness is a longest execution from an initial node to the legitimate set, measured by
// labels with the given edge weights: from the smallest initial node of maximal label, it
// follows at each node the first edge that keeps the label tight, until a legitimate node
// (steps label 1; the graph outside the legitimate set is acyclic, so the walk ends). The
// workers find the start.
func WorstWitness(g explore.Graph, steps, labels *par.Cells, weight func(explore.Edge) uint32, workers int) (uint64, *model.Trace) {
	best, bestID := par.ArgMax(g.Size(), workers, func(id uint64) uint32 {
		if v := labels.Get(id); v != labels.Bad() && g.Initial(id) {
			return v // CellUnknown is 0: not a candidate
		}
		return 0
	})
	if bestID == par.NoNode {
		return 0, nil
	}
	path := TightPath(g, steps, labels, weight, bestID)
	return uint64(best - 1), explore.TraceFromNodes(g, path.Nodes, path.Steps, -1)
}

// TightPath follows, from node from, the first edge that keeps the label tight at each node,
// to a legitimate node (steps label 1).
func TightPath(g explore.Graph, steps, labels *par.Cells, weight func(explore.Edge) uint32, from uint64) explore.NodePath {
	x := explore.NewExpander(g)
	path := explore.NodePath{Nodes: []uint64{from}}
	for u, v := from, labels.Get(from); steps.Get(u) != 1; {
		tight := false
		for _, e := range x.Edges(u) {
			if w := weight(e); labels.Get(e.To)+w == v {
				path.Nodes = append(path.Nodes, e.To)
				path.Steps = append(path.Steps, e.Index)
				u, v, tight = e.To, v-w, true
				break
			}
		}
		if !tight { // labels inconsistent with the graph: replay validation reports it
			break
		}
	}
	return path
}
