// Package herman is Herman's randomized self-stabilizing token ring (Herman, "Probabilistic
// self-stabilization", IPL 35(2), 1990), as PRISM's case study writes it: n processes on a
// unidirectional ring hold one bit each; process p holds a token when its bit equals its left
// neighbour's. Under the synchronous daemon, every step, a process with a token flips a fair
// coin for its new bit and a process without one copies its left neighbour's bit. The
// legitimate configurations have exactly one token.
//
// On an odd ring the number of tokens is odd (the positions where a bit differs from its left
// neighbour's come in an even number), never grows, and two tokens that meet annihilate:
// every execution reaches one token with probability 1. On an even ring it is even, and no
// configuration is legitimate. With three tokens at distances a, b and c, the expected
// number of steps to one token is 4abc/n (McIver and Morgan, "An elementary proof that
// Herman's ring is Θ(N²)", IPL 94(2), 2005), and three tokens as equally spaced as n allows
// are the worst initial configuration (the McIver–Morgan conjecture, proved by Bruna,
// Grigore, Kiefer, Ouaknine and Worrell, 2016): 4n²/27 when 3 divides n.
//
// The mutant "constant-coin" replaces the coin by a constant 0: a token holder then always
// takes 0, and from all zeros every process keeps a token forever.
package herman

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
)

// Ring is Herman's ring of n processes.
type Ring struct {
	n      int
	schema *model.Schema
	// ConstantCoin is the mutant whose token holder always takes 0 instead of flipping.
	ConstantCoin bool
}

// Rules of a process.
const (
	Flip = iota // with a token: a fair coin for the new bit
	Pass        // without one: copy the left neighbour's bit
)

// New builds the ring; n ≥ 2.
func New(n int) (*Ring, error) {
	if n < 2 {
		return nil, fmt.Errorf("Herman's ring needs at least 2 processes, not %d", n)
	}
	b := model.NewBuilder(n)
	for p := range n {
		b.Var(fmt.Sprintf("x%d", p), model.Owner(p), model.Range(2))
	}
	s, err := b.Schema()
	return &Ring{n: n, schema: s}, err
}

func (r *Ring) Schema() *model.Schema { return r.schema }
func (r *Ring) RotationBlock() int    { return 1 }
func (r *Ring) Neighbors(p int) []int { return []int{r.left(p)} }
func (r *Ring) left(p int) int        { return (p + r.n - 1) % r.n }
func (r *Ring) RuleName(_, rule int) string {
	return [...]string{"flip", "pass"}[rule]
}

// Token reports whether p holds a token in s.
func (r *Ring) Token(s model.State, p int) bool { return s[p] == s[r.left(p)] }

// Enabled: every process moves every step, flipping with a token and passing without.
func (r *Ring) Enabled(s model.State, p int, dst []int) []int {
	if r.Token(s, p) {
		return append(dst, Flip)
	}
	return append(dst, Pass)
}

// Chances: a fair coin for Flip (heads 0, tails 1), none for Pass or for the mutant.
func (r *Ring) Chances(_ model.State, _, rule int, dst []prob.Prob) []prob.Prob {
	if rule == Flip && !r.ConstantCoin {
		return append(dst, prob.Coin...)
	}
	return dst
}

func (r *Ring) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Rule == Flip {
			next[m.Proc] = byte(m.Outcome)
		} else {
			next[m.Proc] = s[r.left(m.Proc)]
		}
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
