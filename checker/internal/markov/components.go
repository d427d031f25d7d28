package markov

// components calls fn with the strongly connected components of the chain the policy
// chooses (nodes with a choice; edges to the outcomes of that choice, each outcome's target
// read through jump), each after every component it leads to (Tarjan's order, sinks first);
// fn returns false to stop. Iterative: a chain of a million nodes would overflow a recursive
// search's stack.
func (m *MDP) components(policy []uint64, jump []uint32, fn func(block []uint64) bool) {
	const unvisited = ^uint32(0)
	index := make([]uint32, m.Nodes)
	low := make([]uint32, m.Nodes)
	for i := range index {
		index[i] = unvisited
	}
	onStack := make([]bool, m.Nodes)
	var stack []uint64
	type frame struct {
		u    uint64
		next uint64 // the next outcome of u's choice to look at
	}
	var calls []frame
	counter := uint32(0)
	for root := range m.Nodes {
		if policy[root] == NoChoice || index[root] != unvisited {
			continue
		}
		calls = append(calls[:0], frame{root, m.Outcomes[policy[root]]})
		index[root], low[root] = counter, counter
		counter++
		stack, onStack[root] = append(stack, root), true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			u, c := f.u, policy[f.u]
			if f.next < m.Outcomes[c+1] {
				v := uint64(jump[m.To[f.next]])
				f.next++
				switch {
				case policy[v] == NoChoice:
				case index[v] == unvisited:
					index[v], low[v] = counter, counter
					counter++
					stack, onStack[v] = append(stack, v), true
					calls = append(calls, frame{v, m.Outcomes[policy[v]]})
				case onStack[v]:
					low[u] = min(low[u], index[v])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].u
				low[p] = min(low[p], low[u])
			}
			if low[u] != index[u] {
				continue
			}
			i := len(stack) - 1
			for stack[i] != u {
				i--
			}
			block := append([]uint64(nil), stack[i:]...)
			for _, v := range block {
				onStack[v] = false
			}
			stack = stack[:i]
			if !fn(block) {
				return
			}
		}
	}
}
