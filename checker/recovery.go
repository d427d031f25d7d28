package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/model"
)

// recovery decides, on a model with faults (model.WithFaults) started in legitimate
// configurations, that every execution with at most k faults reaches the legitimate set once
// its faults stop: convergence from every reachable configuration of the model with faults
// (its cycles are fault-free, since each fault spends the budget). The worst cases are
// measured from the first fault and from the last.
func (a *checking) recovery() error {
	name := string(CheckRecovery)
	if a.labels == nil {
		a.partial(name)
		return nil
	}
	g := goal{name: name, holds: a.spec.Legit, labels: a.labels, set: "the legitimate set"}
	if _, bad := a.firstBad(g); bad {
		return a.reaches(g)
	}
	spec := a.m.(model.FaultBudget).FaultSpec()
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
	r.FirstWitness = explore.TraceFromNodes(a.g, first.Witness.Nodes, first.Witness.Steps, -1)
	r.LastWitness = explore.TraceFromNodes(a.g, last.Witness.Nodes, last.Witness.Steps, -1)
	a.add(CheckResult{Name: name, Verdict: Holds, Detail: fmt.Sprintf(
		"%s: at most %d moves and %d steps from the first fault, %d steps from the last, to the legitimate set",
		spec, firstMoves.Length, first.Length, last.Length)}, func(*model.Trace) error {
		if err := a.afterFault(r.FirstWitness, first.Length, false); err != nil {
			return fmt.Errorf("the witness from the first fault: %w", err)
		}
		return a.afterFault(r.LastWitness, last.Length, true)
	})
	return nil
}

// afterFault replays a recovery witness: from an initial configuration, a fault, and want
// steps to its last configuration, the first legitimate one after the fault (fault-free after
// it if faultFree).
func (a *checking) afterFault(t *model.Trace, want uint64, faultFree bool) error {
	if t == nil || len(t.States) == 0 {
		return nil
	}
	if err := model.Replay(a.m, t); err != nil {
		return err
	}
	if err := a.startsInit(t); err != nil {
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
