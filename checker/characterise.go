package checker

import (
	"context"
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// characterisation compares a predicate P with the reachable set R inside the universe U.
type characterisation struct {
	reachableFails *minTracker // smallest node id in R where P fails (a path leads there)
	unreachable    *minTracker // smallest rank in U \ R where P holds
}

// characterisePass decides, for every predicate, both inclusions R ⊆ P and P ⊆ R: one pass over
// the reachable nodes, and one over the whole universe in rank order against a bitmap of the
// reachable ranks.
func characterisePass(ctx context.Context, g *explicitGraph, u *model.Universe, props []model.Property, workers int) []characterisation {
	out := make([]characterisation, len(props))
	for i := range out {
		out[i] = characterisation{newMinTracker(), newMinTracker()}
	}
	reachable := newBitmap(u.Size())
	for id := range g.size() {
		reachable.set(u.Rank(g.stateAt(id)))
	}
	forChunks(ctx, g.size(), scanChunk(g.size(), workers), workers, func(_ int, lo, hi uint64) {
		g.scan(lo, hi, func(id uint64, s model.State) {
			for i, p := range props {
				if !p.Holds(s) {
					out[i].reachableFails.offer(id)
				}
			}
		})
	})
	universe := &denseGraph{m: g.m, u: u}
	forChunks(ctx, u.Size(), scanChunk(u.Size(), workers), workers, func(_ int, lo, hi uint64) {
		universe.scan(lo, hi, func(r uint64, s model.State) {
			if reachable.has(r) {
				return
			}
			for i, p := range props {
				if p.Holds(s) {
					out[i].unreachable.offer(r)
				}
			}
		})
	})
	return out
}

func (a *analysis) characterise() error {
	g, ok := a.g.(*explicitGraph)
	if !ok || !a.complete {
		for _, p := range a.spec.Characterisations {
			if err := a.partial(string(CheckCharacterise) + " " + p.Name); err != nil {
				return err
			}
		}
		return nil
	}
	u, err := model.NewUniverse(g.sch)
	if err != nil {
		return err
	}
	results := characterisePass(a.ctx, g, u, a.spec.Characterisations, a.opts.workers())
	for i, p := range a.spec.Characterisations {
		name := string(CheckCharacterise) + " " + p.Name
		r := results[i]
		if id, found := r.reachableFails.get(); found {
			t := a.pathTrace(id)
			err := a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
				Detail: fmt.Sprintf("a reachable configuration, %d steps from an initial one, does not satisfy it", len(t.Steps))},
				func(t *model.Trace) error {
					if p.Holds(t.States[len(t.States)-1]) {
						return errors.New("the last state satisfies the predicate")
					}
					return nil
				})
			if err != nil {
				return err
			}
			continue
		}
		if rank, found := r.unreachable.get(); found {
			s := g.sch.NewState()
			u.Unrank(rank, s)
			if !p.Holds(s) {
				return &InternalError{Check: name, Err: errors.New("the unreachable witness does not satisfy the predicate")}
			}
			a.res.Checks = append(a.res.Checks, CheckResult{Name: name, Verdict: Violated, Witness: s,
				Detail: "a configuration satisfies it but is not reachable from the initial ones"})
			continue
		}
		err := a.nothingFound(name, fmt.Sprintf("exactly the %d reachable configurations (of %d) satisfy it", g.size(), u.Size()))
		if err != nil {
			return err
		}
	}
	return nil
}
