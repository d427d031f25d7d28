package markov

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// Barrett reduction agrees with the remainder on random numbers below 2^63, for primes near
// 2^31 and small ones.
func TestBarrett(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, p := range []uint64{2, 3, 65537, 1<<31 - 1, primesBelow31()[100]} {
		b := newBarrett(p)
		for range 10000 {
			x := r.Uint64() >> 1
			if got := b.reduce(x); got != x%p {
				t.Fatalf("p=%d: %d reduces to %d, want %d", p, x, got, x%p)
			}
		}
	}
}

// Rational reconstruction recovers fractions whose numerator and denominator are below the
// square root of half the modulus.
func TestReconstruct(t *testing.T) {
	mod := new(big.Int).SetUint64(1<<31 - 1)
	mod.Mul(mod, new(big.Int).SetUint64(primesBelow31()[1]))
	for _, f := range []string{"0", "1", "4/3", "-7/5", "192/11", "1000/999"} {
		want, _ := new(big.Rat).SetString(f)
		residue := new(big.Int).ModInverse(want.Denom(), mod)
		residue.Mul(residue, want.Num())
		residue.Mod(residue, mod)
		got := reconstruct([]*big.Int{residue}, mod)
		if got == nil || got[0].Cmp(want) != 0 {
			t.Errorf("%s: reconstructed %v", f, got)
		}
	}
}

// The modular solver solves a small system exactly: x0 = 1 + x1/2, x1 = 1 + x0/3 has
// x0 = 9/5, x1 = 8/5.
func TestSolveModular(t *testing.T) {
	sys := newSystem(2)
	sys.diag[0], sys.diag[1] = big.NewRat(1, 1), big.NewRat(1, 1)
	sys.off[0] = []entry{{1, big.NewRat(1, 2)}}
	sys.off[1] = []entry{{0, big.NewRat(1, 3)}}
	sys.b[0].SetInt64(1)
	sys.b[1].SetInt64(1)
	x, _, err := sys.solveModular(t.Context(), 8, 2)
	if err != nil || x[0].RatString() != "9/5" || x[1].RatString() != "8/5" {
		t.Fatalf("%v %v", x, err)
	}
}
