package checker_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/models/dijkstra"
)

// symbolicSpec is the stabilization checks of Dijkstra's ring, with its legitimate set and its
// invariant as forms.
func symbolicSpec(r *dijkstra.Ring, fairness checker.Fairness) checker.Spec {
	checks := []checker.Check{checker.CheckInvariant, checker.CheckDeadlock, checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase}
	if fairness == checker.WeaklyFair {
		checks = []checker.Check{checker.CheckConvergence}
	}
	return checker.Spec{Checks: checks, Properties: model.Properties{
		LegitForm:  r.LegitimateForm(),
		Invariants: []model.Property{{Name: "some-privileged", Holds: r.SomePrivileged(), Form: r.SomePrivilegedForm()}},
	}, Fairness: fairness,
	}
}

// Every verdict and every worst case of the symbolic engine equals the dense path's, on
// Dijkstra's ring with n = 3..6 machines and K = n-2..n under the four daemons, unfair and
// weakly fair: the rings that stabilize (K ≥ n-1, Dijkstra's theorem, central daemon; K = n
// under the others) and those that do not. Run replays every trace either engine gives.
func TestSymbolicAgreesWithDense(t *testing.T) {
	top := 5
	if testtier.Long() {
		top = 6
	}
	for n := 3; n <= top; n++ {
		for k := max(2, n-2); k <= n; k++ {
			for _, d := range []model.Daemon{model.Central, model.LocallyCentral, model.Distributed, model.Synchronous} {
				for _, f := range []checker.Fairness{checker.Unfair, checker.WeaklyFair} {
					t.Run(fmt.Sprintf("n=%d/K=%d/%s/%s", n, k, d, f), func(t *testing.T) {
						compareEngines(t, n, k, d, f)
					})
				}
			}
		}
	}
	if !testtier.Long() {
		return
	}
	// Larger rings, where the dense path takes seconds: n = 7 under every daemon, n = 8 under
	// the central and synchronous ones (distributed n = 8 takes the dense path minutes).
	for _, tc := range []struct {
		n int
		d model.Daemon
	}{{7, model.Central}, {7, model.LocallyCentral}, {7, model.Distributed}, {7, model.Synchronous}, {8, model.Central}, {8, model.Synchronous}} {
		t.Run(fmt.Sprintf("n=%d/K=%d/%s", tc.n, tc.n, tc.d), func(t *testing.T) {
			compareEngines(t, tc.n, tc.n, tc.d, checker.Unfair)
		})
	}
}

func compareEngines(t *testing.T, n, k int, d model.Daemon, f checker.Fairness) {
	r, m := ring(t, n, k, d) // with the contract lint, which costs dozens of evaluations a step
	if n > 6 {
		m, _ = model.Daemonize(r, d)
	}
	spec := symbolicSpec(r, f)
	dense := run(t, m, spec, 2)
	sym, err := checker.Run(context.Background(), m, spec, checker.Options{Engine: checker.EngineSymbolic})
	if err != nil {
		t.Fatal(err)
	}
	if sym.Stats.Symbolic == nil {
		t.Fatal("the run was not symbolic")
	}
	want, got := verdicts(dense), verdicts(sym)
	if fmt.Sprint(want) != fmt.Sprint(got) {
		t.Fatalf("dense %v, symbolic %v", want, got)
	}
	if dense.WorstCaseSteps != nil {
		if *dense.WorstCaseSteps != *sym.WorstCaseSteps || *dense.WorstCaseMoves != *sym.WorstCaseMoves {
			t.Fatalf("worst case: dense %d moves, %d steps; symbolic %d, %d",
				*dense.WorstCaseMoves, *dense.WorstCaseSteps, *sym.WorstCaseMoves, *sym.WorstCaseSteps)
		}
	} else if sym.WorstCaseSteps != nil {
		t.Fatalf("symbolic worst case %d where the dense path has none", *sym.WorstCaseSteps)
	}
}

// The starving toy: a cycle that starves a continuously enabled process breaks convergence
// under the unfair daemon only; one on which it is disabled now and then breaks it under weak
// fairness too. The symbolic engine's fair lasso replays and is fair (Run checks both).
func TestSymbolicWeakFairness(t *testing.T) {
	for _, tc := range []struct {
		gated    bool
		fairness checker.Fairness
		want     checker.Verdict
	}{
		{false, checker.Unfair, checker.Violated},
		{false, checker.WeaklyFair, checker.Holds},
		{true, checker.Unfair, checker.Violated},
		{true, checker.WeaklyFair, checker.Violated},
	} {
		for _, d := range []model.Daemon{model.Central, model.Distributed} {
			t.Run(fmt.Sprintf("gated=%v/%s/%s", tc.gated, tc.fairness, d), func(t *testing.T) {
				p := newStarver(tc.gated)
				m, _ := model.Daemonize(p, d)
				done := form.Count{Procs: 2, Local: func(s model.State, q int) bool { return q == 1 && s[1] == 1 }, Min: 1, Max: 1}
				spec := checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{LegitForm: done}, Fairness: tc.fairness}
				res, err := checker.Run(context.Background(), m, spec, checker.Options{Engine: checker.EngineSymbolic})
				if err != nil {
					t.Fatal(err)
				}
				if c := res.Checks[0]; c.Verdict != tc.want || tc.want == checker.Violated && !c.Trace.IsLasso() {
					t.Fatalf("%+v, want %v with a lasso", c, tc.want)
				}
			})
		}
	}
}
