package runs

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
)

// faultSpec is the faults the flags ask for: the budget, the variables and values they may
// write, whether a run must end where it started, one variable a fault or a whole process.
func faultSpec(rs Description) faults.Spec {
	spec := faults.Spec{Budget: rs.Faults, Vars: rs.FaultVars, KeepStart: rs.End == "start", OneVariable: rs.FaultScope == "variable"}
	for _, v := range rs.FaultValues {
		spec.Values = append(spec.Values, byte(v))
	}
	return spec
}

// faultOptions checks the description's faults: they apply to the recovery check only, which
// needs a budget of at least one fault, an end and a scope by name, and values of a domain.
func faultOptions(rs Description, recovery bool) error {
	if !recovery {
		if rs.Faults != 0 || rs.FaultVars != nil || rs.FaultValues != nil || rs.FaultScope != "" || rs.End != "" {
			return fmt.Errorf("--faults, --fault-vars, --fault-values and --fault-scope apply to the recovery check only")
		}
		return nil
	}
	switch {
	case rs.Faults < 1:
		return fmt.Errorf("the recovery check needs --faults K, K ≥ 1")
	case rs.End != "" && rs.End != "legitimate" && rs.End != "start":
		return fmt.Errorf("--end %s: want legitimate or start", rs.End)
	case rs.FaultScope != "" && rs.FaultScope != "process" && rs.FaultScope != "variable":
		return fmt.Errorf("--fault-scope %s: want process or variable", rs.FaultScope)
	}
	for _, v := range rs.FaultValues {
		if v < 0 || v >= model.MaxDomain {
			return fmt.Errorf("--fault-values: %d is not a value of 0..%d", v, model.MaxDomain-1)
		}
	}
	return nil
}

// faultsOn turns the model into the recovery check's: from every legitimate configuration of
// its universe, with the faults rs asks for (faultOptions checked them), and the legitimate
// set read on it.
func faultsOn(m model.Model, rs Description, legit model.Predicate) (model.Model, model.Predicate, error) {
	if legit == nil {
		return nil, nil, fmt.Errorf("the model has no legitimate set to recover")
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
