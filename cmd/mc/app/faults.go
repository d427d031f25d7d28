package app

import (
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
)

// faultSpec is the faults the flags ask for: the budget, the variables and values they may
// write, whether a run must end where it started, one variable a fault or a whole process.
func faultSpec(rs runSpec) faults.Spec {
	spec := faults.Spec{Budget: rs.Faults, Vars: rs.FaultVars, KeepStart: rs.End == "start", OneVariable: rs.FaultScope == "variable"}
	for _, v := range rs.FaultValues {
		spec.Values = append(spec.Values, byte(v))
	}
	return spec
}

// faultsOn turns the model into the recovery check's: from every legitimate configuration of
// its universe, with the faults rs asks for, and the legitimate set read on it.
func faultsOn(m model.Model, rs runSpec, legit model.Predicate) (model.Model, model.Predicate, error) {
	switch {
	case len(rs.Checks) != 1:
		return nil, nil, fmt.Errorf("the recovery check runs alone (--check recovery)")
	case rs.Faults < 1:
		return nil, nil, fmt.Errorf("the recovery check needs --faults K, K ≥ 1")
	case legit == nil:
		return nil, nil, fmt.Errorf("the model has no legitimate set to recover")
	case rs.End != "" && rs.End != "legitimate" && rs.End != "start":
		return nil, nil, fmt.Errorf("--end %s: want legitimate or start", rs.End)
	case rs.FaultScope != "" && rs.FaultScope != "process" && rs.FaultScope != "variable":
		return nil, nil, fmt.Errorf("--fault-scope %s: want process or variable", rs.FaultScope)
	}
	for _, v := range rs.FaultValues {
		if v < 0 || v >= model.MaxDomain {
			return nil, nil, fmt.Errorf("--fault-values: %d is not a value of 0..%d", v, model.MaxDomain-1)
		}
	}
	from, err := faults.LegitimateStarts(m, legit)
	if err != nil {
		return nil, nil, err
	}
	f, err := faults.With(m, faultSpec(rs), from, legit)
	if err != nil {
		return nil, nil, err
	}
	if rs.End == "start" {
		end, err := faults.Start(f)
		return f, end, err
	}
	return f, faults.OnBase(f, legit), nil
}

// recoveryFact is the recovery's worst cases, when the run measured them.
func recoveryFact(r checker.Recovery) (fact, bool) {
	if r.FirstSteps == nil {
		return fact{}, false
	}
	first, last := counted(*r.FirstMoves, "move")+", "+counted(*r.FirstSteps, "step"), counted(*r.LastSteps, "step")
	if r.FirstRounds != nil {
		first, last = first+", "+counted(*r.FirstRounds, "round"), last+", "+counted(*r.LastRounds, "round")
	}
	return fact{name: "recovery", value: fmt.Sprintf("from the first fault %s; from the last %s", first, last), figure: true}, true
}
