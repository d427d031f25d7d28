package symbolic

import (
	"context"
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/plural"
)

func (ru *run) check(name string) error {
	var err error
	switch name {
	case "invariant":
		err = ru.invariants()
	case "deadlock":
		err = ru.deadlock()
	case "closure":
		err = ru.closure()
	case "convergence":
		err = ru.convergence()
	case "worst-case":
		err = ru.worstCase()
	case "temporal":
		err = ru.temporal()
	default:
		return fmt.Errorf("the symbolic engine does not run the %s check (it runs invariant, deadlock, closure, convergence, worst-case and temporal)", name)
	}
	if stop := ru.interrupted(); stop != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		ru.out.Findings = append(ru.out.Findings, Finding{Check: name, Inconclusive: true, Detail: stopped(stop)})
		return nil
	}
	return err
}

// stopped says why a check could not be decided.
func stopped(err error) string {
	if errors.Is(err, bdd.ErrTooLarge) {
		return "the BDD node table reached its limit"
	}
	return "interrupted"
}

func (ru *run) add(f Finding) { ru.out.Findings = append(ru.out.Findings, f) }

// invariants: every configuration is initial, so an invariant must hold everywhere; a
// violation is a configuration where it does not.
func (ru *run) invariants() error {
	for _, inv := range ru.in.Invariants {
		name := "invariant " + inv.Name
		if inv.Form == nil {
			return fmt.Errorf("invariant %s has no form the symbolic engine can build", inv.Name)
		}
		a, err := ru.e.form(inv.Form, ru.views)
		if err != nil {
			return fmt.Errorf("invariant %s: %w", inv.Name, err)
		}
		bad := ru.e.pick(ru.e.m.Not(a))
		if bad == nil {
			ru.add(Finding{Check: name})
			continue
		}
		ru.add(Finding{Check: name, Violated: true, Detail: "violated after 0 steps", Trace: single(bad)})
	}
	return nil
}

func (ru *run) deadlock() error {
	bad := ru.e.pick(ru.e.m.And(ru.e.m.Not(ru.r.moving), ru.e.m.Not(ru.legit)))
	if bad == nil {
		ru.add(Finding{Check: "deadlock"})
		return nil
	}
	ru.add(Finding{Check: "deadlock", Violated: true, Trace: single(bad),
		Detail: "an illegitimate configuration without successors, 0 steps from an initial one"})
	return nil
}

// closure: no legitimate configuration has an illegitimate successor.
func (ru *run) closure() error {
	m := ru.e.m
	from := ru.e.pick(m.And(ru.legit, ru.r.pre(m.Not(ru.legit))))
	if from == nil {
		ru.add(Finding{Check: "closure"})
		return nil
	}
	st, ok := ru.successorWhere(from, func(s []byte) bool { return !ru.e.holds(ru.legit, s) })
	if !ok {
		return fmt.Errorf("closure: the relation says %s leaves the legitimate set, and no step of the model does", ru.in.Model.Schema().Format(from))
	}
	ru.add(Finding{Check: "closure", Violated: true, Detail: "a step leaves the legitimate set", Trace: path([]model.State{from, st.state}, []int{st.index})})
	return nil
}

// worstLayers computes, once, the least fixpoint W_0 = legit, W_{k+1} = W_k ∪ (moving ∩
// AX W_k): W_k holds the configurations every execution of which reaches the legitimate set
// within k steps (a deadlock outside it never does). Its limit is AF legit: convergence holds
// iff it is every configuration, and the worst case in steps is the last k at which W grew.
// One fixpoint decides both; the iterates stay for the witness.
func (ru *run) worstLayers() error {
	if ru.layers != nil {
		return nil
	}
	m := ru.e.m
	w := ru.legit
	ru.layers = []bdd.Node{w}
	for {
		if err := ru.interrupted(); err != nil {
			ru.layers = nil
			return err
		}
		next := m.Or(w, m.And(ru.r.moving, m.Not(ru.r.pre(m.Not(w)))))
		ru.out.Iterations++
		if next == w {
			return nil
		}
		w = next
		ru.layers = append(ru.layers, w)
		ru.collect()
	}
}

// converges reports whether every execution reaches the legitimate set (the unfair reading).
func (ru *run) converges() bool { return ru.layers[len(ru.layers)-1] == bdd.True }

func (ru *run) convergence() error {
	if err := ru.worstLayers(); err != nil {
		return err
	}
	if ru.converges() {
		ru.add(Finding{Check: "convergence"})
		return nil
	}
	if ru.in.WeaklyFair {
		return ru.fairConvergence()
	}
	f, err := ru.avoiding("convergence", "")
	if err != nil {
		return err
	}
	ru.add(f)
	return nil
}

func (ru *run) worstCase() error {
	if err := ru.worstLayers(); err != nil {
		return err
	}
	if !ru.converges() {
		f, err := ru.avoiding("worst-case", "unbounded: ")
		if err != nil {
			return err
		}
		ru.add(f)
		return nil
	}
	steps := uint64(len(ru.layers) - 1)
	t, err := ru.longest(ru.layers, steps)
	if err != nil {
		return err
	}
	ru.out.WorstSteps, ru.out.StepsWitness = &steps, t
	ru.out.WorstMoves, ru.out.MovesWitness = &steps, t
	if ru.r.byMoves != nil {
		moves, mt, err := ru.worstMoves()
		if err != nil {
			return err
		}
		ru.out.WorstMoves, ru.out.MovesWitness = &moves, mt
	}
	ru.add(Finding{Check: "worst-case", Detail: fmt.Sprintf("at most %s and %s before the legitimate set", plural.Count(*ru.out.WorstMoves, "move"), plural.Count(steps, "step"))})
	return nil
}
