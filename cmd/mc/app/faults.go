package app

import (
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// maxRecoveryStarts bounds the universe a recovery enumerates for its legitimate
// configurations.
const maxRecoveryStarts = 1 << 27

func faultSpec(rs runSpec) model.FaultSpec {
	spec := model.FaultSpec{Budget: rs.Faults, Vars: rs.FaultVars, KeepStart: rs.End == "start", OneVariable: rs.FaultScope == "variable"}
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
	from, err := recoveryStarts(m, legit)
	if err != nil {
		return nil, nil, err
	}
	f, err := model.WithFaults(m, faultSpec(rs), from, legit)
	if err != nil {
		return nil, nil, err
	}
	if rs.End == "start" {
		end, err := model.Start(f)
		return f, end, err
	}
	return f, model.OnBase(f, legit), nil
}

// recoveryStarts are the legitimate configurations a recovery starts from: the model's own
// initial ones when it lists them (LE(k) starts from its leader at process 0), else those of
// its universe.
func recoveryStarts(m model.Model, legit model.Predicate) ([]model.State, error) {
	var from []model.State
	if _, universe := model.InitOverUniverse(m); !universe {
		m.Init(func(s model.State) bool {
			if legit(s) {
				from = append(from, s.Clone())
			}
			return true
		})
		if len(from) == 0 {
			return nil, fmt.Errorf("recovery starts from legitimate configurations, and none of the model's initial ones is")
		}
		return from, nil
	}
	u, err := model.NewUniverse(m.Schema())
	if err != nil || u.Size() > maxRecoveryStarts {
		return nil, fmt.Errorf("recovery starts from the legitimate configurations of the universe, and this one is too large to list (%v)", err)
	}
	s := m.Schema().NewState()
	for more := true; more; more = u.Next(s) {
		if legit(s) {
			from = append(from, s.Clone())
		}
	}
	return from, nil
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
