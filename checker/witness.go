package checker

import "github.com/mc-checker/mc/checker/model"

// The counterexamples and witnesses of the convergence analyses, built from the labels of
// searchLongest. Each is deterministic: it starts from the smallest node id that qualifies and
// follows successors in step order.

// firstBad is the smallest node labelled bad.
func firstBad(g graph, l *longest) uint64 {
	for id := uint64(0); id < g.size(); id++ {
		if l.steps.get(id) == l.steps.bad() {
			return id
		}
	}
	return noNode
}

// avoidingTrace is a shortest-stem counterexample to convergence from the bad node s0: a path
// to a deadlock, or a lasso whose loop avoids the legitimate set. A walk that always takes the
// first bad successor must end in a deadlock or repeat a node c; the trace is then the shortest
// path to that deadlock, or the shortest path to c followed by the shortest loop through c.
func avoidingTrace(g graph, l *longest, s0 uint64) *model.Trace {
	x := newExpander(g)
	isBad := func(id uint64) bool { return l.steps.get(id) == l.steps.bad() }
	seen := map[uint64]bool{}
	c := s0
	for !seen[c] {
		seen[c] = true
		next := noNode
		for _, e := range x.edges(c) {
			if isBad(e.to) {
				next = e.to
				break
			}
		}
		if next == noNode { // c is a deadlock
			path, _ := shortestPath(x, s0, isBad, func(id uint64) bool { return id == c }, false)
			stem := stemTo(g, s0)
			stem.extend(path)
			return traceFromNodes(g, stem.nodes, stem.steps, -1)
		}
		c = next
	}
	target := func(id uint64) bool { return id == c }
	toC, _ := shortestPath(x, s0, isBad, target, false)
	loop, _ := shortestPath(x, c, isBad, target, true)
	stem := stemTo(g, s0)
	stem.extend(toC)
	return lassoTrace(g, stem, loop)
}

// worstWitness is a longest execution from an initial node to the legitimate set, measured by
// labels with the given edge weights: from the smallest initial node of maximal label, it
// follows at each node the first edge that keeps the label tight, until a legitimate node
// (steps label 1; the graph outside the legitimate set is acyclic, so the walk ends).
func worstWitness(g graph, steps, labels *cells, weight func(edge) uint32) (uint64, *model.Trace) {
	best, bestID := uint32(0), noNode
	for id := uint64(0); id < g.size(); id++ {
		if v := labels.get(id); v != cellUnknown && v != labels.bad() && g.initial(id) && v > best {
			best, bestID = v, id
		}
	}
	if bestID == noNode {
		return 0, nil
	}
	x := newExpander(g)
	path := nodePath{nodes: []uint64{bestID}}
	for u, v := bestID, best; steps.get(u) != 1; {
		tight := false
		for _, e := range x.edges(u) {
			if w := weight(e); labels.get(e.to)+w == v {
				path.nodes = append(path.nodes, e.to)
				path.steps = append(path.steps, e.index)
				u, v, tight = e.to, v-w, true
				break
			}
		}
		if !tight { // labels inconsistent with the graph: replay validation reports it
			break
		}
	}
	return uint64(best - 1), traceFromNodes(g, path.nodes, path.steps, -1)
}
