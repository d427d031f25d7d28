package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/plural"
)

// recovery is the family of the recovery check: on a model with faults (faults.With)
// started in legitimate configurations, every execution with at most k faults reaches the
// legitimate set once its faults stop. It is convergence from every reachable configuration
// of the model with faults (its cycles are fault-free, since each fault spends the budget),
// with the worst cases measured from the first fault and from the last.
type recovery struct{ *checking }

func (recovery) checks() []Check { return []Check{CheckRecovery} }

func (a recovery) decide(Check) error {
	name := string(CheckRecovery)
	if a.labels == nil {
		a.partial(name)
		return nil
	}
	budget, _ := faults.BudgetOf(a.m) // validate saw it: a model with faults, maybe wrapped
	spec := budget.FaultSpec()
	end := "the legitimate set"
	if spec.KeepStart {
		end = "the configuration it started from"
	}
	g := goal{name: name, holds: a.spec.Legit, labels: a.labels, set: end}
	if _, bad := g.firstBad(a.checking); bad {
		return g.reaches(a.checking)
	}
	first := analysis.FromFirstFault(a.g, a.labels, a.labels.Steps, func(explore.Edge) uint32 { return 1 }, byte(spec.Budget))
	firstMoves := first
	if moves := a.labels.Weighted[analysis.ByMoves]; moves != nil {
		firstMoves = analysis.FromFirstFault(a.g, a.labels, moves, analysis.ByMoves.Weight, byte(spec.Budget))
	}
	last, err := analysis.FromLastFault(a.ctx, a.g, a.scan.Legit)
	if err != nil {
		return &InternalError{Check: name, Err: err}
	}
	r := &a.res.Recovery
	r.FirstSteps, r.FirstMoves, r.LastSteps = &first.Length, &firstMoves.Length, &last.Length
	if len(first.Witness.Nodes) > 0 { // none when no fault changes a reachable configuration
		r.FirstWitness = explore.TraceFromNodes(a.g, first.Witness.Nodes, first.Witness.Steps, -1)
	}
	if len(last.Witness.Nodes) > 0 {
		r.LastWitness = explore.TraceFromNodes(a.g, last.Witness.Nodes, last.Witness.Steps, -1)
	}
	roundsCheck, err := a.rounds(byte(spec.Budget))
	if err != nil {
		return &InternalError{Check: name, Err: err}
	}
	firstRounds, lastRounds := "", ""
	if r.FirstRounds != nil {
		firstRounds, lastRounds = ", "+plural.Count(*r.FirstRounds, "round"), ", "+plural.Count(*r.LastRounds, "round")
	}
	a.add(CheckResult{Name: name, Verdict: Holds, Detail: fmt.Sprintf(
		"%s; to %s, from the first fault at most %s, %s%s; from the last %s%s",
		spec, end, plural.Count(firstMoves.Length, "move"), plural.Count(first.Length, "step"), firstRounds, plural.Count(last.Length, "step"), lastRounds)}, func(*model.Trace) error {
		if err := a.afterFault(r.FirstWitness, first.Length, false); err != nil {
			return fmt.Errorf("the witness from the first fault: %w", err)
		}
		if err := a.afterFault(r.LastWitness, last.Length, true); err != nil {
			return err
		}
		return roundsCheck()
	})
	return nil
}

// rounds measures, with Spec.Rounds, the rounds from the first fault and from the
// last, and returns what replays their witnesses.
func (a recovery) rounds(budget byte) (func() error, error) {
	procs, ok := model.ProcessesOf(a.m)
	if !a.spec.Rounds || !ok || procs.Procs() > model.MaxFairProcs {
		return func() error { return nil }, nil
	}
	r := &a.res.Recovery
	first, err := analysis.WorstRoundsFrom(a.ctx, a.g, procs, a.scan.Legit, analysis.FaultTargets(a.g, budget, true), false, a.opts.workers())
	if err != nil {
		return nil, err
	}
	last, err := analysis.WorstRoundsFrom(a.ctx, a.g, procs, a.scan.Legit, analysis.FaultTargets(a.g, budget, false), true, a.opts.workers())
	if err != nil {
		return nil, err
	}
	r.FirstRounds, r.LastRounds = &first.Rounds, &last.Rounds
	check := func() error {
		for _, w := range []*analysis.RoundsWitness{first, last} {
			if len(w.Path.Steps) == 0 {
				continue
			}
			t := explore.TraceFromNodes(a.g, w.Path.Nodes, w.Path.Steps, -1)
			if err := model.Replay(a.m, t); err != nil {
				return err
			}
			if got, _, err := analysis.TraceRounds(a.m, t); err != nil || got != w.Rounds {
				return fmt.Errorf("a rounds witness after a fault has %d rounds, not %d (%v)", got, w.Rounds, err)
			}
		}
		return nil
	}
	return check, nil
}

// afterFault replays a recovery witness: from an initial configuration, a fault, and want
// steps to its last configuration, the first legitimate one after the fault (fault-free after
// it if faultFree).
func (a recovery) afterFault(t *model.Trace, want uint64, faultFree bool) error {
	if t == nil || len(t.States) == 0 {
		if want != 0 { // no fault changes a reachable configuration: nothing to measure
			return fmt.Errorf("no witness for a worst case of %d steps", want)
		}
		return nil
	}
	if err := model.Replay(a.m, t); err != nil {
		return err
	}
	if err := startsIn(a.m, t); err != nil {
		return err
	}
	steps, err := t.StepsOf(a.m)
	if err != nil {
		return err
	}
	at := -1 // the fault the measure starts after
	for i, st := range steps {
		if st.Fault && (at < 0 || faultFree) {
			at = i
		}
	}
	switch {
	case at < 0:
		return errors.New("no fault")
	case uint64(len(steps)-at-1) != want:
		return fmt.Errorf("%d steps after the fault, the worst case is %d", len(steps)-at-1, want)
	case !a.spec.Legit(t.States[len(t.States)-1]):
		return errors.New("the last configuration is not legitimate")
	}
	for i := at + 1; i < len(t.States)-1; i++ {
		if a.spec.Legit(t.States[i]) {
			return fmt.Errorf("configuration %d after the fault is legitimate already", i)
		}
	}
	return nil
}
