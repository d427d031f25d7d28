package prob

import (
	"fmt"
	"math/big"
	"math/bits"
)

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

// Fraction is num/den in lowest terms (0 < num <= den): a weighted choice's outcome.
func Fraction(num, den uint64) Prob { return Prob{num, den}.reduced() }

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
