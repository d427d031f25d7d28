package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/markov"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/plural"
)

// almostSureStable decides "eventually always legitimate" with probability 1 under every
// scheduler: every end component of the reached graph, and every reached deadlock, lies in
// the legitimate set. Under a scheduler that stays in an end component an execution visits
// each of its configurations infinitely often with probability 1, so one outside the set
// refutes it; and every execution ends in an end component or a deadlock with probability 1,
// so none outside proves it. Closure is not needed: an execution may leave the set, finitely
// often. A model without coins is the case where every execution must (every step a choice).
func (a *probabilistic) almostSureStable() error {
	name := string(CheckStable)
	c, err := a.markov()
	if err != nil || c == nil {
		a.partial(name)
		return err
	}
	ec := markov.MaximalEndComponents(a.ctx, c.mdp)
	if ec == nil {
		a.partial(name)
		return nil
	}
	bad := uint64(0)
	for ; bad < c.mdp.Nodes; bad++ {
		if c.mdp.Reached.Has(bad) && !a.scan.Legit.Has(bad) && (ec.Comp[bad] >= 0 || c.mdp.Choices[bad+1] == c.mdp.Choices[bad]) {
			break
		}
	}
	if bad == c.mdp.Nodes {
		detail := "every execution eventually stays in the legitimate set, with probability 1 under every scheduler"
		if c.mdp.Deterministic(nil) {
			detail = "every execution eventually stays in the legitimate set with probability 1 (a Markov chain)"
		}
		a.add(CheckResult{Name: name, Verdict: Holds, Detail: detail}, nil)
		return nil
	}
	a.addUnstable(name, c, ec, bad)
	return nil
}

// addUnstable reports the configuration bad, outside the legitimate set, in an end component
// (or a deadlock): a path to it, then a cycle back to it inside the component.
func (a *probabilistic) addUnstable(name string, c *chain, ec *markov.EndComponents, bad uint64) {
	stem := explore.StemTo(a.g, bad)
	nodes, steps, loop := stem.Nodes, stem.Steps, -1
	validate := a.endsInDeadlockOutside(a.spec.Legit)
	detail := fmt.Sprintf("a configuration outside the legitimate set without successors, %s in", plural.Count(len(steps), "step"))
	if ec.Comp[bad] >= 0 {
		around, outcomes := ec.LoopIn(c.mdp, bad)
		loop = len(nodes) - 1
		nodes = append(nodes, around[:len(around)-1]...)
		for _, j := range outcomes {
			steps = append(steps, c.mdp.Index[j])
		}
		size, tf := a.endComponent(c, ec, bad)
		which := "an end component of %s holds a configuration outside the legitimate set, which a scheduler that stays in it"
		if c.mdp.Deterministic(nil) {
			which = "a bottom component of %s holds a configuration outside the legitimate set, which every execution that reaches it"
		}
		detail = fmt.Sprintf(which+" visits infinitely often with probability 1 (shown: %s to it, then a cycle of %d back)",
			grouped(uint64(size))+" "+plural.Noun(uint64(size), "configuration"), plural.Count(loop, "step"), len(around))
		m := a.m
		validate = func(t *model.Trace) error {
			if err := loopLeaves(a.spec.Legit)(t); err != nil {
				return err
			}
			return a.verifyTrap(m, c, tf, nil)
		}
	}
	trace := explore.TraceFromNodes(a.g, nodes, steps, loop)
	a.add(CheckResult{Name: name, Verdict: Violated, Trace: trace, Detail: detail}, validate)
}

// endComponent is the size of bad's end component and, to check through the model, each of
// its configurations with each choice that stays in it (at most maxTrapCheck pairs; none when
// there are more).
func (a *probabilistic) endComponent(c *chain, ec *markov.EndComponents, bad uint64) (int, *trapFinding) {
	size, tf := 0, &trapFinding{}
	for u := range c.mdp.Nodes {
		if ec.Comp[u] != ec.Comp[bad] {
			continue
		}
		size++
		for ch := c.mdp.Choices[u]; ch < c.mdp.Choices[u+1]; ch++ {
			if ec.Stay.Has(ch) {
				tf.nodes, tf.choices = append(tf.nodes, u), append(tf.choices, ch)
			}
		}
	}
	if len(tf.nodes) > maxTrapCheck {
		tf.nodes, tf.choices = nil, nil
	}
	return size, tf
}

// loopLeaves checks that a trace is a lasso whose loop passes outside goal.
func loopLeaves(goal model.Predicate) func(*model.Trace) error {
	return func(t *model.Trace) error {
		if !t.IsLasso() {
			return errors.New("not a lasso")
		}
		for i := t.LoopStart; i < len(t.States); i++ {
			if !goal(t.States[i]) {
				return nil
			}
		}
		return errors.New("the loop stays in the goal")
	}
}
