package checker

import (
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/symbolic"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/fairness"
)

// The temporal check on the symbolic engine (symbolic/temporal.go): its counterexamples are
// described and validated as the explicit engine's are (temporal.go), replayed, then checked
// on their configurations alone by analysis.BreaksFormula.

// fromLegit reports whether a property starts from the legitimate configurations.
func fromLegit(props []model.Temporal) bool {
	return slices.ContainsFunc(props, func(p model.Temporal) bool { return p.FromLegit })
}

// temporalForms says which property's predicates have no census form, or nil.
func temporalForms(props []model.Temporal) error {
	for _, p := range props {
		for _, f := range p.Parts {
			if f.PForm == nil || f.Kind == model.LeadsTo && f.QForm == nil {
				part := ""
				if f.Label != "" {
					part = " (for " + f.Label + ")"
				}
				return fmt.Errorf("the symbolic engine needs the predicates of temporal property %s%s as censuses of local facts (docs/LANGUAGE.md, \"Predicates for the symbolic engine\")", p.Name, part)
			}
		}
	}
	return nil
}

// temporalFinding is the engine's finding f on a temporal property, with its detail and, for
// a counterexample, its validation.
func (a symbolicEngine) temporalFinding(r CheckResult, f symbolic.Finding) (finding, error) {
	i := slices.IndexFunc(a.spec.Temporal, func(p model.Temporal) bool { return string(CheckTemporal)+" "+p.Name == f.Check })
	if i < 0 || f.Temporal != nil && f.Temporal.Part >= len(a.spec.Temporal[i].Parts) {
		return finding{}, fmt.Errorf("the symbolic engine reports %s, which the spec does not have", f.Check)
	}
	p := a.spec.Temporal[i]
	fair, err := fairness.Resolve(a.m, p.Fair)
	if err != nil {
		return finding{}, fmt.Errorf("temporal property %s: %w", p.Name, err)
	}
	if f.Temporal == nil { // holds, or inconclusive
		if !f.Inconclusive {
			r.Detail = temporalAssumption(p, fair)
		}
		return finding{result: r}, nil
	}
	part := p.Parts[f.Temporal.Part]
	v := &analysis.TemporalViolation{Trace: f.Trace, Trigger: f.Temporal.Trigger}
	r.Detail = temporalDetail(p, part, fair, v)
	return finding{result: r, validate: func(t *model.Trace) error {
		if p.FromLegit && !a.spec.Legit(t.States[0]) {
			return fmt.Errorf("the execution does not start in a legitimate configuration")
		}
		return analysis.BreaksFormula(a.m, t, part, fair, 0, v.Trigger)
	}}, nil
}
