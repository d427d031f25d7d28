package analysis

import (
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
)

// The strict reading of convergence: an execution starts in an initial configuration and ends
// at its first legitimate one. Labels already measure every node's executions up to their
// first legitimate node (legitimate nodes are leaves of the search), so an initial node is bad
// iff an execution from it avoids the legitimate set forever. Bad nodes that executions from
// the initial ones reach only through the legitimate set do not count.

// FirstBadInitial is the smallest initial node labelled bad, found by the workers.
func FirstBadInitial(g explore.Graph, l *Labels, workers int) (uint64, bool) {
	id := par.First(g.Size(), workers, func(id uint64) bool { return l.IsBad(id) && g.Initial(id) })
	return id, id != par.NoNode
}

// StrictRegion is the set of nodes an execution from an initial node reaches before any
// legitimate one and from which it can still avoid the legitimate set forever: the bad nodes
// reachable from bad initial nodes through bad nodes (every node on such a path is bad).
func StrictRegion(g explore.Graph, l *Labels) par.Bitmap {
	region := par.NewBitmap(g.Size())
	x := explore.NewExpander(g)
	var queue []uint64
	for id := uint64(0); id < g.Size(); id++ {
		if g.Initial(id) && l.IsBad(id) && region.Claim(id) {
			queue = append(queue, id)
		}
	}
	for len(queue) > 0 {
		u := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, e := range x.Edges(u) {
			if l.IsBad(e.To) && region.Claim(e.To) {
				queue = append(queue, e.To)
			}
		}
	}
	return region
}

// DeadlockIn is the smallest node of region without successors.
func DeadlockIn(g explore.Graph, region par.Bitmap) (uint64, bool) {
	x := explore.NewExpander(g)
	for id := uint64(0); id < g.Size(); id++ {
		if region.Has(id) && g.Expanded(id) && len(x.Edges(id)) == 0 {
			return id, true
		}
	}
	return par.NoNode, false
}

// StemWithin is a shortest path to id from the first initial node of region (in id order)
// that reaches it through region.
func StemWithin(g explore.Graph, region par.Bitmap, id uint64) explore.NodePath {
	x := explore.NewExpander(g)
	target := func(v uint64) bool { return v == id }
	for from := uint64(0); from < g.Size(); from++ {
		if g.Initial(from) && region.Has(from) {
			if p, ok := explore.ShortestPath(x, from, region.Has, target, false); ok {
				return p
			}
		}
	}
	return explore.NodePath{Nodes: []uint64{id}}
}
