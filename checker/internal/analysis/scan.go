package analysis

import (
	"context"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// Pass says what a pass over every node evaluates, and with how many workers.
type Pass struct {
	Legit      model.Predicate // nil: no legitimate set
	Invariants []model.Property
	// ExpandAll expands every node (deadlocks and the transition count); otherwise only the
	// legitimate ones (closure), and the convergence search expands the rest.
	ExpandAll bool
	Workers   int
	Progress  func(explore.Progress) // may be nil
}

// ScanResult is what one pass over every node finds.
type ScanResult struct {
	Legit       par.Bitmap        // nil when no legitimate set was given
	Invariant   []*par.MinTracker // first violation of each invariant
	Closure     *par.MinTracker   // first legitimate node with an illegitimate successor
	Deadlock    *par.MinTracker   // first illegitimate node without successors (ExpandAll only)
	Transitions uint64            // out-edges of the nodes expanded
	Invalid     error             // a successor outside the schema: a model bug
}

// Scan evaluates the state predicates on every node in one parallel, sequential-access pass.
//
// Over a window of a dense graph (explore.Span: a shard of the universe) it visits the
// window's nodes alone and keeps no bitmap of the legitimate ones (Legit is nil): the
// shard's checks are those of one configuration or one step.
func Scan(ctx context.Context, g explore.Graph, p Pass) *ScanResult {
	first, last := explore.Span(g)
	n := last - first
	r := &ScanResult{Closure: par.NewMinTracker(), Deadlock: par.NewMinTracker()}
	if p.Legit != nil && !explore.Windowed(g) {
		r.Legit = par.NewBitmap(n)
	}
	for range p.Invariants {
		r.Invariant = append(r.Invariant, par.NewMinTracker())
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var transitions, done atomic.Uint64
	var invalid par.FirstError
	bufs := make([]*explore.Successors, p.Workers)
	for w := range bufs {
		bufs[w] = g.NewSuccessors(p.Legit != nil)
	}
	par.ForChunks(ctx, n, par.Chunk(n, p.Workers), p.Workers, func(w int, lo, hi uint64) {
		var count uint64
		b := bufs[w]
		g.Scan(first+lo, first+hi, func(id uint64, s model.State) {
			if !g.Reached(id) {
				return
			}
			legit := r.visit(id, s, p)
			if !legit && !p.ExpandAll {
				return
			}
			b.Truncate(0)
			if g.Succ(id, s, b); b.Invalid != nil {
				invalid.Set(b.Invalid)
				cancel()
				return
			}
			count += uint64(len(b.Edges))
			if len(b.Edges) == 0 && !legit && g.Expanded(id) {
				r.Deadlock.Offer(id)
			}
			if legit && leavesLegit(b, p.Legit) {
				r.Closure.Offer(id)
			}
		})
		transitions.Add(count)
		if d := done.Add(hi - lo); p.Progress != nil {
			p.Progress(explore.Progress{Phase: "scan", States: d, Total: n})
		}
	})
	r.Transitions, r.Invalid = transitions.Load(), invalid.Get()
	return r
}

// visit evaluates the invariants and the legitimate set on node id, and reports whether it is
// legitimate.
func (r *ScanResult) visit(id uint64, s model.State, p Pass) bool {
	for i, inv := range p.Invariants {
		if !inv.Holds(s) {
			r.Invariant[i].Offer(id)
		}
	}
	legit := p.Legit != nil && p.Legit(s)
	if legit && r.Legit != nil {
		r.Legit.Set(id)
	}
	return legit
}

// leavesLegit reports whether an edge in b leads outside the legitimate set.
func leavesLegit(b *explore.Successors, legit model.Predicate) bool {
	for j := range b.Edges {
		if !legit(b.Target(j)) {
			return true
		}
	}
	return false
}

// Mark is the bitmap of the reached nodes that satisfy pred, in one parallel pass: the goal
// of an eventually property.
func Mark(ctx context.Context, g explore.Graph, pred model.Predicate, workers int) par.Bitmap {
	n := g.Size()
	marks := par.NewBitmap(n)
	par.ForChunks(ctx, n, par.Chunk(n, workers), workers, func(_ int, lo, hi uint64) {
		g.Scan(lo, hi, func(id uint64, s model.State) {
			if g.Reached(id) && pred(s) {
				marks.Set(id)
			}
		})
	})
	return marks
}
