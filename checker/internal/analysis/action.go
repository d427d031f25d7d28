package analysis

import (
	"context"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// Actions evaluates the action invariants on every step of every expanded node of a graph
// whose exploration did not evaluate them as it went (a dense graph), and returns, per
// invariant, the smallest node with a violating step. It expands through the model again,
// because a step's moves are what such predicates read ("the child of e never moves φ(e)")
// and the graph keeps only their summary.
func Actions(ctx context.Context, g explore.Graph, actions []model.ActionProperty, workers int) []*par.MinTracker {
	first := make([]*par.MinTracker, len(actions))
	for i := range first {
		first[i] = par.NewMinTracker()
	}
	models := make([]model.Model, workers)
	for w := range models {
		models[w] = g.NewSuccessors(false).Model
	}
	from, to := explore.Span(g) // a shard's window, or every node
	n := to - from
	par.ForChunks(ctx, n, par.Chunk(n, workers), workers, func(w int, lo, hi uint64) {
		g.Scan(from+lo, from+hi, func(id uint64, s model.State) {
			if !g.Expanded(id) || !g.Reached(id) {
				return
			}
			models[w].Successors(s, func(st model.Step, t model.State) bool {
				for i, a := range actions {
					if !a.Holds(s, st, t) {
						first[i].Offer(id)
					}
				}
				return true
			})
		})
	})
	return first
}

// FirstViolatingStep is the index of the first step from s that violates a.
func FirstViolatingStep(m model.Model, s model.State, a model.ActionProperty) (int, bool) {
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
