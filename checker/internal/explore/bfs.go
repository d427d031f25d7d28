package explore

import (
	"context"
	"runtime"
	"unsafe"

	"github.com/mc-checker/mc/checker/internal/mapped"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
)

// Config bounds one exploration and says what it keeps. Zero fields mean none.
type Config struct {
	Workers   int
	MaxStates uint64 // positive: stop, inconclusive, past this many states
	Memory    uint64 // heap budget in bytes (0: none)
	Progress  func(Progress)
	Movers    bool // keep the moving processes of every edge (weak fairness)
	Actions   []model.ActionProperty
	// Space, if set, keeps the columns in files from the start.
	Space *mapped.Space
	// Grow, if set, is called after every commit: it may move the graph to files (UseDisk)
	// and the visited set beyond memory, once the heap passes a mark.
	Grow func(*Explicit) error
	// Committed, if set, is called after each segment is committed (checkpoints).
	Committed func(*Explicit) error
	// SegmentEdges, if positive, sizes segments by about this many edges instead of
	// bfsSegment nodes: a store whose lookups beyond memory are batched per segment wants
	// segments as large as memory allows.
	SegmentEdges uint64
	// InitialBatch, if positive, numbers the initial states in batches of this many rather
	// than SegmentEdges: a batch is numbered whole, and a store that is still in memory answers
	// small batches as fast, so an interrupt waits for one small batch only.
	InitialBatch uint64
	// Compress stores the configurations by tree compression (checker/internal/compress)
	// rather than their bytes: for wide configurations, whose successors differ in a few
	// bytes. Not with checkpoints, which save the columns as they are.
	Compress bool
}

// BFS builds the reachable graph level by level. Workers expand disjoint chunks of the
// frontier; after each segment its new states are numbered in the order a sequential BFS
// would meet them (commit), so ids, parents, edges and every result are the same for any
// number of workers.
func BFS(ctx context.Context, m model.Model, visited store.Store, cfg Config) (*Explicit, error) {
	g, err := Start(ctx, m, visited, cfg)
	if err != nil {
		return g, err
	}
	return g, g.Explore(ctx, visited, cfg)
}

// bfsSegment is how many nodes the BFS expands between two commits: ids do not depend on it
// (a sequential BFS numbers new states in the order it meets them, level or not), but it
// bounds the memory a segment holds before its commit and the work an interruption loses.
const bfsSegment = 128 * bfsChunk

// Explore expands the unexpanded nodes of g, a segment at a time, until the graph is closed
// or a bound, an interruption or a checkpoint failure stops it. It continues a graph restored
// from a checkpoint exactly as it would have gone on.
func (g *Explicit) Explore(ctx context.Context, visited store.Store, cfg Config) error {
	guard := &bfsGuard{ctx: ctx, budget: cfg.Memory}
	var spare []chunkResult // the last segment's, whose buffers the next reuses when small
	for g.ExpandedNodes() < g.Size() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if cfg.MaxStates > 0 && g.Size() > cfg.MaxStates { // a resumed run stops where it did
			return BoundError{"state bound reached"}
		}
		lo := g.ExpandedNodes()
		hi := min(g.levelEnd, lo+g.segmentNodes(cfg.SegmentEdges))
		guard.chunks.Store(0)
		seg, early := expandRange(g.m, g, visited, lo, hi, cfg, guard, spare)
		switch {
		case ctx.Err() != nil: // the segment is partial: keep what was committed
			return ctx.Err()
		case guard.over.Load():
			return BoundError{"memory budget reached"}
		}
		for _, c := range seg {
			if c.invalid != nil {
				return c.invalid
			}
		}
		if numbered, err := g.number(visited, seg, cfg.Workers); err != nil {
			return err
		} else if numbered {
			early = nil // the store gave some targets their ids: the numbering is redone
		}
		if err := g.commit(visited, seg, cfg.Workers, early); err != nil {
			return err
		}
		spare, seg = seg, nil
		if segmentBytes(spare) > maxSpareBytes {
			spare = nil
			runtime.GC() // a large segment's buffers are free for the next before settling grows the tables
		}
		if err := g.settle(visited, cfg, g.prevStart, g.levelStart, g.ExpandedNodes()); err != nil {
			return err
		}
		if g.Size() > g.levelEnd {
			g.levels = g.depth + 1
		}
		if cfg.Progress != nil { // after every segment: a level may take minutes
			cfg.Progress(Progress{Phase: "explore", States: g.Size(), Transitions: g.edges.len(), Depth: g.depth})
		}
		if hi == g.levelEnd {
			g.depth, g.prevStart, g.levelStart, g.levelEnd = g.depth+1, g.levelStart, g.levelEnd, g.Size()
		}
		if cfg.Committed != nil {
			if err := cfg.Committed(g); err != nil {
				return err
			}
		}
		if cfg.MaxStates > 0 && g.Size() > cfg.MaxStates {
			return BoundError{"state bound reached"}
		}
	}
	return nil
}

