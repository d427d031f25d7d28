package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/model"
)

func (a *checking) convergence() error {
	name := string(CheckConvergence)
	switch {
	case a.labels == nil:
		a.partial(name)
	case !a.labels.Bad:
		a.add(CheckResult{Name: name, Verdict: Holds}, nil)
	case a.spec.Fairness == WeaklyFair:
		return a.fairConvergence()
	default:
		a.avoiding(name, "")
	}
	return nil
}

// avoiding reports the unfair counterexample: a lasso or a path to a deadlock, outside L.
func (a *checking) avoiding(name, prefix string) {
	t := analysis.AvoidingTrace(a.g, a.labels, analysis.FirstBad(a.g, a.labels))
	c := CheckResult{Name: name, Verdict: Violated, Trace: t}
	if t.IsLasso() {
		c.Detail = fmt.Sprintf("%sa cycle of %d steps avoids the legitimate set (stem of %d steps)",
			prefix, len(t.States)-t.LoopStart, t.LoopStart)
		a.add(c, a.loopAvoidsLegit)
		return
	}
	c.Detail = fmt.Sprintf("%san illegitimate configuration without successors, %d steps in", prefix, len(t.Steps))
	a.add(c, a.endsInDeadlock)
}

// fairConvergence: outside L there are cycles; convergence fails if a deadlock is reachable
// outside L or one of the cycles can be run forever fairly.
func (a *checking) fairConvergence() error {
	name := string(CheckConvergence)
	if id, found := a.labels.Deadlock.Get(); found {
		t := explore.PathTrace(a.g, id)
		a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
			Detail: fmt.Sprintf("an illegitimate configuration without successors, %d steps in", len(t.Steps))},
			a.endsInDeadlock)
		return nil
	}
	scc, err := analysis.FindFairSCC(a.g, a.m.(model.Processes), a.labels)
	if errors.Is(err, analysis.ErrNoMovers) {
		return &InternalError{Check: name, Err: err}
	}
	if err != nil {
		return err
	}
	if scc == nil {
		a.add(CheckResult{Name: name, Verdict: Holds,
			Detail: "every cycle outside the legitimate set is unfair to some process"}, nil)
		return nil
	}
	t := analysis.FairLasso(a.g, a.m, scc)
	a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
		Detail: fmt.Sprintf("a weakly fair cycle of %d steps avoids the legitimate set (stem of %d steps)",
			len(t.States)-t.LoopStart, t.LoopStart)},
		func(t *model.Trace) error {
			if err := a.loopAvoidsLegit(t); err != nil {
				return err
			}
			return analysis.LoopIsFair(a.m, t)
		})
	return nil
}

func (a *checking) worstCase() {
	name := string(CheckWorstCase)
	if a.labels == nil {
		a.partial(name)
		return
	}
	if a.labels.Bad {
		// Unbounded: even under weak fairness an unfair cycle can be run any number of times.
		a.avoiding(name, "unbounded: ")
		return
	}
	l := a.labels
	steps, st := analysis.WorstWitness(a.g, l.Steps, l.Steps, func(explore.Edge) uint32 { return 1 })
	witnesses := []witness{{st, steps, nil}}
	a.res.WorstCaseSteps, a.res.StepsWitness = &steps, st
	a.res.WorstCaseMoves, a.res.MovesWitness = &steps, st
	detail := fmt.Sprintf("at most %d moves and %d steps", steps, steps)
	for m, labels := range l.Weighted {
		if labels == nil {
			continue
		}
		mm := analysis.Measure(m)
		worst, t := analysis.WorstWitness(a.g, l.Steps, labels, mm.Weight)
		witnesses = append(witnesses, witness{t, worst, &mm})
		switch mm {
		case analysis.ByMoves:
			a.res.WorstCaseMoves, a.res.MovesWitness = &worst, t
			detail = fmt.Sprintf("at most %d moves and %d steps", worst, steps)
		case analysis.ByTicks:
			a.res.WorstCaseTicks, a.res.TicksWitness = &worst, t
			detail += fmt.Sprintf(", %d ticks", worst)
		}
	}
	a.found = append(a.found, finding{result: CheckResult{Name: name, Verdict: Holds, Detail: detail + " before the legitimate set"},
		witnesses: witnesses})
}
