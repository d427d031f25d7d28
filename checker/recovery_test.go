package checker_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	faultspkg "github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/reference"
	"github.com/mc-checker/mc/models/dijkstra"
	"github.com/mc-checker/mc/models/maxring"
)

// withFaults is Dijkstra's ring under d, from its legitimate configurations, with k faults
// that rewrite any machine's x, and the legitimate set lifted to the model with faults.
func withFaults(t *testing.T, n, k, faults int, d model.Daemon) (model.Model, model.Predicate) {
	t.Helper()
	r, _ := dijkstra.New(n, k)
	m, err := model.Daemonize(r, d)
	if err != nil {
		t.Fatal(err)
	}
	legit := r.Legitimate()
	var from []model.State
	m.Init(func(s model.State) bool {
		if legit(s) {
			from = append(from, s.Clone())
		}
		return true
	})
	f, err := faultspkg.With(m, faultspkg.Spec{Budget: faults}, from, legit)
	if err != nil {
		t.Fatal(err)
	}
	return f, func(s model.State) bool { return legit(s[:len(s)-1]) }
}

// Dijkstra's ring recovers from one and from two faults hitting at any time when it
// stabilizes (K ≥ n-1 centrally, K ≥ n distributed), and not with K = n-2, with a trace that
// replays; the verdict agrees with the reference; after one fault the worst case from the
// first fault is the one from the last, and neither exceeds the worst case from every
// configuration.
func TestRecoveryDijkstra(t *testing.T) {
	for _, tc := range []struct {
		n, k, faults int
		d            model.Daemon
		holds        bool
		worstSteps   uint64 // from every configuration (docs/DIJKSTRA.md)
	}{
		{4, 3, 1, model.Central, true, 13}, {4, 3, 2, model.Central, true, 13},
		{5, 4, 1, model.Central, true, 24}, {4, 4, 1, model.Distributed, true, 13},
		{4, 4, 2, model.Distributed, true, 13}, {4, 2, 1, model.Central, false, 0},
		{5, 3, 2, model.Central, false, 0}, {5, 3, 1, model.Central, true, 100},
		// K = n-1 under the distributed daemon: one fault is survived, two are not (a fault,
		// a copy, a fault, then every machine moves at once forever, docs/DIJKSTRA.md).
		{4, 3, 1, model.Distributed, true, 100}, {4, 3, 2, model.Distributed, false, 0},
	} {
		name := fmt.Sprintf("%s n=%d K=%d k=%d", tc.d, tc.n, tc.k, tc.faults)
		m, legit := withFaults(t, tc.n, tc.k, tc.faults, tc.d)
		res, err := checker.Run(context.Background(), m, checker.Spec{Checks: []checker.Check{checker.CheckRecovery}, Legit: legit},
			checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		ref := reference.Check(m, reference.Spec{Legit: legit})
		c := res.Checks[0]
		if (c.Verdict == checker.Holds) != tc.holds || ref.Converges != tc.holds {
			t.Fatalf("%s: %s (%s), reference %v", name, c.Verdict, c.Detail, ref.Converges)
		}
		if !tc.holds {
			if c.Trace == nil || model.Replay(m, c.Trace) != nil {
				t.Fatalf("%s: no replaying trace", name)
			}
			continue
		}
		r := res.Recovery
		if *r.LastSteps > tc.worstSteps || *r.FirstSteps > tc.worstSteps*uint64(tc.faults)+uint64(tc.faults) ||
			tc.faults == 1 && *r.FirstSteps != *r.LastSteps {
			t.Errorf("%s: from the first fault %d, from the last %d, from anywhere %d", name, *r.FirstSteps, *r.LastSteps, tc.worstSteps)
		}
	}
}

// After one fault, the rounds to the legitimate set agree with the reference's count from
// the definition over every execution from every configuration one fault away from a
// legitimate one (listed here by hand: one machine's value rewritten).
func TestRecoveryRounds(t *testing.T) {
	for _, tc := range []struct {
		n, k int
		d    model.Daemon
	}{{4, 3, model.Central}, {4, 4, model.Distributed}, {5, 4, model.Central}} {
		r, _ := dijkstra.New(tc.n, tc.k)
		legit := r.Legitimate()
		base, _ := model.Daemonize(r, tc.d)
		var hit []model.State
		seen := map[string]bool{}
		base.Init(func(s model.State) bool {
			if !legit(s) {
				return true
			}
			for p := range tc.n {
				for v := range tc.k {
					if byte(v) != s[p] {
						t := s.Clone()
						t[p] = byte(v)
						if !seen[string(t)] {
							seen[string(t)] = true
							hit = append(hit, t)
						}
					}
				}
			}
			return true
		})
		fromHit, _ := model.Daemonize(r, tc.d, model.From(hit))
		want, ok := reference.WorstRounds(fromHit, legit)
		m, lifted := withFaults(t, tc.n, tc.k, 1, tc.d)
		res, err := checker.Run(context.Background(), m, checker.Spec{Checks: []checker.Check{checker.CheckRecovery}, Legit: lifted, Rounds: true},
			checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		rec := res.Recovery
		if !ok || rec.LastRounds == nil || *rec.LastRounds != uint64(want) || *rec.FirstRounds != uint64(want) {
			t.Errorf("%s n=%d K=%d: rounds after one fault %v/%v, the reference %d (%v)", tc.d, tc.n, tc.k, rec.FirstRounds, rec.LastRounds, want, ok)
		}
	}
}

// The end condition "back in the configuration it started from", for a silent protocol:
// maximum propagation returns to its agreed value after a fault that lowers one (faults that
// write 0 only), and not after one that may raise it above the others; with the end condition
// "legitimate" it recovers from both.
func TestRecoveryToTheStart(t *testing.T) {
	r, _ := maxring.New(4, 3)
	m, _ := model.Daemonize(r, model.Central)
	var from []model.State
	m.Init(func(s model.State) bool {
		if r.Agreed(s) {
			from = append(from, s.Clone())
		}
		return true
	})
	for _, tc := range []struct {
		values    []byte
		keepStart bool
		holds     bool
	}{{[]byte{0}, true, true}, {nil, true, false}, {nil, false, true}} {
		f, err := faultspkg.With(m, faultspkg.Spec{Budget: 1, Values: tc.values, KeepStart: tc.keepStart}, from, r.Agreed)
		if err != nil {
			t.Fatal(err)
		}
		end := faultspkg.OnBase(f, r.Agreed)
		if tc.keepStart {
			end, _ = faultspkg.Start(f)
		}
		res, err := checker.Run(context.Background(), f, checker.Spec{Checks: []checker.Check{checker.CheckRecovery}, Legit: end},
			checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		ref := reference.Check(f, reference.Spec{Legit: end})
		if c := res.Checks[0]; (c.Verdict == checker.Holds) != tc.holds || ref.Converges != tc.holds {
			t.Errorf("%+v: %s (%s), reference %v", tc, c.Verdict, c.Detail, ref.Converges)
		}
	}
}
