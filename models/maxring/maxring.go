// Package maxring is maximum propagation on an anonymous bidirectional ring: each process
// holds a value in 0..K-1 and, when a neighbour holds a larger one, takes the largest of its
// neighbours' values. Every execution ends with every value the ring's maximum (values only
// grow), under every daemon. Processes have no identity and read both neighbours alike, so
// the protocol is invariant under rotation (symmetry.Rotational): the model `mc check
// --symmetry rotation` is tested on.
package maxring

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// Ring is maximum propagation on n processes with values 0..k-1; with Copy, a process copies
// its left neighbour's differing value instead (anonymous too, and under the synchronous
// daemon a configuration may rotate forever: the lasso that symmetry must lift).
type Ring struct {
	n      int
	schema *model.Schema
	Copy   bool
}

// New builds the ring; n ≥ 3.
func New(n, k int) (*Ring, error) {
	if n < 3 {
		return nil, fmt.Errorf("a ring needs at least 3 processes, not %d", n)
	}
	b := model.NewBuilder(n)
	for p := range n {
		b.Var(fmt.Sprintf("x%d", p), model.Owner(p), model.Range(k))
	}
	s, err := b.Schema()
	return &Ring{n: n, schema: s}, err
}

func (r *Ring) Schema() *model.Schema { return r.schema }
func (r *Ring) RotationBlock() int    { return 1 }
func (r *Ring) Neighbors(p int) []int { return []int{(p + r.n - 1) % r.n, (p + 1) % r.n} }
func (r *Ring) RuleName(int, int) string {
	return "raise"
}

// largest is the larger neighbour value of p (with Copy, its left neighbour's).
func (r *Ring) largest(s model.State, p int) byte {
	if r.Copy {
		return s[(p+r.n-1)%r.n]
	}
	return max(s[(p+r.n-1)%r.n], s[(p+1)%r.n])
}

func (r *Ring) Enabled(s model.State, p int, dst []int) []int {
	if v := r.largest(s, p); v > s[p] || r.Copy && v != s[p] {
		dst = append(dst, 0)
	}
	return dst
}

func (r *Ring) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[m.Proc] = r.largest(s, m.Proc)
	}
}

// Agreed is the legitimate set: every value the same.
func (r *Ring) Agreed(s model.State) bool {
	for _, x := range s {
		if x != s[0] {
			return false
		}
	}
	return true
}

// NoZero is an invariant that fails (a process may hold 0), for the tests.
func (r *Ring) NoZero(s model.State) bool {
	for _, x := range s {
		if x == 0 {
			return false
		}
	}
	return true
}
