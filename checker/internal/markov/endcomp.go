package markov

import (
	"context"

	"github.com/mc-checker/mc/checker/internal/par"
)

// EndComponents are the maximal end components of the reached nodes: sets of nodes, each with
// choices whose every outcome stays in the set, strongly connected under those choices (de
// Alfaro, 1997; Baier and Katoen, Principles of Model Checking, Algorithm 47). Under every
// scheduler an execution ends, with probability 1, in an end component, visiting each of its
// nodes infinitely often under some scheduler: "eventually always P" holds with probability 1
// under every scheduler iff every end component, and every reached deadlock, lies in P.
type EndComponents struct {
	// Comp is each node's component, or -1 for a node in none.
	Comp []int32
	// Stay marks, per choice, those of a component's nodes whose outcomes all stay in it.
	Stay par.Bitmap
}

// MaximalEndComponents decomposes the reached nodes: starting from every choice, it drops the
// choices with an outcome outside their node's strongly connected component (under the
// choices kept) and the nodes left with none, until nothing changes. nil if interrupted.
func MaximalEndComponents(ctx context.Context, m *MDP) *EndComponents {
	stay := par.NewBitmap(m.Choices[m.Nodes])
	alive := par.NewBitmap(m.Nodes)
	for u := range m.Nodes {
		if m.Reached.Has(u) && m.Choices[u+1] > m.Choices[u] {
			alive.Set(u)
			for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
				stay.Set(c)
			}
		}
	}
	for {
		if ctx.Err() != nil {
			return nil
		}
		comp := m.sccsOver(alive, stay)
		changed := false
		for u := range m.Nodes {
			if !alive.Has(u) {
				continue
			}
			kept := 0
			for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
				if !stay.Has(c) {
					continue
				}
				for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
					if v := uint64(m.To[j]); !alive.Has(v) || comp[v] != comp[u] {
						stay.Clear(c)
						changed = true
						break
					}
				}
				if stay.Has(c) {
					kept++
				}
			}
			if kept == 0 {
				alive.Clear(u)
				changed = true
			}
		}
		if !changed {
			for u := range comp {
				if !alive.Has(uint64(u)) {
					comp[u] = -1
				}
			}
			return &EndComponents{Comp: comp, Stay: stay}
		}
	}
}

// sccsOver numbers the strongly connected components of the graph of the alive nodes and the
// outcomes of their choices in stay (Tarjan's algorithm, iterative); -1 for the others.
func (m *MDP) sccsOver(alive, stay par.Bitmap) []int32 {
	const unvisited = ^uint32(0)
	index, low := make([]uint32, m.Nodes), make([]uint32, m.Nodes)
	comp := make([]int32, m.Nodes)
	for i := range index {
		index[i], comp[i] = unvisited, -1
	}
	onStack := make([]bool, m.Nodes)
	var stack []uint64
	type frame struct{ u, c, j uint64 } // the next outcome j of choice c of u
	var calls []frame
	counter, comps := uint32(0), int32(0)
	enter := func(v uint64) {
		index[v], low[v] = counter, counter
		counter++
		stack, onStack[v] = append(stack, v), true
		c := m.Choices[v]
		calls = append(calls, frame{v, c, m.Outcomes[c]})
	}
	for root := range m.Nodes {
		if !alive.Has(root) || index[root] != unvisited {
			continue
		}
		enter(root)
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			u := f.u
			if f.c < m.Choices[u+1] {
				if !stay.Has(f.c) || f.j >= m.Outcomes[f.c+1] {
					f.c++
					if f.c < m.Choices[u+1] {
						f.j = m.Outcomes[f.c]
					}
					continue
				}
				v := uint64(m.To[f.j])
				f.j++
				switch {
				case !alive.Has(v):
				case index[v] == unvisited:
					enter(v)
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
			for {
				w := stack[len(stack)-1]
				stack, onStack[w], comp[w] = stack[:len(stack)-1], false, comps
				if w == u {
					break
				}
			}
			comps++
		}
	}
	return comp
}

// LoopIn is a shortest cycle from u back to u through the choices of u's end component: the
// nodes after u (the last is u) and, per step, the outcome taken. nil if u is in none.
func (e *EndComponents) LoopIn(m *MDP, u uint64) (nodes, outcomes []uint64) {
	k := e.Comp[u]
	if k < 0 {
		return nil, nil
	}
	parent := map[uint64][2]uint64{} // node → the outcome that first reached it, and its owner
	queue := []uint64{u}
	for i := 0; i < len(queue); i++ {
		x := queue[i]
		for c := m.Choices[x]; c < m.Choices[x+1]; c++ {
			if !e.Stay.Has(c) {
				continue
			}
			for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
				v := uint64(m.To[j])
				if _, seen := parent[v]; seen {
					continue
				}
				parent[v] = [2]uint64{j, x}
				if v == u {
					return e.unwind(u, parent)
				}
				queue = append(queue, v)
			}
		}
	}
	return nil, nil
}

// unwind follows parent back from u to u.
func (e *EndComponents) unwind(u uint64, parent map[uint64][2]uint64) (nodes, outcomes []uint64) {
	for v := u; ; {
		p := parent[v]
		nodes, outcomes = append(nodes, v), append(outcomes, p[0])
		if v = p[1]; v == u {
			break
		}
	}
	for i, k := 0, len(nodes)-1; i < k; i, k = i+1, k-1 {
		nodes[i], nodes[k] = nodes[k], nodes[i]
		outcomes[i], outcomes[k] = outcomes[k], outcomes[i]
	}
	return nodes, outcomes
}
