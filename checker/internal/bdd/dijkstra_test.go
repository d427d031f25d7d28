package bdd

import (
	"fmt"
	"testing"
)

// ring is Dijkstra's K-state ring under the central daemon, encoded as NuSMV is in the issue's
// comparison: x[i] in bits bits, each bit's current copy at level 2k and next copy at 2k+1,
// machines in ring order.
type ring struct {
	m                   *Manager
	n, k, bits          int
	valid, legit, trans Node
	next, cube          Node // next: the primed variables' cube
	toNext              *Renaming
	// partitioned: machine i's relation T_i(x, x_i') without frame conditions, its primed
	// cube and the renaming of x_i to x_i' alone.
	parts       []Node
	partCubes   []Node
	partRename  []*Renaming
	partitioned bool
	tree        bool // values in the tree encoding: no invalid codes
}

func (r *ring) bit(i, b int, primed bool) Node {
	l := 2 * (i*r.bits + b)
	if primed {
		l++
	}
	return r.m.Var(l)
}

// is is x[i] == v (primed: x'[i]).
func (r *ring) is(i, v int, primed bool) Node {
	if r.tree {
		return r.treeIs(i, v, primed, 0, 0, r.k)
	}
	c := True
	for b := range r.bits {
		x := r.bit(i, b, primed)
		if v>>b&1 == 0 {
			x = r.m.Not(x)
		}
		c = r.m.And(c, x)
	}
	return c
}

// treeIs is x[i] == v in the tree encoding: bit b splits values lo..hi-1 in two halves, and a
// value alone in its range leaves the bits below free.
func (r *ring) treeIs(i, v int, primed bool, b, lo, hi int) Node {
	if hi-lo == 1 {
		return True
	}
	mid := lo + (hi-lo+1)/2
	x := r.bit(i, b, primed)
	if v < mid {
		return r.m.And(r.m.Not(x), r.treeIs(i, v, primed, b+1, lo, mid))
	}
	return r.m.And(x, r.treeIs(i, v, primed, b+1, mid, hi))
}

// same is x[i] == x[j], each primed or not.
func (r *ring) same(i int, pi bool, j int, pj bool) Node {
	if r.tree {
		c := False
		for v := range r.k {
			c = r.m.Or(c, r.m.And(r.is(i, v, pi), r.is(j, v, pj)))
		}
		return c
	}
	c := True
	for b := range r.bits {
		c = r.m.And(c, r.m.Equiv(r.bit(i, b, pi), r.bit(j, b, pj)))
	}
	return c
}

func newRing(n, k int, tree bool) *ring {
	bits := 1
	for 1<<bits < k {
		bits++
	}
	r := &ring{m: New(2*n*bits, 1<<16), n: n, k: k, bits: bits, tree: tree}
	m := r.m
	r.valid = True
	for i := range n {
		if tree {
			break
		}
		in := False
		for v := range k {
			in = m.Or(in, r.is(i, v, false))
		}
		r.valid = m.And(r.valid, in)
	}
	guards := make([]Node, n)
	guards[0] = r.same(0, false, n-1, false)
	for i := 1; i < n; i++ {
		guards[i] = m.Not(r.same(i, false, i-1, false))
	}
	r.legit = m.And(exactlyOne(m, guards), r.valid)
	r.trans = False
	for i := range n {
		step := False
		if i == 0 {
			for v := range k {
				step = m.Or(step, m.And(r.is(0, v, false), r.is(0, (v+1)%k, true)))
			}
		} else {
			step = r.same(i, true, i-1, false)
		}
		t := m.And(guards[i], step)
		for j := range n {
			if j != i {
				t = m.And(t, r.same(j, true, j, false))
			}
		}
		r.trans = m.Or(r.trans, t)
		r.parts = append(r.parts, m.And(guards[i], step))
		var primedI []int
		toI := map[int]int{}
		for b := range bits {
			l := 2 * (i*bits + b)
			primedI = append(primedI, l+1)
			toI[l] = l + 1
		}
		r.partCubes = append(r.partCubes, m.Cube(primedI))
		r.partRename = append(r.partRename, m.NewRenaming(toI))
	}
	var primed []int
	to := map[int]int{}
	for l := 0; l < 2*n*bits; l += 2 {
		primed = append(primed, l+1)
		to[l] = l + 1
	}
	r.next = m.Cube(primed)
	r.toNext = m.NewRenaming(to)
	return r
}

