package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/plural"
)

// safety is the family of the checks of one configuration or one step: invariants, action
// invariants, characterisations, deadlocks and closure. A violation is a shortest path to
// where it is seen.
type safety struct{ *checking }

func (safety) checks() []Check {
	return []Check{CheckInvariant, CheckAction, CheckCharacterise, CheckDeadlock, CheckClosure}
}

func (a safety) decide(c Check) error {
	switch c {
	case CheckInvariant:
		a.invariants()
	case CheckAction:
		return a.actionInvariants()
	case CheckCharacterise:
		a.characterise()
	case CheckDeadlock:
		a.deadlock()
	case CheckClosure:
		a.closure()
	}
	return nil
}

// nothingFound records a check that found no violation: it holds on a complete graph and is
// inconclusive on a partial one.
func (a safety) nothingFound(name, detail string) {
	if !a.complete {
		a.partial(name)
		return
	}
	a.add(CheckResult{Name: name, Verdict: Holds, Detail: detail}, nil)
}

func (a safety) invariants() {
	for i, inv := range a.spec.Invariants {
		name := string(CheckInvariant) + " " + inv.Name
		id, found := a.scan.Invariant[i].Get()
		if !found {
			a.nothingFound(name, "")
			continue
		}
		id = explore.Nearest(a.ctx, a.g, id, func(_ uint64, s model.State) bool { return !inv.Holds(s) })
		a.failsAt(name, id, inv.Holds, "violated after %s", "the last state satisfies the invariant")
	}
}

// failsAt reports a violation at node id: a shortest path there, whose last state must not
// satisfy holds (else the replay says notFailing). detail has the path's steps ("3 steps")
// as its verb.
func (a safety) failsAt(name string, id uint64, holds model.Predicate, detail, notFailing string) {
	t := explore.PathTrace(a.g, id)
	a.add(CheckResult{Name: name, Verdict: Violated, Trace: t, Detail: fmt.Sprintf(detail, plural.Count(len(t.Steps), "step"))},
		func(t *model.Trace) error {
			if holds(t.States[len(t.States)-1]) {
				return errors.New(notFailing)
			}
			return nil
		})
}

func (a safety) deadlock() {
	tracker := a.scan.Deadlock
	if a.labels != nil {
		tracker = a.labels.Deadlock
	}
	id, found := tracker.Get()
	if !found {
		a.nothingFound(string(CheckDeadlock), "")
		return
	}
	x := explore.NewExpander(a.g)
	id = explore.Nearest(a.ctx, a.g, id, func(u uint64, s model.State) bool { return !a.spec.Legit(s) && len(x.Edges(u)) == 0 })
	t := explore.PathTrace(a.g, id)
	a.add(CheckResult{Name: string(CheckDeadlock), Verdict: Violated, Trace: t,
		Detail: fmt.Sprintf("an illegitimate configuration without successors, %s from an initial one", plural.Count(len(t.Steps), "step"))},
		a.endsInDeadlock)
}

func (a safety) closure() {
	id, found := a.scan.Closure.Get()
	if !found {
		a.nothingFound(string(CheckClosure), "")
		return
	}
	x := explore.NewExpander(a.g)
	id = explore.Nearest(a.ctx, a.g, id, func(u uint64, s model.State) bool {
		if !a.spec.Legit(s) {
			return false
		}
		for j := range x.Edges(u) {
			if !a.spec.Legit(x.Target(j)) {
				return true
			}
		}
		return false
	})
	p := explore.StemTo(a.g, id)
	for j, e := range x.Edges(id) {
		if !a.spec.Legit(x.Target(j)) {
			p.Extend(explore.NodePath{Nodes: []uint64{id, e.To}, Steps: []uint32{e.Index}})
			break
		}
	}
	t := explore.TraceFromNodes(a.g, p.Nodes, p.Steps, -1)
	a.add(CheckResult{Name: string(CheckClosure), Verdict: Violated, Trace: t,
		Detail: "a step leaves the legitimate set"},
		leavesLegit(a.spec.Legit))
}

func (a safety) actionInvariants() error {
	var first []*par.MinTracker
	if a.explicit != nil { // the BFS evaluated them as it went
		first = a.explicit.ActionFirst()
	} else {
		first = analysis.Actions(a.ctx, a.g, a.spec.Actions, a.opts.workers())
	}
	for i, act := range a.spec.Actions {
		name := string(CheckAction) + " " + act.Name
		id, found := first[i].Get()
		if !found {
			a.nothingFound(name, "")
			continue
		}
		t, err := a.violatingStep(id, act)
		if err != nil {
			return &InternalError{Check: name, Err: err}
		}
		a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
			Detail: fmt.Sprintf("a step violates it after %s", plural.Count(len(t.Steps)-1, "step"))},
			func(t *model.Trace) error {
				n := len(t.States)
				st, to, err := model.StepOf(a.m, t.States[n-2], t.Steps[n-2])
				if err != nil {
					return err
				}
				if act.Holds(t.States[n-2], st, to) {
					return fmt.Errorf("the last step satisfies %s", act.Name)
				}
				return nil
			})
	}
	return nil
}

// violatingStep is the shortest path to node id followed by its first step that violates act.
func (a safety) violatingStep(id uint64, act model.ActionProperty) (*model.Trace, error) {
	id = explore.Nearest(a.ctx, a.g, id, func(_ uint64, s model.State) bool {
		_, bad := analysis.FirstViolatingStep(a.m, s, act)
		return bad
	})
	t := explore.PathTrace(a.g, id)
	last := t.States[len(t.States)-1]
	index, ok := analysis.FirstViolatingStep(a.m, last, act)
	if !ok {
		return nil, fmt.Errorf("node %d has no violating step on replay", id)
	}
	_, next, err := model.StepOf(a.m, last, index)
	if err != nil {
		return nil, err
	}
	t.States, t.Steps = append(t.States, next), append(t.Steps, index)
	return t, nil
}

func (a safety) characterise() {
	if !a.complete {
		for _, p := range a.spec.Characterisations {
			a.partial(string(CheckCharacterise) + " " + p.Name)
		}
		return
	}
	results := analysis.Characterise(a.ctx, a.g, a.u, a.spec.Characterisations, a.opts.workers())
	for i, p := range a.spec.Characterisations {
		name := string(CheckCharacterise) + " " + p.Name
		r := results[i]
		if id, found := r.ReachableFails.Get(); found {
			a.failsAt(name, id, p.Holds, "a reachable configuration, %s from an initial one, does not satisfy it",
				"the last state satisfies the predicate")
			continue
		}
		if rank, found := r.Unreachable.Get(); found {
			s := a.g.Schema().NewState()
			a.u.Unrank(rank, s)
			a.add(CheckResult{Name: name, Verdict: Violated, Witness: s,
				Detail: "a configuration satisfies it but is not reachable from the initial ones"},
				func(*model.Trace) error {
					if !p.Holds(s) {
						return errors.New("the unreachable witness does not satisfy the predicate")
					}
					return nil
				})
			continue
		}
		a.nothingFound(name, characterised(a.g.Size(), a.u.Size()))
	}
}

// characterised says that a predicate holds on exactly the reached configurations of a
// universe.
func characterised(reached, universe uint64) string {
	if reached == 1 {
		return fmt.Sprintf("exactly the one reachable configuration (of %s) satisfies it", grouped(universe))
	}
	return fmt.Sprintf("exactly the %s reachable configurations (of %s) satisfy it", grouped(reached), grouped(universe))
}
