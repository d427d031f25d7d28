package markov

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sync"
)

// primesBelow31 lists the primes below 2^31 the solver draws, from the largest, computed once.
var primesBelow31 = sync.OnceValue(func() []uint64 {
	var out []uint64
	for p := uint64(1<<31 - 1); len(out) < maxPrimes; p-- {
		if isPrime(p) {
			out = append(out, p)
		}
	}
	return out
})

// maxPrimes bounds the primes a block may use: 512 of 31 bits reconstruct fractions whose
// numerator and denominator have about 2,300 digits each.
const maxPrimes = 512

// solveBlock solves the equations of one strongly connected block of the policy's chain,
// x_u = r_u + Σ_v P(u,v)·(acc_v + x_jump(v)), where the values outside the block are known. A single node is
// solved directly; a larger block modulo primes below 2^31, the residues combined by the
// Chinese remainder theorem and reconstructed as rationals (Wang's algorithm), until the
// reconstruction satisfies the equations exactly. It returns the primes used.
func (x *Exact) solveBlock(ctx context.Context, m *MDP, sv *solver, block []uint64, reward Reward, limit, workers int) (int, error) {
	slices.Sort(block)
	local := make(map[uint64]int, len(block))
	for i, u := range block {
		local[u] = i
	}
	sys := newSystem(len(block))
	t := new(big.Rat)
	for i, u := range block {
		c := x.Policy[u]
		sys.b[i].SetInt64(int64(m.reward(c, reward)))
		sys.diag[i] = big.NewRat(1, 1)
		for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
			v, p := uint64(sv.jump[m.To[j]]), m.Exact(j).Rat()
			// The reward along the plain path to v, and the cost of the step into its start.
			if a := sv.acc[m.To[j]] + float64(arrival(reward, m.To[j])); a != 0 {
				sys.b[i].Add(sys.b[i], t.Mul(p, new(big.Rat).SetInt64(int64(a))))
			}
			if k, in := local[v]; in {
				if k == i {
					sys.diag[i].Sub(sys.diag[i], p)
				} else {
					sys.off[i] = append(sys.off[i], entry{k, p})
				}
			} else {
				if x.Value[v] == nil {
					return 0, fmt.Errorf("node %d leads to node %d, which has no value yet", u, v)
				}
				sys.b[i].Add(sys.b[i], t.Mul(p, x.Value[v]))
			}
		}
	}
	if len(block) == 1 {
		if sys.diag[0].Sign() == 0 {
			return 0, fmt.Errorf("node %d never leaves itself", block[0])
		}
		x.Value[block[0]] = new(big.Rat).Quo(sys.b[0], sys.diag[0])
		return 0, nil
	}
	values, primes, err := sys.solveModular(ctx, min(limit, maxPrimes), max(1, workers))
	if err != nil {
		return primes, err
	}
	for i, u := range block {
		x.Value[u] = values[i]
	}
	return primes, nil
}

type entry struct {
	col int
	p   *big.Rat
}

// system is diag[i]·x_i − Σ off[i] p·x_col = b[i].
type system struct {
	diag []*big.Rat
	off  [][]entry
	b    []*big.Rat
}

func newSystem(n int) *system {
	s := &system{diag: make([]*big.Rat, n), off: make([][]entry, n), b: make([]*big.Rat, n)}
	for i := range s.b {
		s.b[i] = new(big.Rat)
	}
	return s
}

// satisfied reports whether x solves the system exactly.
func (s *system) satisfied(x []*big.Rat) bool {
	lhs, t := new(big.Rat), new(big.Rat)
	for i := range s.b {
		lhs.Mul(s.diag[i], x[i])
		for _, e := range s.off[i] {
			lhs.Sub(lhs, t.Mul(e.p, x[e.col]))
		}
		if lhs.Cmp(s.b[i]) != 0 {
			return false
		}
	}
	return true
}

// solveModular solves the system modulo successive primes, and after 1, 2, 3, 4, 6, 8, 12, …
// of them reconstructs rationals and keeps them if they satisfy it exactly.
func (s *system) solveModular(ctx context.Context, limit, workers int) ([]*big.Rat, int, error) {
	n := len(s.b)
	acc := make([]*big.Int, n) // the solution modulo the product of the primes so far
	for i := range acc {
		acc[i] = new(big.Int)
	}
	mod := big.NewInt(1)
	next, used := 1, 0
	primes := primesBelow31()
	for used < limit && len(primes) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, used, err
		}
		// Solve a batch of primes at once, one a worker: the eliminations are independent.
		batch := min(workers, limit-used, len(primes))
		residues := make([][]uint64, batch)
		var wg sync.WaitGroup
		for k := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				residues[k], _ = s.modP(primes[k])
			}()
		}
		wg.Wait()
		for k, r := range residues {
			if r == nil { // a denominator or a pivot vanishes modulo p: an unlucky prime
				continue
			}
			crt(acc, mod, r, primes[k])
			used++
		}
		primes = primes[batch:]
		if used < next {
			continue
		}
		next = max(next+1, next*3/2)
		if x := reconstruct(acc, mod); x != nil && s.satisfied(x) {
			return x, used, nil
		}
	}
	return nil, used, fmt.Errorf("%w: no exact solution reconstructed from %d primes", ErrTooLarge, used)
}