// exactlyOne is "exactly one of the sets holds": Dijkstra's single privilege.
func exactlyOne(m *Manager, sets []Node) Node {
	out := False
	for i := range sets {
		one := sets[i]
		for j := range sets {
			if j != i {
				one = m.And(one, m.Not(sets[j]))
			}
		}
		out = m.Or(out, one)
	}
	return out
}

// pre is EX z: the valid configurations with a successor in z.
func (r *ring) pre(z Node) Node {
	if r.partitioned {
		out := False
		for i, t := range r.parts {
			out = r.m.Or(out, r.m.AndExist(t, r.m.Rename(z, r.partRename[i]), r.partCubes[i]))
		}
		return r.m.And(r.valid, out)
	}
	return r.m.And(r.valid, r.m.AndExist(r.trans, r.m.Rename(z, r.toNext), r.next))
}

func (r *ring) roots(more ...Node) []Node {
	out := append([]Node{r.valid, r.legit, r.trans, r.next}, more...)
	out = append(out, r.parts...)
	return append(out, r.partCubes...)
}

// check decides closure and convergence and measures the worst case in steps.
func (r *ring) check() (closed, converges bool, worst int, err error) {
	return fixpoints(r.m, r.valid, r.legit, r.pre, r.roots)
}

// fixpoints decides closure and convergence and measures the worst case in steps, as NuSMV's
// AG(legit -> AX legit), AF legit and COMPUTE MAX do, given a system's pre-image EX and the
// BDDs it holds (a collection's roots, with the iterates added).
func fixpoints(m *Manager, valid, legit Node, pre func(Node) Node, roots func(...Node) []Node) (closed, converges bool, worst int, err error) {
	closed = m.And(legit, pre(m.And(valid, m.Not(legit)))) == False
	// W_k: the configurations every execution of which reaches legit within k steps (a
	// deadlock outside legit never does). Its least fixpoint is AF legit: convergence is
	// W = valid, and the worst case the last k at which W grew.
	w := legit
	moving := pre(valid)
	for {
		next := m.Or(w, m.And(moving, m.Not(pre(m.And(valid, m.Not(w))))))
		m.MaybeGC(roots(moving, next)...)
		if next == w {
			break
		}
		w, worst = next, worst+1
	}
	return closed, w == valid, worst, m.Err()
}

// The worst cases of Dijkstra's ring (K = n) from every configuration, as the dense path and
// NuSMV find them: 13, 24, 38 steps for n = 4, 5, 6.
func TestDijkstraFixpoints(t *testing.T) {
	for n, want := range map[int]int{4: 13, 5: 24, 6: 38} {
		closed, conv, worst, err := newRing(n, n, false).check()
		if !closed || !conv || worst != want || err != nil {
			t.Errorf("n=%d: closure %v, convergence %v, worst %d (want %d), %v", n, closed, conv, worst, want, err)
		}
	}
	closed, conv, _, _ := newRing(4, 2, false).check() // K = n-2: no convergence under the central daemon
	if !closed || conv {
		t.Errorf("n=4 K=2: closure %v, convergence %v", closed, conv)
	}
	for n, want := range map[int]int{4: 13, 5: 24, 6: 38} { // the partitioned relation too
		r := newRing(n, n, false)
		r.partitioned = true
		if closed, conv, worst, err := r.check(); !closed || !conv || worst != want || err != nil {
			t.Errorf("partitioned, n=%d: closure %v, convergence %v, worst %d (want %d), %v", n, closed, conv, worst, want, err)
		}
	}
}

// go test ./checker/internal/bdd -run XXX -bench DijkstraFixpoints -benchtime 1x
func BenchmarkDijkstraFixpoints(b *testing.B) {
	for _, mode := range []struct {
		name string
		top  int // the largest n: the slower forms stop earlier
	}{{"tree", 11}, {"binary", 10}, {"partitioned", 9}} {
		for n := 8; n <= mode.top; n++ {
			b.Run(fmt.Sprintf("%s/%d", mode.name, n), func(b *testing.B) {
				benchRing(b, n, mode.name)
			})
		}
	}
}

func benchRing(b *testing.B, n int, mode string) {
	for b.Loop() {
		r := newRing(n, n, mode == "tree")
		r.partitioned = mode == "partitioned"
		closed, conv, worst, err := r.check()
		b.ReportMetric(float64(worst), "worst")
		if !closed || !conv || err != nil {
			b.Fatal(closed, conv, err)
		}
	}
}
