package checker_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// On the dense store from a restricted initial set (model.Where), a counterexample is a
// shortest one: nodes are numbered by rank there, not in BFS order, and the violation of
// least rank may lie deeper than another (found by the differential tests, issue 33). Two
// flipping bits from 11: x0 ≠ x1 fails at 11 itself (0 steps), not only at 00 (2 steps, the
// least rank); closure of x0 = x1 fails on the first step from 11, not only from 00.
func TestDenseWhereShortest(t *testing.T) {
	m, err := model.Daemonize(newFlippers(2), model.Central, model.Where(func(s model.State) bool { return s[0] == 1 && s[1] == 1 }))
	if err != nil {
		t.Fatal(err)
	}
	same := func(s model.State) bool { return s[0] == s[1] }
	res, err := checker.Run(context.Background(), m, checker.Spec{Checks: []checker.Check{checker.CheckInvariant, checker.CheckClosure},
		Properties: model.Properties{
			Legit:      same,
			Invariants: []model.Property{{Name: "differ", Holds: func(s model.State) bool { return !same(s) }}},
		}},
		checker.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{0, 1} {
		if c := res.Checks[i]; c.Verdict != checker.Violated || len(c.Trace.Steps) != want {
			t.Errorf("%s: %s with %d steps, want a violation in %d", c.Name, c.Verdict, len(c.Trace.Steps), want)
		}
	}
}
