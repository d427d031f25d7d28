package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/por"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/checker/plural"
)

// replay is the last stage: every counterexample is re-executed through the model, must start
// in an initial state and show what its check claims, and every worst-case witness must be
// an execution as long as claimed. Only then are the results returned; a failure is an
// *InternalError, never a verdict.
func (a *checking) replay() error {
	if q, ok := symmetry.QuotientOf(a.m); ok {
		if err := a.lift(q); err != nil {
			return err
		}
		a.m = q.Base() // every trace is now an execution of the base, replayed through it
	}
	if r, ok := por.ReductionOf(a.m); ok {
		a.m = r.Unreduced() // a reduced trace is an execution of the full model: replayed through it
	}
	for _, f := range a.found {
		c := f.result
		for _, w := range f.witnesses {
			if err := a.checkWitness(w); err != nil {
				return &InternalError{Check: c.Name, Err: err}
			}
		}
		err := error(nil)
		if c.Trace != nil {
			err = model.Replay(a.m, c.Trace)
			if err == nil {
				err = startsIn(a.m, c.Trace)
			}
		}
		if err == nil && f.validate != nil {
			err = f.validate(c.Trace)
		}
		if err != nil {
			return &InternalError{Check: c.Name, Err: err}
		}
		a.res.Checks = append(a.res.Checks, c)
	}
	return nil
}

// lift turns every trace of a quotient's representatives into an execution of its base.
func (a *checking) lift(q symmetry.Quotient) error {
	liftOne := func(name string, t **model.Trace) error {
		if *t == nil {
			return nil
		}
		lifted, err := q.Lift(*t)
		if err != nil {
			return &InternalError{Check: name, Err: err}
		}
		*t = lifted
		return nil
	}
	for i := range a.found {
		f := &a.found[i]
		quotient := f.result.Trace
		if err := liftOne(f.result.Name, &f.result.Trace); err != nil {
			return err
		}
		if t := f.result.Trace; t != nil && t.IsLasso() && len(t.States)-t.LoopStart != len(quotient.States)-quotient.LoopStart {
			f.result.Detail += fmt.Sprintf(" (up to rotation; as an execution, the loop takes %s)", plural.Count(len(t.States)-t.LoopStart, "step"))
		}
		for j := range f.witnesses {
			old := f.witnesses[j].trace
			if err := liftOne(f.result.Name, &f.witnesses[j].trace); err != nil {
				return err
			}
			a.relink(old, f.witnesses[j].trace)
		}
	}
	return nil
}

// relink points the result's witnesses at their lifted traces.
func (a *checking) relink(old, lifted *model.Trace) {
	for _, p := range []**model.Trace{&a.res.MovesWitness, &a.res.StepsWitness, &a.res.TicksWitness, &a.res.RoundsWitness} {
		if *p == old && old != nil {
			*p = lifted
		}
	}
}

// checkWitness replays a worst-case witness and checks that it is illegitimate until its last
// state, which is legitimate, and as long as claimed in steps or in its measure.
func (a *checking) checkWitness(w witness) error {
	t := w.trace
	if t == nil {
		return nil
	}
	if err := model.Replay(a.m, t); err != nil {
		return err
	}
	for i, s := range t.States {
		if last := i == len(t.States)-1; a.spec.Legit(s) != last {
			return fmt.Errorf("state %d: legitimate = %v", i, !last)
		}
	}
	length := uint64(len(t.Steps))
	if w.rounds {
		var err error
		if length, _, err = analysis.TraceRounds(a.m, t); err != nil {
			return err
		}
	}
	if w.measure != nil {
		steps, err := t.StepsOf(a.m)
		if err != nil {
			return err
		}
		length = 0
		for _, st := range steps {
			if *w.measure == analysis.ByMoves {
				length += uint64(st.MoveCount())
			} else {
				length += uint64(st.Ticks)
			}
		}
	}
	if length != w.want {
		return fmt.Errorf("the witness has length %d, the worst case is %d", length, w.want)
	}
	return nil
}

func (a *checking) endsInDeadlock(t *model.Trace) error {
	return a.endsInDeadlockOutside(a.spec.Legit)(t)
}

// endsInDeadlockOutside checks that a trace ends in a configuration without successors that
// is outside goal (nil: anywhere).
func (a *checking) endsInDeadlockOutside(goal model.Predicate) func(*model.Trace) error {
	return func(t *model.Trace) error {
		last := t.States[len(t.States)-1]
		if goal != nil && goal(last) {
			return errors.New("the last state is in the goal")
		}
		has := false
		a.m.Successors(last, func(model.Step, model.State) bool { has = true; return false }) // a.m: the model replayed through
		if has {
			return errors.New("the last state has a successor")
		}
		return nil
	}
}

// loopAvoids checks that a trace is a lasso whose loop stays outside goal.
func (a *checking) loopAvoids(goal model.Predicate) func(*model.Trace) error {
	return func(t *model.Trace) error {
		if !t.IsLasso() {
			return errors.New("not a lasso")
		}
		for i := t.LoopStart; i < len(t.States); i++ {
			if goal(t.States[i]) {
				return fmt.Errorf("loop state %d is in the goal", i)
			}
		}
		return nil
	}
}

// startsIn checks that a trace starts in an initial configuration of m.
func startsIn(m model.Model, t *model.Trace) error {
	if where, ok := model.InitOverUniverse(m); ok {
		if where != nil && !where(t.States[0]) {
			return errors.New("the first state is not initial")
		}
		return nil
	}
	found := false
	m.Init(func(s model.State) bool {
		found = s.Equal(t.States[0])
		return !found
	})
	if !found {
		return errors.New("the first state is not initial")
	}
	return nil
}
