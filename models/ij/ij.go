// Package ij is Israeli and Jalfon's randomized self-stabilizing token ring (Israeli and
// Jalfon, "Token management schemes and random walks yield self-stabilizing mutual exclusion",
// PODC 1990), as PRISM's case study "Israeli-Jalfon's self-stabilising algorithm" writes it: n
// processes on a bidirectional ring, each with one bit q_p, set when p holds a token. Under the
// central daemon, the scheduler picks a process with a token, which passes it to its left or
// to its right neighbour with probability 1/2 each (q_p := 0, and the neighbour's q := 1: two
// tokens that meet merge into one). Only token holders are enabled. The legitimate
// configurations have exactly one token.
//
// # The initial set
//
// No step creates a token or destroys the last one, so the configuration without a token is a
// deadlock that the protocol never enters nor leaves: PRISM excludes it (init num_tokens ≥ 1),
// and so does this model. Daemonize the ring with model.Where(r.AtLeastOneToken), or start it
// from model.From(r.Initial()), the same 2^n − 1 configurations listed.
//
// # The encoding: network variables
//
// A move writes its neighbour's bit, which the contract of model.Protocol forbids a
// process-owned variable: a statement writes only what its process owns. PRISM meets the same
// obstacle and makes the bits global ("global because they can be updated by other
// processes"); so does this model: each q_p is a network variable (channel.DeclareNetwork:
// owned by no process, read and written by every one). No encoding with process-owned variables is
// faithful, one configuration of the model per configuration of the protocol: a move of p
// writes only p's variables, and from a configuration where p's two outcomes differ, p's
// variables take three distinct values (before, after passing left, after passing right), so a
// ring whose processes own all the variables has at least 3^n configurations, not 2^n. An
// unfaithful one (tokens pulled rather than pushed, or counted in more states than there are
// token configurations) changes the protocol, or the uniform average the expected-time check
// reports over the initial configurations.
//
// What network variables cost:
//
//   - The central daemon only: one move per step is what keeps two moves from writing one
//     bit (two holders passing to one process, say). Under the other daemons the lint
//     (model.WithLint) reports two moves that write one variable; the catalogue entry is
//     asynchronous, so mc refuses them.
//   - The lint checks that a move's writes compose; it cannot check whom a move reads or
//     writes, since every process may read and write a network variable. Neighbors still
//     declares the two neighbours a move reads and writes.
//   - No rotation symmetry, though the protocol is invariant under rotation: symmetry.ByRotation
//     asks for every variable owned by a process and for every configuration initial, and this
//     model has neither. RotationBlock is therefore not declared.
//
// # Expected time
//
// Let g_1, …, g_k be the gaps between consecutive tokens (their sum is n). A move changes two
// adjacent gaps by +1 and −1, in either order with probability 1/2, and a merge drops a gap
// of 0: the sum of the squared gaps grows by exactly 2 in expectation at every step, whatever
// the scheduler, and it is n² at one token. So the expected number of steps to one token is
// (n² − Σ g_i²)/2 under every scheduler: the maximum and the minimum over schedulers agree,
// the worst configuration is a token at every process, n(n − 1)/2 steps, and two tokens at
// distance d take d(n − d). bench/ij.py, which solves the decision process exactly by policy
// iteration and shares no code with mc, finds the same.
package ij

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
	"github.com/mc-checker/mc/checker/model/prob"
)

// Ring is Israeli and Jalfon's ring of n processes.
type Ring struct {
	n      int
	schema *model.Schema
}

// Pass is the one rule: a token holder passes its token to a neighbour.
const Pass = 0

// The outcomes of Pass, as Fire reads Move.Outcome.
const (
	Left  = 0 // the token goes to process p − 1
	Right = 1 // the token goes to process p + 1
)

// New builds the ring; n ≥ 3 (on two processes the left and the right neighbour are one).
func New(n int) (*Ring, error) {
	if n < 3 {
		return nil, fmt.Errorf("Israeli and Jalfon's ring needs at least 3 processes, not %d", n)
	}
	b := model.NewBuilder(n)
	for p := range n {
		channel.DeclareNetwork(b, fmt.Sprintf("q%d", p), model.Range(2))
	}
	s, err := b.Schema()
	return &Ring{n: n, schema: s}, err
}

func (r *Ring) Schema() *model.Schema { return r.schema }

// Neighbors are the left and the right neighbour, whose bits a move may write.
func (r *Ring) Neighbors(p int) []int { return []int{r.left(p), r.right(p)} }
func (r *Ring) left(p int) int        { return (p + r.n - 1) % r.n }
func (r *Ring) right(p int) int       { return (p + 1) % r.n }
func (r *Ring) RuleName(_, _ int) string {
	return "pass"
}

// Token reports whether p holds a token in s.
func (r *Ring) Token(s model.State, p int) bool { return s[p] == 1 }

// Enabled: a token holder may pass its token.
func (r *Ring) Enabled(s model.State, p int, dst []int) []int {
	if r.Token(s, p) {
		return append(dst, Pass)
	}
	return dst
}

// Chances: a fair coin, Left or Right.
func (r *Ring) Chances(_ model.State, _, _ int, dst []prob.Prob) []prob.Prob {
	return append(dst, prob.Coin...)
}

// Fire passes each mover's token to the neighbour its outcome names. It is meant for one move
// a step (the central daemon): two moves may write one bit.
func (r *Ring) Fire(_ model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		to := r.left(m.Proc)
		if m.Outcome == Right {
			to = r.right(m.Proc)
		}
		next[m.Proc], next[to] = 0, 1
	}
}

// Tokens counts the tokens of s.
func (r *Ring) Tokens(s model.State) int {
	k := 0
	for p := range r.n {
		if r.Token(s, p) {
			k++
		}
	}
	return k
}

// OneToken is the legitimate set.
func (r *Ring) OneToken(s model.State) bool { return r.Tokens(s) == 1 }

// AtLeastOneToken is the initial set, a predicate for model.Where.
func (r *Ring) AtLeastOneToken(s model.State) bool { return r.Tokens(s) >= 1 }

// Initial lists the initial set, the 2^n − 1 configurations with at least one token, for
// model.From.
func (r *Ring) Initial() []model.State {
	var out []model.State
	for x := 1; x < 1<<r.n; x++ {
		s := r.schema.NewState()
		for p := range r.n {
			s[p] = byte(x >> p & 1)
		}
		out = append(out, s)
	}
	return out
}
