package reference

// fairCycle reports whether an execution can stay forever, weakly fairly, among the states
// outside in: some strongly connected set C of them (states that reach each other through
// such states, with an edge inside) where every fairness unit (a process by default) is
// disabled in some state of C or served on some edge inside C. A maximal component is such a
// set if any of its subsets is: a unit enabled throughout the component and served on none of
// its edges is so in every subset.
func fairCycle(g *graph, in []bool) bool {
	for _, comp := range g.components(in) {
		if fairComponent(g, comp) {
			return true
		}
	}
	return false
}

// components lists the strongly connected components of the states outside in, by
// Kosaraju's two passes (the checker uses Tarjan's algorithm): the states in order of
// completion of a depth-first search, then the components of the reversed graph in reverse
// order of completion. Both searches are iterative.
func (g *graph) components(in []bool) [][]int {
	n := len(g.states)
	rev := make([][]int, n)
	for u := range n {
		for _, a := range g.adj[u] {
			if !in[u] && !in[a.to] {
				rev[a.to] = append(rev[a.to], u)
			}
		}
	}
	var order []int
	seen := make([]bool, n)
	type frame struct{ u, next int }
	for root := range n {
		if in[root] || seen[root] {
			continue
		}
		seen[root] = true
		stack := []frame{{root, 0}}
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next < len(g.adj[f.u]) {
				v := g.adj[f.u][f.next].to
				f.next++
				if !in[v] && !seen[v] {
					seen[v] = true
					stack = append(stack, frame{v, 0})
				}
				continue
			}
			order = append(order, f.u)
			stack = stack[:len(stack)-1]
		}
	}
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
	}
	var comps [][]int
	for i := len(order) - 1; i >= 0; i-- {
		if comp[order[i]] >= 0 {
			continue
		}
		c := len(comps)
		members := []int{order[i]}
		comp[order[i]] = c
		for k := 0; k < len(members); k++ {
			for _, w := range rev[members[k]] {
				if comp[w] < 0 {
					comp[w] = c
					members = append(members, w)
				}
			}
		}
		comps = append(comps, members)
	}
	return comps
}

// internal reports whether some edge joins two states of comp.
func (g *graph) internal(comp []int) bool {
	in := map[int]bool{}
	for _, v := range comp {
		in[v] = true
	}
	for _, v := range comp {
		for _, a := range g.adj[v] {
			if in[a.to] {
				return true
			}
		}
	}
	return false
}

// fairComponent decides whether a component holds a weakly fair cycle.
func fairComponent(g *graph, comp []int) bool {
	in := map[int]bool{}
	for _, v := range comp {
		in[v] = true
	}
	everywhere := ^uint64(0)
	var moved uint64
	internal := false
	for _, v := range comp {
		everywhere &= g.units[v]
		for _, a := range g.adj[v] {
			if in[a.to] {
				internal, moved = true, moved|a.movers
			}
		}
	}
	return internal && everywhere&^moved == 0
}
