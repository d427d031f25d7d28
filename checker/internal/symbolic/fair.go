package symbolic

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/plural"
)

// Fair cycles. Weak fairness per process: an execution is fair when every process that is
// enabled from some point on eventually moves, so an infinite one is fair iff each process p
// is, infinitely often, disabled or moving. The configurations with a fair execution that
// stays in a set W (outside the legitimate set, for convergence) are an Emerson–Lei greatest
// fixpoint with one condition a process, stated on steps rather than on configurations:
//
//	Z = νZ. W ∩ EX Z ∩ ⋂_c E[W U F_c(Z)],   F_p(Z) = (Z \ enabled_p) ∪ (W ∩ EX_p Z)
//
// where EX_p is the pre-image over the steps in which p moves. A temporal property adds a
// Büchi condition, a set B to meet infinitely often: F_B(Z) = Z ∩ B. From every configuration
// of Z each condition can be met again and again, so Z is empty iff no such execution stays
// in W forever (a deadlock is an execution of its own, which the callers handle).

// condition is one condition of a fair cycle: a process's weak fairness (proc ≥ 0), or a
// Büchi set (proc -1, set).
type condition struct {
	proc int
	set  bdd.Node
}

// weakConditions are weak fairness's conditions, one a process.
func (ru *run) weakConditions() []condition {
	out := make([]condition, len(ru.r.served))
	for p := range out {
		out[p] = condition{proc: p}
	}
	return out
}

// goal is F_c(Z) within W.
func (ru *run) goal(c condition, z, within bdd.Node) bdd.Node {
	m := ru.e.m
	if c.proc < 0 {
		return m.And(z, c.set)
	}
	return m.Or(m.And(z, m.Not(ru.r.enabled[c.proc])), m.And(within, ru.r.preBy(ru.r.served[c.proc], z)))
}

// fairCycles is Z for W = within and the conditions; keep are the caller's sets that a
// collection must keep.
func (ru *run) fairCycles(within bdd.Node, conds []condition, keep ...bdd.Node) (bdd.Node, error) {
	m := ru.e.m
	for _, c := range conds {
		keep = append(keep, c.set)
	}
	z := within
	for {
		next := m.And(within, ru.r.pre(z))
		for _, c := range conds {
			if next == bdd.False {
				break
			}
			u, err := ru.until(within, ru.goal(c, z, within))
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
		ru.collect(append(keep, z, within)...)
		if err := ru.interrupted(); err != nil {
			return bdd.False, err
		}
	}
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
	z, err := ru.fairCycles(m.Not(ru.legit), ru.weakConditions())
	if err != nil {
		return err
	}
	if z == bdd.False {
		ru.add(Finding{Check: "convergence", Detail: "every cycle outside the legitimate set is unfair to some process"})
		return nil
	}
	_, t, err := ru.lassoFrom(ru.e.pick(z), z, ru.weakConditions())
	if err != nil {
		return err
	}
	ru.add(Finding{Check: "convergence", Violated: true, Trace: t,
		Detail: fmt.Sprintf("a weakly fair cycle of %s avoids the legitimate set (stem of 0 steps)", plural.Count(len(t.Steps), "step"))})
	return nil
}

// lassoFrom is a cycle within Z that meets every condition, reached from s: a path within Z
// from s to the cycle's first configuration (States alone: no loop), and the cycle. It is
// found as Clarke, Grumberg, McMillan and Zhao do: from s, a path within Z meets each
// condition in turn; if s is reachable again from its end, the path closed is the cycle. If it
// is not, the end lies in a part of Z from which s is unreachable, and the search starts again
// from there, the path so far kept as the way in: the part reachable shrinks each time, so it
// ends.
func (ru *run) lassoFrom(s model.State, z bdd.Node, conds []condition) (*model.Trace, *model.Trace, error) {
	in := path([]model.State{s}, []int{})
	for {
		if err := ru.interrupted(); err != nil {
			return nil, nil, err
		}
		t, end, err := ru.meeting(s, z, conds)
		if err != nil {
			return nil, nil, err
		}
		back, err := ru.untilLayers(z, ru.e.state(s))
		if err != nil {
			return nil, nil, err
		}
		if ru.layerOf(back, end) < 0 { // s is not reachable again: start again lower down
			in.States, in.Steps = append(in.States, t.States[1:]...), append(in.Steps, t.Steps...)
			s = end
			continue
		}
		if err := ru.closeLoop(t, end, s, z, back); err != nil {
			return nil, nil, err
		}
		return in, t, nil
	}
}
