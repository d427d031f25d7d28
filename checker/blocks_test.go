package checker_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
	"github.com/mc-checker/mc/models/maxring"
)

// The block reduction of the distributed daemon keeps the reachable configurations, the
// deadlocks, closure and, where closure holds, convergence: on Dijkstra's ring (every
// configuration, and from a few) and on maximum propagation, the same states and verdicts as
// the distributed daemon, with fewer transitions; the worst case is refused.
func TestBlocksKeepVerdicts(t *testing.T) {
	var cases []struct {
		name  string
		p     model.Protocol
		legit model.Predicate
	}
	for n := 3; n <= 5; n++ {
		for k := max(2, n-2); k <= n+1; k++ {
			r, _ := dijkstra.New(n, k)
			cases = append(cases, struct {
				name  string
				p     model.Protocol
				legit model.Predicate
			}{fmt.Sprintf("dijkstra n=%d K=%d", n, k), r, r.Legitimate()})
		}
	}
	for n := 3; n <= 6; n++ {
		r, _ := maxring.New(n, 3)
		cases = append(cases, struct {
			name  string
			p     model.Protocol
			legit model.Predicate
		}{fmt.Sprintf("maxring n=%d", n), r, r.Agreed})
	}
	spec := checker.Spec{Checks: []checker.Check{checker.CheckDeadlock, checker.CheckClosure, checker.CheckConvergence}}
	for _, c := range cases {
		spec.Legit = c.legit
		full, _ := model.Daemonize(c.p, model.Distributed)
		blocks, _ := model.Daemonize(c.p, model.Blocks)
		a, err := checker.Run(context.Background(), full, spec, checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		b, err := checker.Run(context.Background(), blocks, spec, checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if a.Stats.States != b.Stats.States || b.Stats.Transitions > a.Stats.Transitions {
			t.Errorf("%s: %d states, %d transitions; blocks %d, %d", c.name, a.Stats.States, a.Stats.Transitions, b.Stats.States, b.Stats.Transitions)
		}
		for i, x := range a.Checks {
			y := b.Checks[i]
			closureHolds := a.Checks[1].Verdict == checker.Holds
			if y.Verdict != x.Verdict && !(x.Name == "convergence" && !closureHolds && y.Verdict == checker.Inconclusive) {
				t.Errorf("%s: %s %s, blocks %s (%s)", c.name, x.Name, x.Verdict, y.Verdict, y.Detail)
			}
		}
	}
	r, _ := dijkstra.New(4, 3)
	blocks, _ := model.Daemonize(r, model.Blocks)
	if _, err := checker.Run(context.Background(), blocks, checker.Spec{Checks: []checker.Check{checker.CheckWorstCase}, Properties: model.Properties{Legit: r.Legitimate()}}, checker.Options{}); err == nil {
		t.Error("the worst case is not refused under the block reduction")
	}
}
