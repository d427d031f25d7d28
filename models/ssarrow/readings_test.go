package ssarrow_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/ssarrow"
	"github.com/mc-checker/mc/models/topology"
)

// settle checks closure, convergence and the worst case in ticks for legit on the path of 2.
func settle(t *testing.T, cfg ssarrow.Config, legit func(*ssarrow.Protocol) model.Predicate) (*checker.Result, model.Model) {
	t.Helper()
	tree, _ := topology.Path(2)
	p, m := build(t, tree, cfg)
	spec := checker.Spec{Checks: []checker.Check{checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase},
		Properties: model.Properties{Legit: legit(p)}}
	res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res, m
}

// The two readings of 5.3's timeout ("A Self-Stabilizing Distributed Queuing Protocol",
// Tirthapura et al.): "a's timer exceeds twice the maximum round trip" fires after τ + 1
// ticks, which the model's timeout at τ (it fires when the timer reaches τ) is with τ + 1.
// With τ = 2R, the reading "reaches" has a cycle that never stabilizes (17 steps at delay 2:
// not an artifact of one-tick delays), and the reading "exceeds" stabilizes within 5R + 1
// ticks from the configurations with a message of any kind and age in transit per edge:
// Lemma 6.7's 5R (Corollary 6.8's 3R + τ) is exceeded by the one tick of the off-by-one, at
// R = 2, 4 and 6.
func TestTimeoutReadings(t *testing.T) {
	for _, delay := range delays(1, 2, 3) {
		cfg := bounds
		cfg.Delay, cfg.Capacity0, cfg.Capacity = delay, 1, 4 // a message of any kind and age in transit per edge
		cfg.SentMax, cfg.PhiMax = max(20, 10*delay), max(20, 10*delay)+2
		r := cfg.R()
		cfg.Timeout = 2 * r // reaches 2R
		res, m := settle(t, cfg, (*ssarrow.Protocol).LegitimateConsistent)
		conv := res.Checks[1]
		if conv.Verdict != checker.Violated || !conv.Trace.IsLasso() || model.Replay(m, conv.Trace) != nil {
			t.Fatalf("R=%d, reaches 2R: %+v", r, res.Checks)
		}
		if loop := len(conv.Trace.States) - conv.Trace.LoopStart; delay == 2 && loop != 17 {
			t.Errorf("R=%d, reaches 2R: a cycle of %d steps, want 17", r, loop)
		}
		cfg.Timeout = 2*r + 1 // exceeds 2R
		res, _ = settle(t, cfg, (*ssarrow.Protocol).LegitimateConsistent)
		if res.Verdict() != checker.Holds || *res.WorstCaseTicks != uint64(5*r+1) {
			t.Errorf("R=%d, exceeds 2R: %+v, worst %d ticks, want 5R+1 = %d", r, res.Checks, *res.WorstCaseTicks, 5*r+1)
		}
	}
}

// Lemma 6.4 (P1 within 3R from any state) and Lemma 6.5 (P1 ∨ P2, once true, stays true). With
// messages in transit initially, P1 ∨ P2 is not closed when timers are arbitrary (the corrupted
// due timer of finding 1 sends a second observer), and is with consistent timers; every edge
// reaches it within R + τ ticks (the proof: R for the observers in transit, then a timeout),
// exactly, which is 3R + 1 with the timeout at 2R + 1 (the reading "exceeds 2R"): Lemma 6.4's
// 3R is exceeded by the off-by-one tick, as Lemma 6.7's 5R is.
func TestObservedLemmas(t *testing.T) {
	for _, delay := range delays(1, 2) {
		cfg := bounds
		cfg.Delay, cfg.Capacity0, cfg.Capacity = delay, 1, 4
		r := cfg.R()
		cfg.Timeout = 2*r + 1
		res, m := settle(t, cfg, func(p *ssarrow.Protocol) model.Predicate { return p.EveryObserved(false) })
		closure := res.Checks[0]
		if closure.Verdict != checker.Violated || model.Replay(m, closure.Trace) != nil {
			t.Fatalf("R=%d, P1 ∨ P2 with arbitrary timers: %+v", r, res.Checks)
		}
		res, _ = settle(t, cfg, func(p *ssarrow.Protocol) model.Predicate { return p.EveryObserved(true) })
		if res.Verdict() != checker.Holds || *res.WorstCaseTicks != uint64(r+cfg.Timeout) {
			t.Errorf("R=%d, P1 ∨ P2 with consistent timers: %+v, worst %d ticks, want R+τ = %d", r, res.Checks, *res.WorstCaseTicks, r+cfg.Timeout)
		}
	}
}

// delays are the delays a test runs: the first alone under -short.
func delays(all ...int) []int {
	if testing.Short() {
		return all[:1]
	}
	return all
}

// Two messages of any kinds and ages in transit per edge initially, on the path of 2 (channels
// of 5 messages an age with at most 3 observers, the widest a variable numbers): the findings
// stand as with one. With the timeout at 2R + 1 (the reading "exceeds") stabilization takes
// 5R + 1 ticks at R = 2, 4 and 6, as from one message; at 2R (the reading "reaches") a cycle
// avoids the legitimate set, replayed; P1 ∨ P2 with consistent timers within R + τ.
func TestTwoMessagesPerEdge(t *testing.T) {
	for i, delay := range delays(1, 2, 3) {
		cfg := bounds
		cfg.Delay, cfg.Capacity0, cfg.Capacity, cfg.Observers = delay, 2, 5, 3
		cfg.SentMax, cfg.PhiMax = 20*delay, 20*delay+2
		r := cfg.R()
		cfg.Timeout = 2*r + 1
		res, _ := settle(t, cfg, (*ssarrow.Protocol).LegitimateConsistent)
		if states := []uint64{40947, 204471, 671923}[i]; res.Verdict() != checker.Holds || *res.WorstCaseTicks != uint64(5*r+1) || res.Stats.States != states {
			t.Errorf("R=%d, exceeds 2R: %+v, worst %d ticks, want 5R+1 = %d; %d states, want %d", r, res.Checks, *res.WorstCaseTicks, 5*r+1, res.Stats.States, states)
		}
		if delay == 1 {
			res, _ = settle(t, cfg, func(p *ssarrow.Protocol) model.Predicate { return p.EveryObserved(true) })
			if res.Verdict() != checker.Holds || *res.WorstCaseTicks != uint64(r+cfg.Timeout) {
				t.Errorf("R=%d, P1 ∨ P2: %+v, worst %d ticks, want R+τ", r, res.Checks, *res.WorstCaseTicks)
			}
			continue
		}
		cfg.Timeout = 2 * r
		res, m := settle(t, cfg, (*ssarrow.Protocol).LegitimateConsistent)
		if conv := res.Checks[1]; conv.Verdict != checker.Violated || !conv.Trace.IsLasso() || model.Replay(m, conv.Trace) != nil {
			t.Errorf("R=%d, reaches 2R: %+v", r, res.Checks)
		}
	}
}
