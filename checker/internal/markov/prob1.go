package markov

import (
	"context"

	"github.com/mc-checker/mc/checker/internal/par"
)

// AlmostSure is the qualitative analysis: which reached nodes reach the legitimate set with
// probability 1 under every scheduler.
type AlmostSure struct {
	// Avoid is the set from which some scheduler avoids the legitimate set forever, surely
	// (the greatest set of illegitimate nodes each of which is a deadlock or has a choice
	// whose every outcome stays in the set): the union of the traps.
	Avoid par.Bitmap
	// Bad is the set from which some scheduler avoids the legitimate set with positive
	// probability: the nodes with a path into Avoid outside the legitimate set. Convergence
	// with probability 1 holds iff no reached node is bad.
	Bad par.Bitmap
	// BadCount is the number of bad nodes; AvoidCount of avoiding ones.
	BadCount, AvoidCount uint64
}

// NoChoice marks a deadlock in AlmostSure.Stay.
const NoChoice = ^uint64(0)

// Prob1 computes, for every reached node, whether every scheduler reaches legit with
// probability 1 (Baier and Katoen, Principles of Model Checking, 10.6: the complement of the
// nodes that can reach, outside legit, an end component or a deadlock that avoids it). For a
// Markov chain it is "every reachable node can reach legit".
func Prob1(ctx context.Context, m *MDP, legit par.Bitmap) *AlmostSure {
	m.reverse()
	n := m.Nodes
	avoid := par.NewBitmap(n)
	outside := make([]uint32, len(m.First)) // per choice: outcomes outside avoid
	good := make([]uint32, n)               // per node: choices with none outside
	var queue []uint64
	for u := range n {
		if m.Reached.Has(u) && !legit.Has(u) {
			avoid.Set(u)
		}
	}
	for u := range n {
		if !avoid.Has(u) {
			continue
		}
		for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
			for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
				if !avoid.Has(uint64(m.To[j])) {
					outside[c]++
				}
			}
			if outside[c] == 0 {
				good[u]++
			}
		}
		if good[u] == 0 && m.Choices[u+1] > m.Choices[u] {
			queue = append(queue, u)
		}
	}
	// Remove, until none is left, the nodes whose every choice may leave the set.
	for len(queue) > 0 && ctx.Err() == nil {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		avoid[v/64] &^= 1 << (v % 64)
		for k := m.revAt[v]; k < m.revAt[v+1]; k++ {
			c := m.rev[k]
			u := uint64(m.owner[c])
			if outside[c]++; outside[c] == 1 && avoid.Has(u) {
				if good[u]--; good[u] == 0 {
					queue = append(queue, u)
				}
			}
		}
	}
	r := &AlmostSure{Avoid: avoid}
	r.Bad = m.backward(avoid, legit)
	r.BadCount, r.AvoidCount = r.Bad.Count(), avoid.Count()
	return r
}

// backward is the set of nodes with a path into from that stays outside legit.
func (m *MDP) backward(from, legit par.Bitmap) par.Bitmap {
	bad := par.NewBitmap(m.Nodes)
	var stack []uint64
	from.Each(func(v uint64) {
		bad.Set(v)
		stack = append(stack, v)
	})
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for k := m.revAt[v]; k < m.revAt[v+1]; k++ {
			u := uint64(m.owner[m.rev[k]])
			if !legit.Has(u) && !bad.Has(u) {
				bad.Set(u)
				stack = append(stack, u)
			}
		}
	}
	return bad
}

// StayChoice is a choice of u, a node of avoid, whose outcomes all stay in avoid, or
// NoChoice for a deadlock.
func (m *MDP) StayChoice(u uint64, avoid par.Bitmap) uint64 {
	for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
		stays := true
		for j := m.Outcomes[c]; j < m.Outcomes[c+1] && stays; j++ {
			stays = avoid.Has(uint64(m.To[j]))
		}
		if stays {
			return c
		}
	}
	return NoChoice
}

// Trap is the set of nodes reached from entry when the scheduler takes StayChoice at every
// node and the coins do anything: closed under every outcome of those choices and outside
// legit. It lists the nodes in BFS order from entry, with the choice taken at each.
func (m *MDP) Trap(entry uint64, avoid par.Bitmap) (nodes, choices []uint64) {
	seen := par.NewBitmap(m.Nodes)
	seen.Set(entry)
	nodes = []uint64{entry}
	for i := 0; i < len(nodes); i++ {
		c := m.StayChoice(nodes[i], avoid)
		choices = append(choices, c)
		if c == NoChoice {
			continue
		}
		for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
			if v := uint64(m.To[j]); !seen.Has(v) {
				seen.Set(v)
				nodes = append(nodes, v)
			}
		}
	}
	return nodes, choices
}
