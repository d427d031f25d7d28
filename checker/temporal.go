package checker

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/fairness"
	"github.com/mc-checker/mc/checker/plural"
)

// temporal is the family of the temporal check: each of the spec's temporal properties
// (model.Temporal) decided on the complete graph by analysis.DecideTemporal, its parts in
// order, the first counterexample reported.
type temporal struct{ *checking }

func (temporal) checks() []Check { return []Check{CheckTemporal} }

func (a temporal) decide(Check) error {
	for _, p := range a.spec.Temporal {
		name := string(CheckTemporal) + " " + p.Name
		if !a.complete {
			a.partial(name)
			continue
		}
		if err := a.opts.fits(a.g.Size(), a.g.Size()*analysis.TemporalBytes, "the temporal check"); err != nil {
			a.add(CheckResult{Name: name, Verdict: Inconclusive, Detail: err.Error()}, nil)
			continue
		}
		if err := a.property(name, p); err != nil {
			return err
		}
	}
	return nil
}

// property decides one property: holds if no part has a counterexample.
func (a temporal) property(name string, p model.Temporal) error {
	fair, err := fairness.Resolve(a.m, p.Fair)
	if err != nil {
		return fmt.Errorf("temporal property %s: %w", p.Name, err)
	}
	sources := a.startsOf(p)
	for _, f := range p.Parts {
		q := analysis.TemporalQuery{Kind: f.Kind, P: analysis.Mark(a.ctx, a.g, f.P, a.opts.workers()), Sources: sources, Fair: fair}
		if f.Q != nil {
			q.Q = analysis.Mark(a.ctx, a.g, f.Q, a.opts.workers())
		}
		v, err := analysis.DecideTemporal(a.ctx, a.g, q)
		if a.ctx.Err() != nil {
			a.partial(name)
			return nil
		}
		if err != nil {
			return err
		}
		if v != nil {
			a.add(CheckResult{Name: name, Verdict: Violated, Trace: v.Trace, Detail: temporalDetail(p, f, fair, v)},
				func(t *model.Trace) error {
					if p.FromLegit && !a.spec.Legit(t.States[v.Start]) {
						return fmt.Errorf("the execution does not start in a legitimate configuration")
					}
					return analysis.BreaksFormula(a.m, t, f, fair, v.Start, v.Trigger)
				})
			return nil
		}
	}
	a.add(CheckResult{Name: name, Verdict: Holds, Detail: temporalAssumption(p, fair)}, nil)
	return nil
}

// startsOf is where p's executions start: the initial nodes, or the reached legitimate ones.
func (a temporal) startsOf(p model.Temporal) par.Bitmap {
	if p.FromLegit {
		return analysis.Mark(a.ctx, a.g, a.spec.Legit, a.opts.workers())
	}
	b := par.NewBitmap(a.g.Size())
	for id := range a.g.Size() {
		if a.g.Initial(id) {
			b.Set(id)
		}
	}
	return b
}

// temporalAssumption says where the executions start and under which fairness.
func temporalAssumption(p model.Temporal, fair *fairness.Assumption) string {
	from := "from the initial configurations"
	if p.FromLegit {
		from = "from the legitimate configurations"
	}
	if len(p.Fair) == 0 {
		return from + ", every execution"
	}
	clauses := make([]string, len(p.Fair))
	for i, c := range p.Fair {
		clauses[i] = c.String()
	}
	return fmt.Sprintf("%s, under %s fairness (%s)", from, strings.Join(clauses, ", "), plural.Count(len(fair.Units()), "unit"))
}

// temporalDetail says what the counterexample v to part f of p shows.
func temporalDetail(p model.Temporal, f model.Formula, fair *fairness.Assumption, v *analysis.TemporalViolation) string {
	t := v.Trace
	// how the execution ends: a loop, or a stop (a configuration without successors)
	stops := !t.IsLasso()
	loop := ""
	if !stops {
		cycle := "a cycle"
		if len(fair.Units()) > 0 {
			cycle = "a fair cycle"
		}
		loop = fmt.Sprintf("%s of %s (stem of %s)", cycle, plural.Count(len(t.States)-t.LoopStart, "step"), plural.Count(t.LoopStart, "step"))
	}
	stop := "the execution stops after " + plural.Count(len(t.Steps), "step")
	var detail string
	switch k := f.Kind; {
	case k == model.Always:
		detail = "the predicate fails after " + plural.Count(len(t.Steps), "step")
	case k == model.Eventually && stops:
		detail = "the predicate never holds: " + stop + " without reaching it"
	case k == model.Eventually:
		detail = "the predicate never holds: " + loop + " avoids it"
	case k == model.AlwaysEventually && stops:
		detail = fmt.Sprintf("the predicate holds no more after step %d: %s outside it", v.Trigger, stop)
	case k == model.AlwaysEventually:
		detail = fmt.Sprintf("the predicate holds no more after step %d: %s avoids it", v.Trigger, loop)
	case k == model.LeadsTo && stops:
		detail = fmt.Sprintf("the premise holds at step %d, and %s without reaching the goal", v.Trigger, stop)
	case k == model.LeadsTo:
		detail = fmt.Sprintf("the premise holds at step %d, and %s never reaches the goal", v.Trigger, loop)
	case k == model.EventuallyAlways && stops:
		detail = "the predicate fails forever: " + stop + " outside it"
	case k == model.EventuallyAlways:
		detail = "the predicate fails infinitely often: " + loop + " leaves it"
	}
	if f.Label != "" {
		detail = "for " + f.Label + ", " + detail
	}
	if p.FromLegit && v.Start > 0 {
		detail += fmt.Sprintf("; the execution starts in the legitimate configuration of step %d", v.Start)
	}
	return detail
}
