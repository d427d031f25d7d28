package model

import "fmt"

// Traits is what a model is, as the checker asks it before and after exploring: one value,
// which a model reports (a method Traits() Traits) and which each wrapper copies from the model it wraps and
// edits where it changes the answer. One value, not one optional interface each, so that no
// wrapper can forget to forward one: a quotient that did not forward the blocks reduction
// once let a run measure a worst case the reduction does not keep.
type Traits struct {
	// Timed: the steps carry time (Step.Ticks), and the worst case is also measured in ticks.
	Timed bool
	// Clock, when Timed, is the process whose moves are the ticks (a Clocked protocol's
	// clock): traces do not count its moves as a process's.
	Clock int
	// OneMovePerStep: every step is exactly one move (a protocol under the central daemon),
	// so moves equal steps and the worst case is measured once. False when not known.
	OneMovePerStep bool
	// Probabilistic: the steps carry probabilities. The outcomes of one choice of the
	// scheduler are consecutive steps with the same Step.Choice, their Step.Prob adding up to
	// 1. A model that is not is read as one whose every step is a choice of its own.
	Probabilistic bool
	// Reduced names the reduction of the transition relation the model explores ("blocks"),
	// or is "": such a model keeps the reachable configurations, deadlocks and cycles, not the
	// steps themselves, and the checks that need the steps refuse it.
	Reduced string
	// Identity names the transition relation for checkpoints, beyond the schema: a checkpoint
	// is never resumed against another relation. TraitsOf gives the Go type when it is "".
	Identity string
}

// traited is implemented by models that say what they are. A model without it has the zero
// Traits, the conservative answers: untimed, not known to take one move a step, not
// probabilistic, unreduced; a wrapper without it (a Wrapper that is not traited) keeps the
// reduction of the model it wraps, which only a model that says so may drop.
type traited interface {
	Traits() Traits
}

// TraitsOf is what m is: its own Traits, with its Go type for an empty Identity.
func TraitsOf(m Model) Traits {
	var t Traits
	switch x := m.(type) {
	case traited:
		t = x.Traits()
	case Wrapper:
		base := TraitsOf(x.Unwrap())
		t = Traits{Reduced: base.Reduced, Identity: fmt.Sprintf("%T over %s", m, base.Identity)}
	}
	if t.Identity == "" {
		t.Identity = fmt.Sprintf("%T", m)
	}
	return t
}
