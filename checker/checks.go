package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

func (a *analysis) convergence() error {
	name := string(CheckConvergence)
	if a.longest == nil {
		return a.partial(name)
	}
	if !a.longest.bad {
		return a.add(CheckResult{Name: name, Verdict: Holds}, nil)
	}
	if a.spec.Fairness == WeaklyFair {
		return a.fairConvergence()
	}
	return a.avoiding(name, "")
}

// avoiding reports the unfair counterexample: a lasso or a path to a deadlock, outside L.
func (a *analysis) avoiding(name, prefix string) error {
	t := avoidingTrace(a.g, a.longest, firstBad(a.g, a.longest))
	c := CheckResult{Name: name, Verdict: Violated, Trace: t}
	if t.IsLasso() {
		c.Detail = fmt.Sprintf("%sa cycle of %d steps avoids the legitimate set (stem of %d steps)",
			prefix, len(t.States)-t.LoopStart, t.LoopStart)
		return a.add(c, a.loopAvoidsLegit)
	}
	c.Detail = fmt.Sprintf("%san illegitimate configuration without successors, %d steps in", prefix, len(t.Steps))
	return a.add(c, a.endsInDeadlock)
}

// fairConvergence: outside L there are cycles; convergence fails if a deadlock is reachable
// outside L or one of the cycles can be run forever fairly.
func (a *analysis) fairConvergence() error {
	name := string(CheckConvergence)
	if id, found := a.longest.deadlock.get(); found {
		t := a.pathTrace(id)
		return a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
			Detail: fmt.Sprintf("an illegitimate configuration without successors, %d steps in", len(t.Steps))},
			a.endsInDeadlock)
	}
	scc, err := findFairSCC(a.g, a.model.(model.Processes), a.longest)
	if err != nil {
		return err
	}
	if scc == nil {
		return a.add(CheckResult{Name: name, Verdict: Holds,
			Detail: "every cycle outside the legitimate set is unfair to some process"}, nil)
	}
	t := fairLasso(a.g, a.model, scc)
	return a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
		Detail: fmt.Sprintf("a weakly fair cycle of %d steps avoids the legitimate set (stem of %d steps)",
			len(t.States)-t.LoopStart, t.LoopStart)},
		func(t *model.Trace) error {
			if err := a.loopAvoidsLegit(t); err != nil {
				return err
			}
			return loopIsFair(a.model, t)
		})
}

func (a *analysis) worstCase() error {
	name := string(CheckWorstCase)
	if a.longest == nil {
		return a.partial(name)
	}
	if a.longest.bad {
		// Unbounded: even under weak fairness an unfair cycle can be run any number of times.
		return a.avoiding(name, "unbounded: ")
	}
	l := a.longest
	steps, st := worstWitness(a.g, l.steps, l.steps, func(edge) uint32 { return 1 })
	if err := a.checkWitness(st, steps, nil); err != nil {
		return err
	}
	a.res.WorstCaseSteps, a.res.StepsWitness = &steps, st
	a.res.WorstCaseMoves, a.res.MovesWitness = &steps, st
	detail := fmt.Sprintf("at most %d moves and %d steps", steps, steps)
	for m, labels := range l.weighted {
		if labels == nil {
			continue
		}
		mm := measure(m)
		worst, t := worstWitness(a.g, l.steps, labels, mm.weight)
		if err := a.checkWitness(t, worst, &mm); err != nil {
			return err
		}
		switch mm {
		case byMoves:
			a.res.WorstCaseMoves, a.res.MovesWitness = &worst, t
			detail = fmt.Sprintf("at most %d moves and %d steps", worst, steps)
		case byTicks:
			a.res.WorstCaseTicks, a.res.TicksWitness = &worst, t
			detail += fmt.Sprintf(", %d ticks", worst)
		}
	}
	return a.add(CheckResult{Name: name, Verdict: Holds, Detail: detail + " before the legitimate set"}, nil)
}

// checkWitness replays a worst-case witness and checks that it is illegitimate until its last
// state, which is legitimate, and as long as claimed in steps or in the given measure.
func (a *analysis) checkWitness(t *model.Trace, want uint64, m *measure) error {
	if t == nil {
		return nil
	}
	fail := func(err error) error { return &InternalError{Check: string(CheckWorstCase), Err: err} }
	if err := model.Replay(a.model, t); err != nil {
		return fail(err)
	}
	for i, s := range t.States {
		if last := i == len(t.States)-1; a.spec.Legit(s) != last {
			return fail(fmt.Errorf("state %d: legitimate = %v", i, !last))
		}
	}
	length := uint64(len(t.Steps))
	if m != nil {
		steps, err := t.StepsOf(a.model)
		if err != nil {
			return fail(err)
		}
		length = 0
		for _, st := range steps {
			if *m == byMoves {
				length += uint64(st.MoveCount())
			} else {
				length += uint64(st.Ticks)
			}
		}
	}
	if length != want {
		return fail(fmt.Errorf("the witness has length %d, the worst case is %d", length, want))
	}
	return nil
}

func (a *analysis) endsInDeadlock(t *model.Trace) error {
	last := t.States[len(t.States)-1]
	if a.spec.Legit != nil && a.spec.Legit(last) {
		return errors.New("the last state is legitimate")
	}
	has := false
	a.model.Successors(last, func(model.Step, model.State) bool { has = true; return false })
	if has {
		return errors.New("the last state has a successor")
	}
	return nil
}

func (a *analysis) loopAvoidsLegit(t *model.Trace) error {
	if !t.IsLasso() {
		return errors.New("not a lasso")
	}
	for i := t.LoopStart; i < len(t.States); i++ {
		if a.spec.Legit(t.States[i]) {
			return fmt.Errorf("loop state %d is legitimate", i)
		}
	}
	return nil
}

// startsInit checks that a trace starts in an initial state.
func (a *analysis) startsInit(t *model.Trace) error {
	if where, ok := model.InitOverUniverse(a.model); ok {
		if where != nil && !where(t.States[0]) {
			return errors.New("the first state is not initial")
		}
		return nil
	}
	found := false
	a.model.Init(func(s model.State) bool {
		found = s.Equal(t.States[0])
		return !found
	})
	if !found {
		return errors.New("the first state is not initial")
	}
	return nil
}
