package symbolic

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/plural"
)

// A symbolic result becomes an execution by walking the model's own steps: from a concrete
// configuration, the model's successors are enumerated and one is chosen by its membership
// in the fixpoint's layers (a BDD evaluated on a configuration: one path from the root).
// Every trace is therefore a sequence of the model's steps, which the caller replays.

// succ is one step of the model from a configuration.
type succ struct {
	index, moves int
	movers       uint64
	state        model.State
}

func (ru *run) successors(s model.State) []succ {
	var out []succ
	ru.in.Model.Successors(s, func(st model.Step, t model.State) bool {
		out = append(out, succ{st.Index, st.MoveCount(), st.Movers(), t.Clone()})
		return true
	})
	return out
}

// successorWhere is the first step from s whose target satisfies ok.
func (ru *run) successorWhere(s model.State, ok func([]byte) bool) (succ, bool) {
	for _, st := range ru.successors(s) {
		if ok(st.state) {
			return st, true
		}
	}
	return succ{}, false
}

func single(s model.State) *model.Trace {
	return &model.Trace{States: []model.State{s}, Steps: []int{}, LoopStart: -1}
}

func path(states []model.State, steps []int) *model.Trace {
	return &model.Trace{States: states, Steps: steps, LoopStart: -1}
}

// layerOf is the first k with s in layers[k] (the layers grow), or -1.
func (ru *run) layerOf(layers []bdd.Node, s model.State) int {
	lo, hi := 0, len(layers) // the answer is in [lo, hi]; hi means none
	for lo < hi {
		mid := (lo + hi) / 2
		if ru.e.holds(layers[mid], s) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if lo == len(layers) {
		return -1
	}
	return lo
}

// longest is an execution of `steps` steps from a configuration of the last layer but not
// the one before, each step to a configuration one layer lower: the worst case's witness.
func (ru *run) longest(layers []bdd.Node, steps uint64) (*model.Trace, error) {
	k := len(layers) - 1
	s := ru.e.pick(ru.lastLayer(layers))
	t := path([]model.State{s}, []int{})
	for ; k > 0; k-- {
		st, ok := ru.successorWhere(s, func(x []byte) bool { return ru.layerOf(layers, x) == k-1 })
		if !ok {
			return nil, fmt.Errorf("worst case: no step of the model from %s goes one layer down", ru.in.Model.Schema().Format(s))
		}
		s = st.state
		t.States, t.Steps = append(t.States, s), append(t.Steps, st.index)
	}
	if uint64(len(t.Steps)) != steps {
		return nil, fmt.Errorf("worst case: a witness of %d steps for %d", len(t.Steps), steps)
	}
	return t, nil
}

// lastLayer is the last layer without the one before: the configurations of the largest value.
func (ru *run) lastLayer(layers []bdd.Node) bdd.Node {
	k := len(layers) - 1
	if k == 0 {
		return layers[0]
	}
	return ru.e.m.And(layers[k], ru.e.m.Not(layers[k-1]))
}

// avoiding is the unfair counterexample to convergence: a configuration outside the
// legitimate set without successors if there is one (every configuration is initial, so it
// is an execution of no step), else a cycle outside it.
func (ru *run) avoiding(check, prefix string) (Finding, error) {
	m := ru.e.m
	bad := m.Not(ru.layers[len(ru.layers)-1]) // some execution from here avoids legit
	if dead := ru.e.pick(m.And(bad, m.Not(ru.r.moving))); dead != nil {
		return Finding{Check: check, Violated: true, Trace: single(dead),
			Detail: prefix + "a configuration outside the legitimate set without successors, 0 steps in"}, nil
	}
	c, err := ru.onCycle(bad)
	if err != nil {
		return Finding{}, err
	}
	t, err := ru.cycleThrough(c, bad)
	if err != nil {
		return Finding{}, err
	}
	return Finding{Check: check, Violated: true, Trace: t,
		Detail: fmt.Sprintf("%sa cycle of %s avoids the legitimate set (stem of 0 steps)", prefix, plural.Count(len(t.Steps), "step"))}, nil
}

// onCycle walks from a configuration of within, always to the first successor within it,
// until a configuration repeats: one on a cycle. Every configuration of within must have a
// successor in it.
func (ru *run) onCycle(within bdd.Node) (model.State, error) {
	s := ru.e.pick(within)
	seen := map[string]bool{}
	for !seen[string(s)] {
		seen[string(s)] = true
		if err := ru.interrupted(); err != nil {
			return nil, err
		}
		st, ok := ru.successorWhere(s, func(x []byte) bool { return ru.e.holds(within, x) })
		if !ok {
			return nil, fmt.Errorf("no step of the model from %s stays in the set the fixpoint says it does", ru.in.Model.Schema().Format(s))
		}
		s = st.state
	}
	return s, nil
}

// cycleThrough is a shortest cycle through c within a set: backward layers from c (R_j: the
// configurations that reach c in at most j steps), until c has a successor in one.
func (ru *run) cycleThrough(c model.State, within bdd.Node) (*model.Trace, error) {
	m := ru.e.m
	layers := []bdd.Node{ru.e.state(c)}
	for !ru.e.holds(ru.r.pre(layers[len(layers)-1]), c) {
		if err := ru.interrupted(); err != nil {
			return nil, err
		}
		last := layers[len(layers)-1]
		next := m.Or(last, m.And(within, ru.r.pre(last)))
		if next == last {
			return nil, fmt.Errorf("%s is on no cycle", ru.in.Model.Schema().Format(c))
		}
		layers = append(layers, next)
	}
	t := &model.Trace{States: []model.State{c}, LoopStart: 0}
	s := c
	for k := len(layers) - 1; ; k-- {
		st, ok := ru.successorWhere(s, func(x []byte) bool {
			l := ru.layerOf(layers, x)
			return l >= 0 && l <= k && (l == 0 || ru.e.holds(within, x))
		})
		if !ok || k < 0 {
			return nil, fmt.Errorf("no step of the model from %s goes down the layers to %s", ru.in.Model.Schema().Format(s), ru.in.Model.Schema().Format(c))
		}
		t.Steps = append(t.Steps, st.index)
		if st.state.Equal(c) {
			break
		}
		s = st.state
		t.States = append(t.States, s)
	}
	return t, nil
}
