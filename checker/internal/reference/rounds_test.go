package reference

import (
	"math/rand/v2"
	"testing"
)

// The fact the explicit engine's rounds search rests on (checker/internal/analysis,
// roundsearch.go): owing a subset O of the enabled processes E(u) at u, the most rounds to
// the legitimate set are those of a round starting at u, or one more; and they do not grow
// with O. Checked on random acyclic graphs with arbitrary movers, faults and enabled sets,
// for every owed set.
func TestRoundsWithinOneOfAFreshRound(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 1))
	for trial := range 300 {
		g, in := randomRoundsGraph(rng)
		for _, faultFree := range []bool{false, true} {
			value := g.pairRounds(in, faultFree)
			for u := range g.adj {
				if in[u] {
					continue
				}
				e := g.units[u]
				fresh := value(u, e)
				for o := e; o != 0; o = (o - 1) & e {
					v := value(u, o)
					if v < fresh || v > fresh+1 {
						t.Fatalf("trial %d: state %d owing %b: %d rounds, a fresh round (%b) %d", trial, u, o, v, e, fresh)
					}
					for sub := (o - 1) & o; sub != 0; sub = (sub - 1) & o {
						if w := value(u, sub); w < v {
							t.Fatalf("trial %d: state %d: owing %b gives %d rounds, owing more (%b) %d", trial, u, sub, w, o, v)
						}
					}
				}
			}
		}
	}
}

// randomRoundsGraph has states 0..n-1, edges only to larger numbers (so no cycle), the last
// states and a few others legitimate, 4 processes enabled at random, steps moving a nonempty
// subset of the enabled ones, and now and then a fault that moves nobody.
func randomRoundsGraph(rng *rand.Rand) (*graph, []bool) {
	n := 4 + rng.IntN(14)
	g := &graph{adj: make([][]arc, n), units: make([]uint64, n), fair: true}
	in := make([]bool, n)
	for u := range n {
		in[u] = u >= n-2 || rng.IntN(8) == 0
		g.units[u] = rng.Uint64N(16)
	}
	for u := range n - 2 {
		if in[u] {
			continue
		}
		for range 1 + rng.IntN(4) {
			to := u + 1 + rng.IntN(n-u-1)
			if g.units[u] == 0 || rng.IntN(6) == 0 {
				g.adj[u] = append(g.adj[u], arc{to: to, fault: true})
				continue
			}
			m := rng.Uint64N(16) & g.units[u]
			if m == 0 {
				m = g.units[u] & -g.units[u]
			}
			g.adj[u] = append(g.adj[u], arc{to: to, movers: m, moves: 1})
		}
	}
	return g, in
}
