package proof

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
)

// A proof file pins a model's cost as it pins the expected steps: by name, exact fractions;
// a different value, a cost the run did not measure, and a value that is no fraction are
// each reported.
func TestExpectedCosts(t *testing.T) {
	fig := func(worst, avg string) *checker.ExpectedFigure {
		return &checker.ExpectedFigure{Worst: checker.Bound{Exact: worst}, Average: checker.Bound{Exact: avg}}
	}
	res := &checker.Result{Expected: &checker.Expected{Exact: true, Steps: fig("7", "7/2"),
		Costs: []checker.CostFigure{{Name: "messages", ExpectedFigure: fig("5/2", "2")}}}}
	e := &Expectation{ExpectedCosts: map[string]*expectedPin{"messages": {Worst: "5/2", Average: "4/2"}}}
	if err := e.valid(); err != nil || len(e.Compare(res)) != 0 {
		t.Fatalf("%v %v", err, e.Compare(res))
	}
	e.ExpectedCosts["messages"].Worst = "3"
	e.ExpectedCosts["hops"] = &expectedPin{Worst: "1"}
	diffs := e.Compare(res)
	if len(diffs) != 2 || !strings.Contains(diffs[0], "hops: expected exact figures, got none") ||
		diffs[1] != "expected_costs: messages: worst: expected 3, got 5/2" {
		t.Fatalf("%q", diffs)
	}
	e.ExpectedCosts["messages"].Average = "two"
	if err := e.valid(); err == nil || !strings.Contains(err.Error(), `expected_costs: messages: "two" is not a fraction`) {
		t.Fatalf("%v", err)
	}
}
