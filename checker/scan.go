package checker

import (
	"context"
	"math/bits"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
)

// bitmap is one bit per node.
type bitmap []uint64

func newBitmap(n uint64) bitmap { return make(bitmap, (n+63)/64) }

func (b bitmap) has(i uint64) bool { return b[i/64]&(1<<(i%64)) != 0 }

// set is safe for concurrent use.
func (b bitmap) set(i uint64) {
	atomic.OrUint64(&b[i/64], 1<<(i%64))
}

// claim sets bit i and reports whether this call set it.
func (b bitmap) claim(i uint64) bool {
	return atomic.OrUint64(&b[i/64], 1<<(i%64))&(1<<(i%64)) == 0
}

// count is the number of bits set.
func (b bitmap) count() uint64 {
	var n uint64
	for _, w := range b {
		n += uint64(bits.OnesCount64(w))
	}
	return n
}

// scanResult is what one pass over every node finds.
type scanResult struct {
	legit       bitmap        // nil when no legitimate set was given
	invariant   []*minTracker // first violation of each invariant
	closure     *minTracker   // first legitimate node with an illegitimate successor
	deadlock    *minTracker   // first illegitimate node without successors (only if expandAll)
	transitions uint64        // out-edges of the nodes expanded
	invalid     firstError    // a successor outside the schema: a model bug
}

// scanPass evaluates the state predicates on every node in one parallel, sequential-access pass.
// It expands the legitimate nodes (closure) and, if expandAll, every node (deadlocks and the
// transition count); otherwise the convergence search expands the rest.
func scanPass(ctx context.Context, g graph, spec *Spec, expandAll bool, workers int, progress func(Progress)) *scanResult {
	n := g.size()
	r := &scanResult{closure: newMinTracker(), deadlock: newMinTracker()}
	if spec.Legit != nil {
		r.legit = newBitmap(n)
	}
	for range spec.Invariants {
		r.invariant = append(r.invariant, newMinTracker())
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var transitions, done atomic.Uint64
	width := g.schema().Width()
	bufs := make([]*successors, workers)
	for w := range bufs {
		bufs[w] = newSuccessors(g)
	}
	forChunks(ctx, n, scanChunk(n, workers), workers, func(w int, lo, hi uint64) {
		var count uint64
		b := bufs[w]
		g.scan(lo, hi, func(id uint64, s model.State) {
			if !g.reached(id) {
				return
			}
			for i, inv := range spec.Invariants {
				if !inv.Holds(s) {
					r.invariant[i].offer(id)
				}
			}
			legit := spec.Legit != nil && spec.Legit(s)
			if legit {
				r.legit.set(id)
			}
			if !legit && !expandAll {
				return
			}
			b.truncate(0, 0)
			if g.succ(id, s, b); b.invalid != nil {
				r.invalid.set(b.invalid)
				cancel()
				return
			}
			count += uint64(len(b.edges))
			if len(b.edges) == 0 && !legit && g.expanded(id) {
				r.deadlock.offer(id)
			}
			if legit {
				for j := range b.edges {
					if !spec.Legit(b.target(j, width)) {
						r.closure.offer(id)
						break
					}
				}
			}
		})
		transitions.Add(count)
		if d := done.Add(hi - lo); progress != nil {
			progress(Progress{Phase: "scan", States: d, Total: n})
		}
	})
	r.transitions = transitions.Load()
	return r
}

// scanChunk balances progress reporting against the cost of handing out chunks.
func scanChunk(n uint64, workers int) uint64 {
	return max(1024, min(1<<20, n/uint64(64*workers)))
}
