package reference

import "github.com/mc-checker/mc/checker/model"

// fairCycle reports whether an execution can stay forever, weakly fairly, among illegitimate
// states: some strongly connected set C of them (states that reach each other through
// illegitimate states, with an edge inside) where every fairness unit (a process by default) is disabled in
// some state of C or served on some edge inside C. Components are computed from mutual reachability, in
// O(n·(n+m)).
func fairCycle(g *graph, inL []bool, procs model.Fairness) bool {
	n := len(g.states)
	reach := make([][]bool, n)
	for u := range n {
		if !inL[u] {
			reach[u] = g.reachOutside(u, inL)
		}
	}
	seen := make([]bool, n)
	for u := range n {
		if inL[u] || seen[u] {
			continue
		}
		var comp []int
		for v := range n {
			if !inL[v] && reach[u][v] && reach[v][u] {
				comp, seen[v] = append(comp, v), true
			}
		}
		if fairComponent(g, comp, procs) {
			return true
		}
	}
	return false
}

// reachOutside marks the states reachable from u in one step or more through illegitimate
// states.
func (g *graph) reachOutside(u int, inL []bool) []bool {
	out := make([]bool, len(g.states))
	queue := []int{u}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, a := range g.adj[v] {
			if !inL[a.to] && !out[a.to] {
				out[a.to] = true
				queue = append(queue, a.to)
			}
		}
	}
	return out
}

// fairComponent decides whether a component holds a weakly fair cycle.
func fairComponent(g *graph, comp []int, procs model.Fairness) bool {
	in := map[int]bool{}
	for _, v := range comp {
		in[v] = true
	}
	everywhere := ^uint64(0)
	var moved uint64
	internal := false
	for _, v := range comp {
		everywhere &= procs.EnabledUnits(g.states[v])
		for _, a := range g.adj[v] {
			if in[a.to] {
				internal, moved = true, moved|a.movers
			}
		}
	}
	return internal && everywhere&^moved == 0
}
