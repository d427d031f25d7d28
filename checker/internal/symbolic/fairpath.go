package symbolic

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
)

// The witnesses of fair cycles (fair.go): paths through the fixpoint's set, walked along the
// model's own steps.

// meeting is a path within Z from s that meets each condition in turn: for a process, a
// configuration where it is disabled or one of its steps; for a Büchi set, a configuration in
// it. It has at least one step.
func (ru *run) meeting(s model.State, z bdd.Node, conds []condition) (*model.Trace, model.State, error) {
	t := &model.Trace{States: []model.State{s}, LoopStart: 0}
	cur := s
	for _, c := range conds {
		layers, err := ru.untilLayers(z, ru.goal(c, z, z))
		if err != nil {
			return nil, nil, err
		}
		for k := ru.layerOf(layers, cur); k > 0; k-- {
			st, ok := ru.successorWhere(cur, func(x []byte) bool { return ru.e.holds(z, x) && ru.layerOf(layers, x) == k-1 })
			if !ok {
				return nil, nil, fmt.Errorf("fair cycle: no step of the model from %s goes down the layers", ru.in.Model.Schema().Format(cur))
			}
			cur = ru.extend(t, st)
		}
		if c.proc >= 0 && ru.e.holds(ru.r.enabled[c.proc], cur) { // p is enabled: take one of its steps into Z
			st, ok := ru.stepOf(cur, c.proc, z)
			if !ok {
				return nil, nil, fmt.Errorf("weak fairness: no step of process %d from %s stays in the fair set", c.proc, ru.in.Model.Schema().Format(cur))
			}
			cur = ru.extend(t, st)
		}
	}
	if len(t.Steps) == 0 {
		st, ok := ru.successorWhere(cur, func(x []byte) bool { return ru.e.holds(z, x) })
		if !ok {
			return nil, nil, fmt.Errorf("fair cycle: %s has no step into the fair set", ru.in.Model.Schema().Format(cur))
		}
		cur = ru.extend(t, st)
	}
	return t, cur, nil
}

// stepOf is a step of s in which process p moves, into Z.
func (ru *run) stepOf(s model.State, p int, z bdd.Node) (succ, bool) {
	for _, c := range ru.successors(s) {
		if c.movers&(1<<p) != 0 && ru.e.holds(z, c.state) {
			return c, true
		}
	}
	return succ{}, false
}

// extend appends a step to a trace whose last configuration it leaves, and returns its target.
func (ru *run) extend(t *model.Trace, st succ) model.State {
	t.Steps = append(t.Steps, st.index)
	t.States = append(t.States, st.state)
	return st.state
}

// closeLoop walks from end back to s down the backward layers, and makes the trace a cycle
// through its first configuration: the last configuration's step leads to States[0].
func (ru *run) closeLoop(t *model.Trace, end, s model.State, z bdd.Node, back []bdd.Node) error {
	cur := end
	for k := ru.layerOf(back, cur); k > 0; k-- {
		st, ok := ru.successorWhere(cur, func(x []byte) bool {
			l := ru.layerOf(back, x)
			return l == k-1 && (l == 0 || ru.e.holds(z, x))
		})
		if !ok {
			return fmt.Errorf("fair cycle: no step of the model from %s leads back", ru.in.Model.Schema().Format(cur))
		}
		cur = ru.extend(t, st)
	}
	// The trace now ends at s again: drop the repeated configuration, the last step leads to
	// States[0].
	t.States = t.States[:len(t.States)-1]
	return nil
}

// walkDown is a path from s, in layers[k] for the least such k, one layer lower each step
// to layers[0]: along an until's layers (a layer above the first holds only configurations
// of its within).
func (ru *run) walkDown(s model.State, layers []bdd.Node) (*model.Trace, error) {
	t := path([]model.State{s}, []int{})
	for k := ru.layerOf(layers, s); k > 0; k-- {
		st, ok := ru.successorWhere(s, func(x []byte) bool { return ru.layerOf(layers, x) == k-1 })
		if !ok {
			return nil, fmt.Errorf("no step of the model from %s goes one layer down", ru.in.Model.Schema().Format(s))
		}
		s = ru.extend(t, st)
	}
	return t, nil
}
