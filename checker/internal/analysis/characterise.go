package analysis

import (
	"context"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	universepkg "github.com/mc-checker/mc/checker/model/universe"
)

// Characterisation compares a predicate P with the reachable set R inside the universe U.
type Characterisation struct {
	ReachableFails *par.MinTracker // smallest node id in R where P fails (a path leads there)
	Unreachable    *par.MinTracker // smallest rank in U \ R where P holds
}

// Characterise decides, for every predicate, both inclusions R ⊆ P and P ⊆ R: one pass over
// the reachable nodes of g, and one over the whole universe u in rank order against a bitmap
// of the reachable ranks.
func Characterise(ctx context.Context, g explore.Graph, u *universepkg.Universe, props []model.Property, workers int) []Characterisation {
	out := make([]Characterisation, len(props))
	for i := range out {
		out[i] = Characterisation{par.NewMinTracker(), par.NewMinTracker()}
	}
	reachable := par.NewBitmap(u.Size())
	n := g.Size()
	par.ForChunks(ctx, n, par.Chunk(n, workers), workers, func(_ int, lo, hi uint64) {
		g.Scan(lo, hi, func(id uint64, s model.State) {
			reachable.Set(u.Rank(s))
			for i, p := range props {
				if !p.Holds(s) {
					out[i].ReachableFails.Offer(id)
				}
			}
		})
	})
	if ctx.Err() != nil { // the bitmap may miss reachable ranks: the second pass would lie
		return out
	}
	universe := explore.NewDense(g.Model(), u)
	par.ForChunks(ctx, u.Size(), par.Chunk(u.Size(), workers), workers, func(_ int, lo, hi uint64) {
		universe.Scan(lo, hi, func(r uint64, s model.State) {
			if reachable.Has(r) {
				return
			}
			for i, p := range props {
				if p.Holds(s) {
					out[i].Unreachable.Offer(r)
				}
			}
		})
	})
	return out
}
