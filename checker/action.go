package checker

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// actionPass evaluates the action invariants on every step of every expanded node of a dense
// graph (the explicit graph's BFS evaluates them as it goes). It expands through the model
// again, because a step's moves are what such predicates read ("the child of e never moves
// φ(e)") and the graph keeps only their summary.
func actionPass(ctx context.Context, g graph, actions []model.ActionProperty, workers int) []*minTracker {
	first := make([]*minTracker, len(actions))
	for i := range first {
		first[i] = newMinTracker()
	}
	models := make([]model.Model, workers)
	for w := range models {
		models[w] = newSuccessors(g).model
	}
	n := g.size()
	forChunks(ctx, n, scanChunk(n, workers), workers, func(w int, lo, hi uint64) {
		g.scan(lo, hi, func(id uint64, s model.State) {
			if !g.expanded(id) || !g.reached(id) {
				return
			}
			models[w].Successors(s, func(st model.Step, t model.State) bool {
				for i, a := range actions {
					if !a.Holds(s, st, t) {
						first[i].offer(id)
					}
				}
				return true
			})
		})
	})
	return first
}

// firstViolatingStep is the index of the first step from s that violates a.
func firstViolatingStep(m model.Model, s model.State, a model.ActionProperty) (int, bool) {
	index, found := 0, false
	m.Successors(s, func(st model.Step, t model.State) bool {
		if !a.Holds(s, st, t) {
			index, found = st.Index, true
			return false
		}
		return true
	})
	return index, found
}

func (a *analysis) actionInvariants() error {
	var first []*minTracker
	if x, ok := a.g.(*explicitGraph); ok {
		first = x.actionFirst
	} else {
		first = actionPass(a.ctx, a.g, a.spec.Actions, a.opts.workers())
	}
	for i, act := range a.spec.Actions {
		name := string(CheckAction) + " " + act.Name
		id, found := first[i].get()
		if !found {
			if err := a.nothingFound(name, ""); err != nil {
				return err
			}
			continue
		}
		t := a.pathTrace(id)
		index, ok := firstViolatingStep(a.model, t.States[len(t.States)-1], act)
		if !ok {
			return &InternalError{Check: name, Err: fmt.Errorf("node %d has no violating step on replay", id)}
		}
		_, next, err := model.StepOf(a.model, t.States[len(t.States)-1], index)
		if err != nil {
			return &InternalError{Check: name, Err: err}
		}
		t.States, t.Steps = append(t.States, next), append(t.Steps, index)
		err = a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
			Detail: fmt.Sprintf("a step violates it after %d steps", len(t.Steps)-1)},
			func(t *model.Trace) error {
				n := len(t.States)
				st, to, err := model.StepOf(a.model, t.States[n-2], t.Steps[n-2])
				if err != nil {
					return err
				}
				if act.Holds(t.States[n-2], st, to) {
					return fmt.Errorf("the last step satisfies %s", act.Name)
				}
				return nil
			})
		if err != nil {
			return err
		}
	}
	return nil
}