// segmentNodes is how many nodes the next segment expands: bfsSegment, or with edges > 0
// about that many edges at the mean degree so far (8 before any), in whole chunks. It is
// computed from the committed graph only, so segments, and what a bound sees after each, do
// not depend on the timing of the workers.
func (g *Explicit) segmentNodes(edges uint64) uint64 {
	if edges == 0 {
		return bfsSegment
	}
	degree := uint64(8)
	if n := g.ExpandedNodes(); n > 0 {
		degree = max(1, (g.edges.len()+n-1)/n)
	}
	return max(1, edges/degree/bfsChunk) * bfsChunk
}

// number gives the targets of a segment's pending edges their ids where the store answers in
// batches: a Batcher numbers every edge, a Resolver finds those it held beyond memory; it
// reports whether it numbered any. The commit numbers what is left, one by one.
func (g *Explicit) number(visited store.Store, seg []chunkResult, workers int) (bool, error) {
	if b, ok := visited.(store.Batcher); ok {
		return true, g.numberSegment(b, seg, workers)
	}
	r, ok := visited.(store.Resolver)
	if !ok {
		return false, nil
	}
	resolved, err := r.Resolve()
	if err == nil && resolved > 0 {
		g.assignResolved(r, seg, workers)
	}
	return resolved > 0, err
}

// settle lets the run move to disk if it grew past its mark (cfg.Grow), and the visited set
// move its older states beyond memory, keeping those numbered from the first of keeps that
// fit.
func (g *Explicit) settle(visited store.Store, cfg Config, keeps ...uint64) error {
	if cfg.Grow != nil {
		if err := cfg.Grow(g); err != nil {
			return err
		}
	}
	if s, ok := visited.(store.Settler); ok {
		return s.Settle(keeps...)
	}
	return nil
}

// storeFailed is the first lookup the store could not answer.
func storeFailed(visited store.Store) error {
	if f, ok := visited.(store.Fallible); ok {
		return f.Failed()
	}
	return nil
}

// maxSpareBytes bounds the buffers a segment leaves to the next. Reused, they save the
// collector the garbage of every segment (Arvy n=5: 40 MiB a segment, 4-7% of the time);
// kept through the settling of a large segment, they were the peak's excess (the ssarrow star
// of 4: segments of 5,461 chunks, 1.4 GiB, peak 7.5 → 9.5 GB). A larger segment's are
// collected at once instead, before settling grows the tables: peak 7.5-8.0 → 7.4 GB, and
// 75 → 70 s (the collector, pacing itself on a small heap, left them for later).
const maxSpareBytes = 64 << 20

// segmentBytes is the capacity of a segment's buffers.
func segmentBytes(seg []chunkResult) uint64 {
	var b uintptr
	for i := range seg {
		r := &seg[i]
		b += uintptr(cap(r.slab)) + uintptr(cap(r.fresh))*unsafe.Sizeof(uint64(0)) +
			uintptr(cap(r.edges))*unsafe.Sizeof(storedEdge{}) + uintptr(cap(r.movers))*unsafe.Sizeof(uint64(0)) +
			uintptr(cap(r.pending))*unsafe.Sizeof(pendingEdge{}) + uintptr(cap(r.degree))*unsafe.Sizeof(uint32(0))
	}
	return uint64(b)
}
