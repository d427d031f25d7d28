package markov

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/mc-checker/mc/checker/internal/par"
)

// Exact holds expected rewards as exact rationals, and the scheduler that attains them.
type Exact struct {
	Value  []*big.Rat // per node; nil for nodes not reached
	Policy []uint64   // per illegitimate reached node, the choice taken (NoChoice elsewhere)
	// Primes is the most primes one block's modular solution needed, Rounds the policy
	// improvements made.
	Primes, Rounds int
}

// ExactLimits bound the exact solution: the nodes of the largest strongly connected block of
// the scheduler's chain (a dense elimination modulo a prime costs its cube), and the primes.
type ExactLimits struct {
	Block   int
	Primes  int
	Workers int        // primes solved at once
	Only    par.Bitmap // solve for these nodes only (nil: every reached one), as Iteration.Only
}

// ErrTooLarge is returned when a block passes ExactLimits.Block.
var ErrTooLarge = errors.New("too large for the exact solution")

// SolveExact computes the expected reward exactly, worst over schedulers: policy iteration
// starting from the choices that are best for hint (the interval iteration's upper bounds),
// each policy's linear system solved block by block in reverse topological order (modulo
// primes, reconstructed as rationals, and verified exactly), until no choice improves on the
// policy. The verification is what makes the result exact: a reconstruction that does not
// satisfy the system exactly is never returned.
func SolveExact(ctx context.Context, m *MDP, legit par.Bitmap, reward Reward, hint []float64, lim ExactLimits) (*Exact, error) {
	x := &Exact{Policy: make([]uint64, m.Nodes)}
	for u := range m.Nodes {
		x.Policy[u] = NoChoice
		if lim.Only == nil || lim.Only.Has(u) {
			x.Policy[u] = m.bestFloat(legit, hint, u, reward)
		}
	}
	for x.Rounds = 0; ; x.Rounds++ {
		if err := x.solvePolicy(ctx, m, legit, reward, lim); err != nil {
			return nil, err
		}
		if !x.improve(m, legit, reward) {
			return x, nil
		}
		if x.Rounds > 256 {
			return nil, fmt.Errorf("%w: policy iteration did not settle in 256 rounds", ErrTooLarge)
		}
	}
}

// bestFloat is the choice of u with the largest reward plus expected hint, or NoChoice.
func (m *MDP) bestFloat(legit par.Bitmap, hint []float64, u uint64, reward Reward) uint64 {
	if !m.Reached.Has(u) || legit.Has(u) || m.Choices[u] == m.Choices[u+1] {
		return NoChoice
	}
	best, bestV := m.Choices[u], -1.0
	for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
		v := m.reward(c, reward)
		for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
			v += m.Prob(j) * (float64(arrival(reward, m.To[j])) + hint[m.To[j]])
		}
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// reward is what choice c pays itself: 1, its moves, or, under an Arrival reward, 0 (the
// cost of each outcome's node is paid with that outcome: see arrival).
func (m *MDP) reward(c uint64, r Reward) float64 {
	switch {
	case r.cost != nil:
		return 0
	case r.moves:
		return float64(m.Moves[c])
	}
	return 1
}

// arrival is the cost a step into v pays under r (0 unless r is an Arrival reward).
func arrival(r Reward, v uint32) int64 {
	if r.cost == nil {
		return 0
	}
	return int64(r.cost[v])
}

// improve switches every node to a choice that is strictly better for the current values,
// and reports whether one was.
func (x *Exact) improve(m *MDP, legit par.Bitmap, reward Reward) bool {
	changed := false
	for u := range m.Nodes {
		c0 := x.Policy[u]
		if c0 == NoChoice || m.Choices[u+1]-m.Choices[u] == 1 {
			continue
		}
		best := x.choiceValue(m, c0, reward)
		for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
			if v := x.choiceValue(m, c, reward); v.Cmp(best) > 0 {
				best, x.Policy[u], changed = v, c, true
			}
		}
	}
	return changed
}

// choiceValue is the reward of choice c plus its outcomes' expected value.
func (x *Exact) choiceValue(m *MDP, c uint64, reward Reward) *big.Rat {
	v := new(big.Rat).SetInt64(int64(m.reward(c, reward)))
	t, w := new(big.Rat), new(big.Rat)
	for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
		w.SetInt64(arrival(reward, m.To[j]))
		v.Add(v, t.Mul(m.Exact(j).Rat(), w.Add(w, x.Value[m.To[j]])))
	}
	return v
}

// solvePolicy solves x = r + P x for the policy's chain, block by block from the sinks up, on
// the branching nodes (the plain ones, one choice of one outcome, are jumps with their path's
// reward, as in the iteration), then fills in the plain nodes.
func (x *Exact) solvePolicy(ctx context.Context, m *MDP, legit par.Bitmap, reward Reward, lim ExactLimits) error {
	sv := m.newSolver(legit, Iteration{Reward: reward, Only: lim.Only})
	x.Value = make([]*big.Rat, m.Nodes)
	branching := make([]uint64, m.Nodes)
	for u := range m.Nodes {
		branching[u] = NoChoice
		switch {
		case !m.Reached.Has(u), lim.Only != nil && !lim.Only.Has(u) && !legit.Has(u):
		case legit.Has(u):
			x.Value[u] = new(big.Rat)
		case x.Policy[u] == NoChoice:
			return fmt.Errorf("node %d is a deadlock outside the legitimate set: its expectation is infinite", u)
		case uint64(sv.jump[u]) == u:
			branching[u] = x.Policy[u]
		}
	}
	var err error
	m.components(branching, sv.jump, func(block []uint64) bool {
		if err = ctx.Err(); err != nil {
			return false
		}
		if len(block) > lim.Block {
			err = fmt.Errorf("%w: a strongly connected block of %d configurations (at most %d)", ErrTooLarge, len(block), lim.Block)
			return false
		}
		var primes int
		primes, err = x.solveBlock(ctx, m, sv, block, reward, lim.Primes, lim.Workers)
		x.Primes = max(x.Primes, primes)
		return err == nil
	})
	if err != nil {
		return err
	}
	for u := range m.Nodes {
		if j := uint64(sv.jump[u]); j != u && m.Reached.Has(u) && x.Value[j] != nil {
			x.Value[u] = new(big.Rat).Add(new(big.Rat).SetInt64(int64(sv.acc[u])), x.Value[j])
		}
	}
	return nil
}
