package model

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/plural"
)

// Trace is an execution: States[i+1] is the successor of States[i] by the step of index
// Steps[i], or by a fault where Steps[i] is FaultStep. A lasso has LoopStart ≥ 0 and one more
// step, from the last state back to States[LoopStart]; a finite path has LoopStart = -1.
type Trace struct {
	States    []State
	Steps     []int
	LoopStart int
}

// FaultStep is the index of a fault step told by the states before and after it, not by its
// number among the successors: a simulation's fault rewrites a whole process, and the
// rewrites of one LE(k) process are more than an int can number. Only a model that tells
// fault steps so (a FaultFinder, the outermost model) replays it.
const FaultStep = -1

// FaultFinder is a model with faults (faults.With) that finds the fault step from s to t,
// or says why there is none.
type FaultFinder interface {
	FaultTo(s, t State) (Step, error)
}

// Equal reports whether t and u are the same execution (or both nil): the same states,
// steps and loop.
func (t *Trace) Equal(u *Trace) bool {
	if t == nil || u == nil {
		return t == u
	}
	return t.LoopStart == u.LoopStart && slices.Equal(t.Steps, u.Steps) && slices.EqualFunc(t.States, u.States, State.Equal)
}

// IsLasso reports whether the trace ends in a loop.
func (t *Trace) IsLasso() bool { return t.LoopStart >= 0 }

// Moves returns the moves of every step, by replaying it.
func (t *Trace) Moves(m Model) ([][]Move, error) {
	steps, err := t.StepsOf(m)
	out := make([][]Move, len(steps))
	for i, st := range steps {
		out[i] = st.Moves
	}
	return out, err
}

// StepsOf returns every step of the trace, by replaying it.
func (t *Trace) StepsOf(m Model) ([]Step, error) {
	out := make([]Step, len(t.Steps))
	for i := range t.Steps {
		st, _, err := t.step(m, i)
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
		out[i] = st
	}
	return out, nil
}

// step is the trace's i-th step from its state, and where it leads: found by its index, or
// for a FaultStep by its target.
func (t *Trace) step(m Model, i int) (Step, State, error) {
	if t.Steps[i] != FaultStep {
		return StepOf(m, t.States[i], t.Steps[i])
	}
	f, ok := m.(FaultFinder)
	if !ok {
		return Step{}, nil, errors.New("a fault, and the model has no faults")
	}
	st, err := f.FaultTo(t.States[i], t.target(i))
	if err != nil {
		return Step{}, nil, err
	}
	return st, t.target(i).Clone(), nil
}

// target is the state the i-th step must reach.
func (t *Trace) target(i int) State {
	if i+1 < len(t.States) {
		return t.States[i+1]
	}
	return t.States[t.LoopStart]
}

// Replay re-executes every step of t through m and fails on the first step that is not a legal
// step of the model or does not reach the next state of the trace.
func Replay(m Model, t *Trace) error {
	if len(t.States) == 0 {
		return errors.New("empty trace")
	}
	if t.LoopStart < -1 {
		return fmt.Errorf("loop start %d: want -1 (no loop) or a state index", t.LoopStart)
	}
	want := len(t.States) - 1
	if t.IsLasso() {
		want++
		if t.LoopStart >= len(t.States) {
			return fmt.Errorf("loop start %d is past the last state %d", t.LoopStart, len(t.States)-1)
		}
	}
	if len(t.Steps) != want {
		return fmt.Errorf("%s need %s, the trace has %d", plural.Count(len(t.States), "state"), plural.Count(want, "step"), len(t.Steps))
	}
	for i, s := range t.States {
		if err := m.Schema().Valid(s); err != nil {
			return fmt.Errorf("state %d: %w", i, err)
		}
	}
	for i := range t.Steps {
		_, next, err := t.step(m, i)
		if err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		if !next.Equal(t.target(i)) {
			return fmt.Errorf("step %d (index %d) from %s leads to %s, not to %s", i, t.Steps[i],
				m.Schema().Format(t.States[i]), m.Schema().Format(next), m.Schema().Format(t.target(i)))
		}
	}
	return nil
}

// StepOf returns the step of the given index from s, with its moves copied, and its target.
func StepOf(m Model, s State, index int) (Step, State, error) {
	var step Step
	var next State
	m.Successors(s, func(st Step, t State) bool {
		if st.Index != index {
			return true
		}
		step = st
		step.Moves = append([]Move(nil), st.Moves...)
		next = t.Clone()
		return false
	})
	if next == nil {
		if limit := BehaviourOf(m).Limit; limit != nil {
			if err := limit(); err != nil { // the successors were cut: say why
				return step, nil, fmt.Errorf("%s has no step of index %d: %w", m.Schema().Format(s), index, err)
			}
		}
		return step, nil, fmt.Errorf("%s has no step of index %d", m.Schema().Format(s), index)
	}
	return step, next, nil
}
