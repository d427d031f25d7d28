package symbolic

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/plural"
)

// Weak fairness per process: an execution is fair when every process that is enabled from
// some point on eventually moves, so an infinite one is fair iff each process p is, infinitely
// often, disabled or moving. The configurations with a fair execution that avoids the
// legitimate set are an Emerson–Lei greatest fixpoint with one condition a process, stated on
// steps rather than on configurations:
//
//	Z = νZ. ¬legit ∩ EX Z ∩ ⋂_p E[¬legit U F_p(Z)],   F_p(Z) = (Z \ enabled_p) ∪ (¬legit ∩ EX_p Z)
//
// where EX_p is the pre-image over the steps in which p moves. From every configuration of Z
// each process's condition can be met again and again, so Z is empty iff no fair execution
// avoids the legitimate set forever (a deadlock outside it is a violation of its own).

// fairAvoiding is Z.
func (ru *run) fairAvoiding() (bdd.Node, error) {
	m := ru.e.m
	outside := m.Not(ru.legit)
	z := outside
	for {
		next := m.And(outside, ru.r.pre(z))
		for p := range ru.r.served {
			if next == bdd.False {
				break
			}
			u, err := ru.until(outside, ru.fairGoal(p, z, outside))
			if err != nil {
				return bdd.False, err
			}
			next = m.And(next, u)
		}
		ru.out.Iterations++
		if next == z {
			return z, nil
		}
		z = next
		ru.collect(z, outside)
		if err := ru.interrupted(); err != nil {
			return bdd.False, err
		}
	}
}

// fairGoal is F_p(Z): in Z with p disabled, or (within) a step of p into Z.
func (ru *run) fairGoal(p int, z, within bdd.Node) bdd.Node {
	m := ru.e.m
	return m.Or(m.And(z, m.Not(ru.r.enabled[p])), m.And(within, ru.r.preBy(ru.r.served[p], z)))
}

// untilLayers are the layers of E[within U goal]: U_0 = goal, U_{j+1} = U_j ∪ (within ∩ EX U_j).
func (ru *run) untilLayers(within, goal bdd.Node) ([]bdd.Node, error) {
	m := ru.e.m
	layers := []bdd.Node{goal}
	for {
		last := layers[len(layers)-1]
		next := m.Or(last, m.And(within, ru.r.pre(last)))
		if next == last {
			return layers, nil
		}
		if err := ru.interrupted(); err != nil {
			return nil, err
		}
		layers = append(layers, next)
	}
}

func (ru *run) until(within, goal bdd.Node) (bdd.Node, error) {
	layers, err := ru.untilLayers(within, goal)
	if err != nil {
		return bdd.False, err
	}
	return layers[len(layers)-1], nil
}

func (ru *run) fairConvergence() error {
	m := ru.e.m
	if dead := ru.e.pick(m.And(m.Not(ru.legit), m.Not(ru.r.moving))); dead != nil {
		ru.add(Finding{Check: "convergence", Violated: true, Trace: single(dead),
			Detail: "a configuration outside the legitimate set without successors, 0 steps in"})
		return nil
	}
	z, err := ru.fairAvoiding()
	if err != nil {
		return err
	}
	if z == bdd.False {
		ru.add(Finding{Check: "convergence", Detail: "every cycle outside the legitimate set is unfair to some process"})
		return nil
	}
	t, err := ru.fairLasso(z)
	if err != nil {
		return err
	}
	ru.add(Finding{Check: "convergence", Violated: true, Trace: t,
		Detail: fmt.Sprintf("a weakly fair cycle of %s avoids the legitimate set (stem of 0 steps)", plural.Count(len(t.Steps), "step"))})
	return nil
}

// fairLasso is a fair cycle within Z, found as Clarke, Grumberg, McMillan and Zhao do: from a
// configuration s of Z, a path within Z meets each process's condition in turn; if s is
// reachable again from its end, the path closed is a fair cycle. If it is not, the end lies in
// a part of Z from which s is unreachable, and the search starts again from there: the part
// reachable shrinks each time, so it ends.
func (ru *run) fairLasso(z bdd.Node) (*model.Trace, error) {
	s := ru.e.pick(z)
	for {
		if err := ru.interrupted(); err != nil {
			return nil, err
		}
		t, end, err := ru.fairPath(s, z)
		if err != nil {
			return nil, err
		}
		back, err := ru.untilLayers(z, ru.e.state(s))
		if err != nil {
			return nil, err
		}
		if ru.layerOf(back, end) < 0 { // s is not reachable again: start again lower down
			s = end
			continue
		}
		if err := ru.closeLoop(t, end, s, z, back); err != nil {
			return nil, err
		}
		return t, nil
	}
}

// fairPath is a path within Z from s that, for each process in turn, reaches a configuration
// where it is disabled or takes one of its steps; it has at least one step.
func (ru *run) fairPath(s model.State, z bdd.Node) (*model.Trace, model.State, error) {
	t := &model.Trace{States: []model.State{s}, LoopStart: 0}
	cur := s
	for p := range ru.r.served {
		layers, err := ru.untilLayers(z, ru.fairGoal(p, z, z))
		if err != nil {
			return nil, nil, err
		}
		for k := ru.layerOf(layers, cur); k > 0; k-- {
			st, ok := ru.successorWhere(cur, func(x []byte) bool { return ru.e.holds(z, x) && ru.layerOf(layers, x) == k-1 })
			if !ok {
				return nil, nil, fmt.Errorf("weak fairness: no step of the model from %s goes down the layers", ru.in.Model.Schema().Format(cur))
			}
			cur = ru.extend(t, st)
		}
		if ru.e.holds(ru.r.enabled[p], cur) { // p is enabled: take one of its steps into Z
			var st succ
			ok := false
			for _, c := range ru.successors(cur) {
				if c.movers&(1<<p) != 0 && ru.e.holds(z, c.state) {
					st, ok = c, true
					break
				}
			}
			if !ok {
				return nil, nil, fmt.Errorf("weak fairness: no step of process %d from %s stays in the fair set", p, ru.in.Model.Schema().Format(cur))
			}
			cur = ru.extend(t, st)
		}
	}
	if len(t.Steps) == 0 {
		st, ok := ru.successorWhere(cur, func(x []byte) bool { return ru.e.holds(z, x) })
		if !ok {
			return nil, nil, fmt.Errorf("weak fairness: %s has no step into the fair set", ru.in.Model.Schema().Format(cur))
		}
		cur = ru.extend(t, st)
	}
	return t, cur, nil
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
			return fmt.Errorf("weak fairness: no step of the model from %s leads back", ru.in.Model.Schema().Format(cur))
		}
		cur = ru.extend(t, st)
	}
	// The trace now ends at s again: drop the repeated configuration, the last step leads to
	// States[0].
	t.States = t.States[:len(t.States)-1]
	return nil
}
