package model

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Randomized protocols: a statement may draw from a distribution (a fair coin, a uniform
// choice among k values). Under the synchronous daemon such a protocol is a Markov chain;
// under the others a Markov decision process, whose nondeterminism is the daemon's choice and
// whose probabilities are the coins'. The daemon's model enumerates every outcome as a step of
// its own, so the deterministic checks see a coin's outcomes as so many successors; each step
// also carries its Choice (the daemon's choice it is an outcome of) and its Prob (the
// outcome's probability given that choice), which the probabilistic checks read.

// Prob is an exact probability Num/Den in lowest terms. The zero Prob stands for 1: the
// certain outcome of a deterministic step, so models that know nothing of coins need not set
// it.
type Prob struct{ Num, Den uint64 }

// Half is a fair coin's side.
var Half = Prob{1, 2}

// Coin is a fair coin's two outcomes, 0 and 1.
var Coin = []Prob{Half, Half}

// Uniform is the distribution of k equally likely outcomes.
func Uniform(k int) []Prob {
	out := make([]Prob, k)
	for i := range out {
		out[i] = Prob{1, uint64(k)}.reduced()
	}
	return out
}

// Certain reports whether p is 1.
func (p Prob) Certain() bool { return p.Den == 0 || p.Num == p.Den }

// Rat is p as an exact rational.
func (p Prob) Rat() *big.Rat {
	if p.Den == 0 {
		return big.NewRat(1, 1)
	}
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(p.Num), new(big.Int).SetUint64(p.Den))
}

// Float is p as the nearest float64.
func (p Prob) Float() float64 {
	if p.Den == 0 {
		return 1
	}
	return float64(p.Num) / float64(p.Den)
}

func (p Prob) String() string {
	if p.Certain() {
		return "1"
	}
	return fmt.Sprintf("%d/%d", p.Num, p.Den)
}

func (p Prob) reduced() Prob {
	if p.Den == 0 {
		return Prob{1, 1}
	}
	g := gcd(p.Num, p.Den)
	return Prob{p.Num / g, p.Den / g}
}

// Times is p·q in lowest terms, and false if its denominator passes 64 bits.
func (p Prob) Times(q Prob) (Prob, bool) {
	p, q = p.reduced(), q.reduced()
	// Cross-reduce first, so that products that fit are found to fit.
	g1, g2 := gcd(p.Num, q.Den), gcd(q.Num, p.Den)
	hn, num := bits.Mul64(p.Num/g1, q.Num/g2)
	hd, den := bits.Mul64(p.Den/g2, q.Den/g1)
	return Prob{num, den}, hn == 0 && hd == 0
}

// Plus is p+q in lowest terms, and false if a term passes 64 bits.
func (p Prob) Plus(q Prob) (Prob, bool) {
	p, q = p.reduced(), q.reduced()
	g := gcd(p.Den, q.Den)
	hi1, a := bits.Mul64(p.Num, q.Den/g)
	hi2, b := bits.Mul64(q.Num, p.Den/g)
	num, carry := bits.Add64(a, b, 0)
	hi3, den := bits.Mul64(p.Den, q.Den/g)
	if hi1|hi2|carry|hi3 != 0 {
		return Prob{}, false
	}
	return Prob{num, den}.reduced(), true
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

// Randomized is implemented by protocols some of whose statements draw at random. Fire reads
// the outcome drawn in Move.Outcome (0 for a deterministic rule).
type Randomized interface {
	// Chances appends to dst the probabilities of the outcomes of rule r of process p in s,
	// numbered as Fire reads Move.Outcome, and returns it. None or one outcome: the rule is
	// deterministic. The probabilities must be positive and add up to exactly 1 (the daemon's
	// model reports a distribution that does not as a breach of the contract). Like Enabled,
	// it is a pure function of s, reading what the rule's guard may read.
	Chances(s State, p, r int, dst []Prob) []Prob
}

// checkChances returns an error unless probs is a distribution: positive, adding up to 1.
func checkChances(probs []Prob) error {
	sum := new(big.Rat)
	for _, p := range probs {
		if p.Den == 0 && p.Num == 0 { // the zero Prob: 1
			p = Prob{1, 1}
		}
		if p.Den == 0 || p.Num == 0 || p.Num > p.Den {
			return fmt.Errorf("outcome probability %d/%d is not in (0, 1]", p.Num, p.Den)
		}
		sum.Add(sum, p.Rat())
	}
	if len(probs) > 0 && sum.Cmp(big.NewRat(1, 1)) != 0 {
		return fmt.Errorf("outcome probabilities add up to %s, not 1", sum.RatString())
	}
	return nil
}

// based is a model over another whose daemon it keeps, as a symmetry reduction is.
type based interface{ Base() Model }

// scheduled is implemented by models of a protocol under a daemon: Daemon names it.
type scheduled interface {
	Daemon() Daemon
}

// DaemonOf is m's daemon (a quotient's is its base's), and false when m is not a protocol
// under one.
func DaemonOf(m Model) (Daemon, bool) {
	if q, ok := m.(based); ok { // a quotient (symmetry.Quotient): its daemon is its base's
		m = q.Base()
	}
	if s, ok := m.(scheduled); ok {
		return s.Daemon(), true
	}
	return 0, false
}
