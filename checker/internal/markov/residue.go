package markov

import (
	"math/big"
	"math/bits"
)

// isPrime is trial division, enough for the primes just below 2^31 the solver draws.
func isPrime(p uint64) bool {
	if p < 2 || p%2 == 0 {
		return p == 2
	}
	for d := uint64(3); d*d <= p; d += 2 {
		if p%d == 0 {
			return false
		}
	}
	return true
}

func powMod(a, e, p uint64) uint64 {
	r := uint64(1)
	for a %= p; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * a % p
		}
		a = a * a % p
	}
	return r
}

// ratMod is r modulo p, and false when its denominator vanishes modulo p.
func ratMod(r *big.Rat, p uint64, t *big.Int) (uint64, bool) {
	bp := new(big.Int).SetUint64(p)
	den := t.Mod(r.Denom(), bp).Uint64()
	if den == 0 {
		return 0, false
	}
	num := t.Mod(r.Num(), bp).Uint64() // Mod is Euclidean: never negative
	return num * powMod(den, p-2, p) % p, true
}

// modP solves the system modulo p by Gaussian elimination, and reports false when p divides
// a denominator or the matrix is singular modulo p.
func (s *system) modP(p uint64) ([]uint64, bool) {
	n := len(s.b)
	w := n + 1
	a := make([]uint64, n*w)
	t := new(big.Int)
	for i := range n {
		row := a[i*w : (i+1)*w]
		var ok bool
		if row[i], ok = ratMod(s.diag[i], p, t); !ok {
			return nil, false
		}
		for _, e := range s.off[i] {
			v, ok := ratMod(e.p, p, t)
			if !ok {
				return nil, false
			}
			row[e.col] = (row[e.col] + p - v) % p
		}
		if row[n], ok = ratMod(s.b[i], p, t); !ok {
			return nil, false
		}
	}
	br := newBarrett(p)
	for k := range n {
		piv := k
		for piv < n && a[piv*w+k] == 0 {
			piv++
		}
		if piv == n {
			return nil, false
		}
		if piv != k {
			for j := k; j < w; j++ {
				a[k*w+j], a[piv*w+j] = a[piv*w+j], a[k*w+j]
			}
		}
		rk := a[k*w : (k+1)*w]
		inv := powMod(rk[k], p-2, p)
		for j := k; j < w; j++ {
			rk[j] = rk[j] * inv % p
		}
		for i := k + 1; i < n; i++ {
			ri := a[i*w : (i+1)*w]
			f := ri[k]
			if f == 0 {
				continue
			}
			g := p - f
			for j := k; j < w; j++ {
				ri[j] = br.reduce(ri[j] + g*rk[j])
			}
		}
	}
	x := make([]uint64, n)
	for i := n - 1; i >= 0; i-- {
		v := a[i*w+n]
		for j := i + 1; j < n; j++ {
			v = (v + (p-a[i*w+j])*x[j]) % p
		}
		x[i] = v
	}
	return x, true
}

// crt folds residues r modulo p into acc modulo mod, and multiplies mod by p.
func crt(acc []*big.Int, mod *big.Int, r []uint64, p uint64) {
	bp := new(big.Int).SetUint64(p)
	inv := new(big.Int).ModInverse(new(big.Int).Mod(mod, bp), bp) // mod·inv ≡ 1 (p)
	t := new(big.Int)
	for i, x := range acc {
		// x' = x + mod·((r - x)·inv mod p)
		t.Mod(x, bp)
		t.Sub(new(big.Int).SetUint64(r[i]), t)
		t.Mul(t, inv)
		t.Mod(t, bp)
		t.Mul(t, mod)
		x.Add(x, t)
	}
	mod.Mul(mod, bp)
}

// reconstruct finds, for each residue, the rational a/b with |a|, b ≤ √(mod/2) congruent to it
// (Wang's algorithm: the extended Euclidean algorithm stopped halfway), or nil if one has none.
func reconstruct(acc []*big.Int, mod *big.Int) []*big.Rat {
	bound := new(big.Int).Sqrt(new(big.Int).Rsh(mod, 1))
	out := make([]*big.Rat, len(acc))
	for i, a := range acc {
		r0, r1 := new(big.Int).Set(mod), new(big.Int).Set(a)
		s0, s1 := new(big.Int), big.NewInt(1)
		q, t := new(big.Int), new(big.Int)
		for r1.Cmp(bound) > 0 {
			q.Quo(r0, r1)
			t.Mul(q, r1)
			r0, r1 = r1, t.Sub(r0, t)
			t = new(big.Int)
			t.Mul(q, s1)
			s0, s1 = s1, t.Sub(s0, t)
			t = new(big.Int)
		}
		if s1.Sign() == 0 || new(big.Int).Abs(s1).Cmp(bound) > 0 {
			return nil
		}
		if new(big.Int).GCD(nil, nil, r1, new(big.Int).Abs(s1)).Cmp(big.NewInt(1)) != 0 {
			return nil
		}
		out[i] = new(big.Rat).SetFrac(r1, s1)
	}
	return out
}

// barrett reduces numbers below 2^63 modulo p < 2^31 with a multiplication instead of a
// division (Barrett reduction): the elimination's inner loop is one multiply-add and one
// reduction a cell, and a 64-bit division costs several times a multiplication.
type barrett struct{ p, m uint64 }

func newBarrett(p uint64) barrett { return barrett{p, ^uint64(0) / p} }

func (b barrett) reduce(x uint64) uint64 {
	q, _ := bits.Mul64(x, b.m)
	r := x - q*b.p
	if r >= b.p {
		r -= b.p
	}
	return r
}
