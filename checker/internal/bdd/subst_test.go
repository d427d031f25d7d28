package bdd

import (
	"fmt"
	"testing"
)

// substRing is the ring with current-state variables only: a machine's move is a function,
// so the pre-image of Z is, over machines i and values v, Z with x[i] = v (a cofactor) and
// G[i][v], "machine i is enabled and writes v" — no primed copy, no renaming, no frame.
type substRing struct {
	m            *Manager
	n, k, bits   int
	valid, legit Node
	vals         [][]Node // vals[i][v]: x[i] == v
	cubes        []Node   // cubes[i]: x[i]'s bits
	moves        [][]Node // moves[i][v]: G[i][v]
}

func (r *substRing) is(i, v int) Node {
	c := True
	for b := range r.bits {
		x := r.m.Var(i*r.bits + b)
		if v>>b&1 == 0 {
			x = r.m.Not(x)
		}
		c = r.m.And(c, x)
	}
	return c
}

func newSubstRing(n, k int) *substRing {
	bits := 1
	for 1<<bits < k {
		bits++
	}
	r := &substRing{m: New(n*bits, 1<<16), n: n, k: k, bits: bits}
	m := r.m
	r.vals = make([][]Node, n)
	r.valid = True
	for i := range n {
		in := False
		for v := range k {
			r.vals[i] = append(r.vals[i], r.is(i, v))
			in = m.Or(in, r.vals[i][v])
		}
		r.valid = m.And(r.valid, in)
		var levels []int
		for b := range bits {
			levels = append(levels, i*bits+b)
		}
		r.cubes = append(r.cubes, m.Cube(levels))
	}
	same := func(i, j int) Node {
		c := False
		for v := range k {
			c = m.Or(c, m.And(r.vals[i][v], r.vals[j][v]))
		}
		return c
	}
	guards := []Node{same(0, n-1)}
	for i := 1; i < n; i++ {
		guards = append(guards, m.Not(same(i, i-1)))
	}
	r.legit = m.And(exactlyOne(m, guards), r.valid)
	r.moves = make([][]Node, n)
	for i := range n {
		for v := range k {
			writes := r.vals[i-1+boolInt(i == 0)][v] // machine i > 0 copies x[i-1]
			if i == 0 {
				writes = r.vals[0][(v+k-1)%k] // the bottom writes x[0]+1
			}
			r.moves[i] = append(r.moves[i], m.And(guards[i], writes))
		}
	}
	return r
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (r *substRing) pre(z Node) Node {
	m := r.m
	out := False
	for i := range r.n {
		for v := range r.k {
			after := m.AndExist(z, r.vals[i][v], r.cubes[i]) // z where x[i] = v
			out = m.Or(out, m.And(after, r.moves[i][v]))
		}
	}
	return m.And(out, r.valid)
}

func (r *substRing) roots(more ...Node) []Node {
	out := append([]Node{r.valid, r.legit}, more...)
	for i := range r.n {
		out = append(out, r.cubes[i])
		out = append(out, r.vals[i]...)
		out = append(out, r.moves[i]...)
	}
	return out
}

func (r *substRing) check() (closed, converges bool, worst int, err error) {
	return fixpoints(r.m, r.valid, r.legit, r.pre, r.roots)
}

// The substitution pre-image gives the relation's figures.
func TestSubstitutionFixpoints(t *testing.T) {
	for n, want := range map[int]int{4: 13, 5: 24, 6: 38} {
		closed, conv, worst, err := newSubstRing(n, n).check()
		if !closed || !conv || worst != want || err != nil {
			t.Errorf("n=%d: closure %v, convergence %v, worst %d (want %d), %v", n, closed, conv, worst, want, err)
		}
	}
	if closed, conv, _, _ := newSubstRing(4, 2).check(); !closed || conv {
		t.Errorf("n=4 K=2: closure %v, convergence %v", closed, conv)
	}
}

// go test ./checker/internal/bdd -run XXX -bench SubstitutionFixpoints -benchtime 1x
func BenchmarkSubstitutionFixpoints(b *testing.B) {
	for _, n := range []int{8, 9} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				closed, conv, worst, err := newSubstRing(n, n).check()
				b.ReportMetric(float64(worst), "worst")
				if !closed || !conv || err != nil {
					b.Fatal(closed, conv, err)
				}
			}
		})
	}
}
