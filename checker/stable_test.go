package checker_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/models/herman"
)

// stableOracle decides "eventually always legitimate with probability 1 under every
// scheduler" by brute force over the memoryless deterministic schedulers, which suffice for
// the probability of a co-Büchi objective (Baier and Katoen, Principles of Model Checking,
// 10.6.3): under each, every bottom strongly connected component of the chain (a deadlock is
// one) must lie in the legitimate set, as every execution ends in one with probability 1 and
// visits each of its states infinitely often.
func (m *randomMDP) stableOracle() bool {
	n := len(m.choices)
	pick := make([]int, n)
	for {
		if !m.bottomsLegit(pick) {
			return false
		}
		s := 0
		for ; s < n; s++ {
			if pick[s]++; pick[s] < len(m.choices[s]) {
				break
			}
			pick[s] = 0
		}
		if s == n {
			return true
		}
	}
}

// bottomsLegit reports whether every bottom component of the chain pick makes is legitimate:
// a state is in a bottom component iff every state it reaches reaches it back.
func (m *randomMDP) bottomsLegit(pick []int) bool {
	n := len(m.choices)
	reach := make([][]bool, n)
	for s := range n {
		reach[s] = make([]bool, n)
		reach[s][s] = true
		for changed := true; changed; {
			changed = false
			for u := range n {
				if !reach[s][u] || len(m.choices[u]) == 0 {
					continue
				}
				for _, o := range m.choices[u][pick[u]] {
					if !reach[s][o.to] {
						reach[s][o.to], changed = true, true
					}
				}
			}
		}
	}
	for s := range n {
		bottom := true
		for u := range n {
			if reach[s][u] && !reach[u][s] {
				bottom = false
			}
		}
		if bottom && !m.legit[s] {
			return false
		}
	}
	return true
}

// TestStableAgainstBruteForce compares almost-sure-stable with the brute-force oracle on 400
// random MDPs of 2 to 7 states (three in four states legitimate), with 1 and 3 workers; every violation's trace is replayed and
// its end component checked through the model by the checker itself. Where it holds and
// almost-sure does too, so does convergence with probability 1 (it implies almost-sure when
// every state is initial).
func TestStableAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	held, failed := 0, 0
	for i := range 400 {
		m := newRandomMDP(r, 2+r.IntN(6))
		for s := range m.legit {
			m.legit[s] = r.IntN(4) != 0 // mostly legitimate: else few hold
		}
		want := m.stableOracle()
		for _, workers := range []int{1, 3} {
			spec := checker.Spec{Properties: m.properties(), Checks: []checker.Check{checker.CheckStable, checker.CheckAlmostSure}}
			res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: workers})
			if err != nil {
				t.Fatalf("mdp %d: %v", i, err)
			}
			sure, stable := res.Checks[0], res.Checks[1] // in the order of AllChecks
			if got := stable.Verdict == checker.Holds; got != want {
				t.Fatalf("mdp %d, %d workers: %v, the oracle says %v (%+v, legit %v)", i, workers, stable.Verdict, want, m.choices, m.legit)
			}
			if want && sure.Verdict != checker.Holds || !want && stable.Trace == nil {
				t.Fatalf("mdp %d: stable %v with almost-sure %v, trace %v", i, stable.Verdict, sure.Verdict, stable.Trace)
			}
		}
		if want {
			held++
		} else {
			failed++
		}
	}
	if held < 50 || failed < 50 {
		t.Errorf("lopsided: %d hold, %d fail", held, failed)
	}
}

// Herman's ring under the synchronous daemon, plain and quotiented by rotation: on odd rings
// the single token is reached and kept with probability 1, on even rings a trap of no token
// is a bottom component outside the legitimate set (Herman, IPL 1990). Both readings agree,
// and the quotient's counterexample, lifted, replays on the plain model.
func TestStableUnderRotation(t *testing.T) {
	for n := 3; n <= 8; n++ {
		r, _ := herman.New(n)
		m, err := model.Daemonize(r, model.Synchronous)
		if err != nil {
			t.Fatal(err)
		}
		q, err := symmetry.ByRotation(m, 1)
		if err != nil {
			t.Fatal(err)
		}
		spec := checker.Spec{Properties: model.Properties{Legit: r.OneToken}, Checks: []checker.Check{checker.CheckStable}}
		for _, mm := range []model.Model{m, q} {
			res, err := checker.Run(context.Background(), mm, spec, checker.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Checks[0]
			if (c.Verdict == checker.Holds) != (n%2 == 1) {
				t.Fatalf("n=%d: %v (%s)", n, c.Verdict, c.Detail)
			}
			if c.Verdict == checker.Violated && model.Replay(m, c.Trace) != nil {
				t.Fatalf("n=%d: the counterexample does not replay on the plain model", n)
			}
		}
	}
}
