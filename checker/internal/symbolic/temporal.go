package symbolic

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
)

// Temporal properties (model.Temporal) on BDDs, unfair or weakly fair per process, their
// predicates given as forms. Every configuration is initial; a property from the legitimate
// configurations starts in every legitimate one. A counterexample to a part is a maximal
// execution (a deadlock stutters) that breaks it:
//
//	always P           a path to ¬P                                   E[true U ¬P]
//	eventually P       from the start, an execution inside ¬P         EG ¬P
//	always eventually  a path to a configuration of EG ¬P             E[true U EG ¬P]
//	P leadsto Q        a path to P ∧ ¬Q, then an execution inside ¬Q  E[true U (P ∧ ¬Q ∧ EG ¬Q)]
//	eventually always  a path to an execution through ¬P infinitely often
//
// where EG W (fair) is E[W U (C ∪ D)]: C the fair cycles inside W (fair.go, with ¬P as a
// Büchi set for eventually always), D the deadlocks in W (in ¬P for eventually always). The
// witness is a shortest path to the trigger (the configuration from which the avoiding
// execution runs), then a path down the until's layers, then a deadlock or a cycle.

// TemporalWitness locates a temporal counterexample: the part it breaks and the index of its
// trigger in the trace (the execution starts at 0).
type TemporalWitness struct {
	Part, Trigger int
}

func (ru *run) temporal() error {
	for _, p := range ru.in.Temporal {
		f, err := ru.temporalProperty(p)
		if err != nil {
			return err
		}
		ru.add(f)
	}
	return nil
}

// temporalProperty decides one property: its first part broken, or holds.
func (ru *run) temporalProperty(p model.Temporal) (Finding, error) {
	name := "temporal " + p.Name
	start := bdd.True
	if p.FromLegit {
		start = ru.legit
	}
	for i, f := range p.Parts {
		t, trigger, err := ru.breaks(f, start, len(p.Fair) > 0)
		if err != nil {
			return Finding{}, fmt.Errorf("%s: %w", name, err)
		}
		if t != nil {
			return Finding{Check: name, Violated: true, Trace: t, Temporal: &TemporalWitness{Part: i, Trigger: trigger}}, nil
		}
	}
	return Finding{Check: name}, nil
}

// breaks is a counterexample to f from start, weakly fair if weak, and its trigger; nil if
// f holds.
func (ru *run) breaks(f model.Formula, start bdd.Node, weak bool) (*model.Trace, int, error) {
	m := ru.e.m
	p, q, err := ru.predicates(f)
	if err != nil {
		return nil, 0, err
	}
	if f.Kind == model.Always {
		t, err := ru.reaching(start, m.Not(p))
		if t == nil || err != nil {
			return nil, 0, err
		}
		return t, len(t.States) - 1, nil
	}
	within, trigger, buchi := m.Not(p), m.Not(p), bdd.False
	switch f.Kind {
	case model.LeadsTo:
		within, trigger = m.Not(q), m.And(p, m.Not(q))
	case model.EventuallyAlways:
		within, trigger, buchi = bdd.True, bdd.True, m.Not(p)
	}
	var conds []condition
	if weak {
		conds = ru.weakConditions()
	}
	if f.Kind == model.EventuallyAlways { // a Büchi set, even an empty one
		conds = append(conds, condition{proc: -1, set: buchi})
	}
	keep := []bdd.Node{p, q, start, within, trigger, buchi}
	cycles, err := ru.fairCycles(within, conds, keep...)
	if err != nil {
		return nil, 0, err
	}
	ends := m.And(within, m.Not(ru.r.moving)) // a deadlock stutters: an execution of its own
	if f.Kind == model.EventuallyAlways {
		ends = m.And(ends, buchi)
	}
	avoiding, err := ru.untilLayers(within, m.Or(cycles, ends))
	if err != nil {
		return nil, 0, err
	}
	triggers := m.And(trigger, avoiding[len(avoiding)-1])
	if f.Kind == model.Eventually {
		triggers = m.And(triggers, start) // the avoiding execution is the whole execution
	}
	stem, err := ru.reaching(start, triggers)
	if stem == nil || err != nil {
		return nil, 0, err
	}
	at := len(stem.States) - 1
	t, err := ru.avoidingFrom(stem, avoiding, cycles, ends, conds)
	return t, at, err
}

// predicates builds f's P, and Q for leadsto (else false).
func (ru *run) predicates(f model.Formula) (p, q bdd.Node, err error) {
	if f.PForm == nil || f.Kind == model.LeadsTo && f.QForm == nil {
		return bdd.False, bdd.False, fmt.Errorf("the symbolic engine needs the property's predicates as censuses of local facts")
	}
	if p, err = ru.e.form(f.PForm, ru.views); err != nil || f.Kind != model.LeadsTo {
		return p, bdd.False, err
	}
	q, err = ru.e.form(f.QForm, ru.views)
	return p, q, err
}

// reaching is a shortest path from a configuration of start to one of goal, or nil if none
// of start reaches goal.
func (ru *run) reaching(start, goal bdd.Node) (*model.Trace, error) {
	layers, err := ru.untilLayers(bdd.True, goal)
	if err != nil {
		return nil, err
	}
	for _, l := range layers {
		if s := ru.e.pick(ru.e.m.And(start, l)); s != nil {
			return ru.walkDown(s, layers)
		}
	}
	return nil, nil
}

// avoidingFrom extends the stem, which ends at a trigger, down the avoiding layers to a
// deadlock of ends (the execution stops) or into the cycles, then around a cycle that meets
// the conditions.
func (ru *run) avoidingFrom(stem *model.Trace, avoiding []bdd.Node, cycles, ends bdd.Node, conds []condition) (*model.Trace, error) {
	way, err := ru.walkDown(stem.States[len(stem.States)-1], avoiding)
	if err != nil {
		return nil, err
	}
	t := join(stem, way)
	last := t.States[len(t.States)-1]
	if ru.e.holds(ends, last) {
		return t, nil
	}
	in, loop, err := ru.lassoFrom(last, cycles, conds)
	if err != nil {
		return nil, err
	}
	t = join(t, in)
	t.LoopStart = len(t.States) - 1
	t.Steps = append(t.Steps, loop.Steps...)
	t.States = append(t.States, loop.States[1:]...)
	return t, nil
}

// join is path a followed by path b, which starts where a ends.
func join(a, b *model.Trace) *model.Trace {
	return path(append(append([]model.State(nil), a.States...), b.States[1:]...), append(append([]int{}, a.Steps...), b.Steps...))
}
