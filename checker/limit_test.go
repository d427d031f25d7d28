package checker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// Under the distributed daemon from given configurations, the bound is on the processes
// enabled in each configuration reached, not on the processes: Dijkstra's ring of 30 from a
// configuration with one privilege is checked to the end; from one with 29 enabled processes
// the run stops there, inconclusive, and says why. From every configuration, 30 processes are
// refused up front, as before.
func TestSubsetLimitIsOnEnabledProcesses(t *testing.T) {
	r, _ := dijkstra.New(30, 30)
	one, busy := r.Schema().NewState(), r.Schema().NewState()
	for i := range busy {
		busy[i] = byte(i % 2) // every process but 0 differs from its left neighbour
	}
	spec := checker.Spec{Properties: model.Properties{Legit: r.Legitimate()}, Checks: []checker.Check{checker.CheckDeadlock, checker.CheckClosure, checker.CheckConvergence}}
	for _, c := range []struct {
		init    model.State
		verdict checker.Verdict
	}{{one, checker.Holds}, {busy, checker.Inconclusive}} {
		m, err := model.Daemonize(r, model.Distributed, model.From([]model.State{c.init}))
		if err != nil {
			t.Fatal(err)
		}
		res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, got := range res.Checks {
			if got.Verdict != c.verdict {
				t.Errorf("from %v: %s %s (%s), want %s", c.init, got.Name, got.Verdict, got.Detail, c.verdict)
			}
		}
		if c.verdict == checker.Inconclusive && !strings.Contains(res.Checks[0].Detail, "enables 29 processes") {
			t.Errorf("the bound is not named: %s", res.Checks[0].Detail)
		}
	}
	if _, err := model.Daemonize(r, model.Distributed); err == nil || !strings.Contains(err.Error(), "at most 24") {
		t.Errorf("from every configuration: %v, want a refusal", err)
	}
}

// Issue 34: after an interrupt at 39 % of a dense scan, the summary said "explored 387,420,489
// states", the universe. The run now says how far the interrupted phase got: the scan, part
// of the way through every configuration.
func TestInterruptedScanSaysHowFar(t *testing.T) {
	r, _ := dijkstra.New(7, 7)
	m, _ := model.Daemonize(r, model.Central)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := func(p checker.Progress) {
		if p.Phase == "scan" && p.States >= p.Total/4 {
			cancel()
		}
	}
	res, err := checker.Run(ctx, m, checker.Spec{Properties: model.Properties{Legit: r.Legitimate()}, Checks: []checker.Check{checker.CheckClosure, checker.CheckConvergence}},
		checker.Options{Workers: 2, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	at := res.Stats.StoppedAt
	if !res.Stats.Interrupted || at == nil || at.Phase != "scan" || at.Total != 823_543 || at.States == 0 || at.States >= at.Total {
		t.Fatalf("interrupted %v, stopped at %+v; want part of the scan of 823,543", res.Stats.Interrupted, at)
	}
}
