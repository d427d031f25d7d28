package arvy

import (
	"fmt"
	"slices"
	"testing"
)

// Lemma 8's Ivy example (Khanchandani and Wattenhofer, SPAA 2019, Section 6): from the path
// v_i → v_{i+1} rooted at v_n, the requests v_1, …, v_n. The proof's count, n for the first
// find, every spoke (v_1, v_i) twice and (v_1, v_n) once, sums to n + 2·Σ_{i=2}^{n-1} d(v_1, v_i)
// with the first find's n − 1 hops, one more than the formula it writes (…− 1): the finds
// cost 10, 22 and 38 on 4, 6 and 8 nodes, not 9, 21 and 37, and the token n more. The tree
// does not return to the initial one: the last find makes v_1 point to v_n. Θ(n²) stands.
func TestLemma8IvyExample(t *testing.T) {
	for _, n := range []int{4, 6, 8} {
		p, err := New(Config{N: n, Recycle: true, NewParent: Ivy})
		if err != nil {
			t.Fatal(err)
		}
		start, err := p.Start(PathStart(n))
		if err != nil {
			t.Fatal(err)
		}
		served, end, err := p.Sequence(start, InOrder(n), RingDistance(n))
		if err != nil {
			t.Fatal(err)
		}
		find, token, opt := 0, 0, 0
		for _, r := range served {
			find, token, opt = find+r.Find, token+r.Token, opt+r.Opt
		}
		if want := Lemma8Ivy(n) + 1; find != want || token != n || opt != n {
			t.Errorf("n=%d: finds %d (want %d), token %d, optimum %d (want %d each)", n, find, want, token, opt, n)
		}
		after := PathStart(n)
		after[0] = n - 1
		if got := p.Parents(end); !slices.Equal(got, after) || p.SameTree(start, end) {
			t.Errorf("n=%d: the tree after is %v, want %v", n, got, after)
		}
	}
}

// A sequence refuses a request by the token's holder and a node outside the ring.
func TestSequenceRefuses(t *testing.T) {
	p, _ := New(Config{N: 4, Recycle: true, NewParent: Ivy})
	start, _ := p.Start(PathStart(4))
	for _, reqs := range [][]int{{3}, {0, 0}, {4}} {
		if _, _, err := p.Sequence(start, reqs, RingDistance(4)); err == nil {
			t.Errorf("%v: served", reqs)
		}
	}
}

// Lemma 8's argument for Arrow covers every spanning tree of the ring: each is the ring
// without one edge, whose ends are neighbours n − 1 apart in the tree, and Arrow's tree never
// changes. From each of the n² rooted spanning trees the competitive ratio is n − 1 (find
// cost), as from Algorithm 2's.
func TestArrowEverySpanningTree(t *testing.T) {
	for _, n := range []int{4, 6} {
		trees := RingTrees(n)
		if len(trees) != n*n {
			t.Fatalf("n=%d: %d rooted spanning trees, want %d", n, len(trees), n*n)
		}
		p, _ := New(Config{N: n, Recycle: true, NewParent: Arrow})
		seen := map[string]bool{}
		for _, par := range trees {
			if seen[fmt.Sprint(par)] {
				t.Fatalf("n=%d: %v twice", n, par)
			}
			seen[fmt.Sprint(par)] = true
			start, err := p.Start(par)
			if err != nil {
				t.Fatal(err)
			}
			g, err := NewSequential(t.Context(), p, start, RingDistance(n))
			if err != nil {
				t.Fatal(err)
			}
			if r, err := g.CycleRatio(t.Context(), FindCost); err != nil || r.Num != int64(n-1) || r.Den != 1 {
				t.Errorf("n=%d from %v: %v %v, want %d", n, par, r, err, n-1)
			}
		}
	}
}
