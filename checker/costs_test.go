package checker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
)

// A chain whose expected steps the interval iteration cannot bound within its updates (found
// by the exact solution alone: 200) still gets its costs, exactly: the cost's short iteration
// only hints the exact solution (the step that stays costs 0, and without the steps' bounds no
// guess of the cost's upper bound would pass). A negative cost is a model error.
func TestCostWithoutStepBounds(t *testing.T) {
	sch, _ := model.NewSchema(0, model.Var{Name: "s", Owner: model.Global, Domain: model.Range(2)})
	slow := &randomMDP{schema: sch, legit: []bool{false, true}, choices: [][][]outcome{
		{{{1, prob.Prob{Num: 1, Den: 200}}, {0, prob.Prob{Num: 199, Den: 200}}}}, nil}}
	arrive := model.Cost{Name: "arrive", Of: func(s model.State) int { return int(s[0]) }}
	spec := checker.Spec{Properties: model.Properties{Legit: slow.isLegit, Costs: []model.Cost{arrive}},
		Checks: []checker.Check{checker.CheckExpected}, Expected: checker.ExpectedTuning{MaxIterations: 50}}
	res, err := checker.Run(context.Background(), fromZero{slow}, spec, checker.Options{Workers: 2})
	if err != nil || res.Expected == nil || res.Expected.Steps.Worst.Exact != "200" || len(res.Expected.Costs) != 1 ||
		res.Expected.Costs[0].Worst.Exact != "1" {
		t.Fatalf("%v %+v", err, res.Expected)
	}
	spec.Costs[0].Of = func(model.State) int { return -1 }
	if _, err := checker.Run(context.Background(), fromZero{slow}, spec, checker.Options{Workers: 2}); err == nil || !strings.Contains(err.Error(), "the cost arrive is -1") {
		t.Fatalf("a negative cost: %v", err)
	}
}
