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
	spec := checker.Spec{Legit: r.Legitimate(), Checks: []checker.Check{checker.CheckDeadlock, checker.CheckClosure, checker.CheckConvergence}}
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
