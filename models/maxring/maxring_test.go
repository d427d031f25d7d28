package maxring_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/models/maxring"
)

func run(t *testing.T, m model.Model, spec checker.Spec) *checker.Result {
	t.Helper()
	res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Rotation symmetry gives the same verdict for every check, the same worst case in moves and
// steps, and counterexamples to invariants as short, as the unreduced run, under every daemon,
// on rings of 3 to 6 processes, with both rules (max propagation, which stabilizes, and the
// left copy, whose rotating configurations under the synchronous daemon are lassos that must
// be lifted); every trace it prints replays through the unreduced model (the checker replays
// them). With K = 3 it keeps at most one state in n-1.
func TestRotationSymmetryAgrees(t *testing.T) {
	daemons := []model.Daemon{model.Central, model.LocallyCentral, model.Distributed, model.Synchronous}
	for n := 3; n <= 6; n++ {
		for k := 2; k <= 3; k++ {
			for _, copy := range []bool{false, true} {
				r, _ := maxring.New(n, k)
				r.Copy = copy
				spec := checker.Spec{Legit: r.Agreed, Invariants: []model.Property{{Name: "no-zero", Holds: r.NoZero},
					{Name: "some-zero", Holds: func(s model.State) bool { return !r.NoZero(s) || r.Agreed(s) }}},
					Checks: []checker.Check{checker.CheckInvariant, checker.CheckDeadlock, checker.CheckClosure,
						checker.CheckConvergence, checker.CheckWorstCase}}
				for _, d := range daemons {
					name := fmt.Sprintf("n=%d K=%d copy=%v %s", n, k, copy, d)
					full, _ := model.Daemonize(r, d)
					reduced, err := symmetry.ByRotation(full, r.RotationBlock())
					if err != nil {
						t.Fatal(err)
					}
					a, b := run(t, full, spec), run(t, reduced, spec)
					compare(t, name, a, b)
					if k == 3 && b.Stats.States*uint64(n-1) > a.Stats.States {
						t.Errorf("%s: %d orbits of %d states, less than a %d-fold reduction", name, b.Stats.States, a.Stats.States, n-1)
					}
				}
			}
		}
	}
}

func compare(t *testing.T, name string, a, b *checker.Result) {
	t.Helper()
	for i, c := range a.Checks {
		d := b.Checks[i]
		switch {
		case c.Name != d.Name || c.Verdict != d.Verdict:
			t.Errorf("%s: %s %s, with symmetry %s %s", name, c.Name, c.Verdict, d.Name, d.Verdict)
		case c.Trace != nil && !c.Trace.IsLasso() && len(c.Trace.Steps) != len(d.Trace.Steps):
			t.Errorf("%s: %s after %d steps, with symmetry %d", name, c.Name, len(c.Trace.Steps), len(d.Trace.Steps))
		}
	}
	if (a.WorstCaseSteps == nil) != (b.WorstCaseSteps == nil) ||
		a.WorstCaseSteps != nil && (*a.WorstCaseSteps != *b.WorstCaseSteps || *a.WorstCaseMoves != *b.WorstCaseMoves) {
		t.Errorf("%s: the worst cases differ: %v/%v and %v/%v", name, a.WorstCaseSteps, a.WorstCaseMoves, b.WorstCaseSteps, b.WorstCaseMoves)
	}
}

// Symmetry refuses a predicate that depends on a process's index (the checker evaluates
// predicates on representatives only).
func TestRotationSymmetryRefusesIndexedPredicates(t *testing.T) {
	r, _ := maxring.New(4, 2)
	full, _ := model.Daemonize(r, model.Central)
	reduced, _ := symmetry.ByRotation(full, 1)
	_, err := checker.Run(context.Background(), reduced, checker.Spec{Checks: []checker.Check{checker.CheckInvariant},
		Invariants: []model.Property{{Name: "x0 is 0", Holds: func(s model.State) bool { return s[0] == 0 }}}}, checker.Options{})
	if err == nil {
		t.Fatal("an invariant of process 0 is checked under rotation symmetry")
	}
}

// Symmetry refuses what it cannot keep: weak fairness, rounds, action invariants.
func TestRotationSymmetryRefuses(t *testing.T) {
	r, _ := maxring.New(4, 2)
	full, _ := model.Daemonize(r, model.Central)
	reduced, _ := symmetry.ByRotation(full, 1)
	for _, spec := range []checker.Spec{
		{Checks: []checker.Check{checker.CheckConvergence}, Legit: r.Agreed, Fairness: checker.WeaklyFair},
		{Checks: []checker.Check{checker.CheckWorstCase}, Legit: r.Agreed, Rounds: true},
		{Checks: []checker.Check{checker.CheckAction}, Actions: []model.ActionProperty{{Name: "a", Holds: func(model.State, model.Step, model.State) bool { return true }}}},
	} {
		if _, err := checker.Run(context.Background(), reduced, spec, checker.Options{}); err == nil {
			t.Errorf("%+v is not refused", spec.Checks)
		}
	}
}
