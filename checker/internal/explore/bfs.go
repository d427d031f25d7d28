package explore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/mapped"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/internal/sys"
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
		seg := expandRange(g.m, g, visited, lo, hi, cfg, guard)
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
		if err := g.number(visited, seg, cfg.Workers); err != nil {
			return err
		}
		if err := g.commit(visited, seg, cfg.Workers); err != nil {
			return err
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
// batches: a Batcher numbers every edge, a Resolver finds those it held beyond memory. The
// commit numbers what is left, one by one.
func (g *Explicit) number(visited store.Store, seg []chunkResult, workers int) error {
	if b, ok := visited.(store.Batcher); ok {
		return g.numberSegment(b, seg, workers)
	}
	r, ok := visited.(store.Resolver)
	if !ok {
		return nil
	}
	resolved, err := r.Resolve()
	if err == nil && resolved > 0 {
		g.assignResolved(r, seg, workers)
	}
	return err
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

// commit numbers the states first seen in a segment as a sequential BFS would, at their first
// edge in source and step order, and appends them and the segment's edges to the graph.
//
// A pending edge's note names its target's bytes (the chunk and offset of the Visit that put
// it), the same note for every edge to one state: the numbering reads and writes small arrays
// per chunk in order, not the visited set. The ids then go to the visited set in parallel
// (publish), where each is a cache miss.
func (g *Explicit) commit(visited store.Store, level []chunkResult, workers int) error {
	width := g.sch.Width()
	w := uint32(max(width, 1))
	ids := make([][]uint32, len(level)) // per chunk, 1 + the id of the k-th state of its slab; 0: none
	for ci := range level {
		c := &level[ci]
		for _, p := range c.pending {
			if ids[p.note.Chunk] == nil {
				ids[p.note.Chunk] = make([]uint32, len(level[p.note.Chunk].fresh))
			}
			id := &ids[p.note.Chunk][p.note.Offset/w]
			if *id == 0 {
				if g.Size() == noParent {
					return BoundError{"the explicit graph holds fewer than 2^32 states"}
				}
				*id = uint32(g.Size()) + 1
				g.addNode(level[p.note.Chunk].state(p.note.Offset, width), p.from, c.edges[p.edge].index)
			}
			c.edges[p.edge].to = *id - 1
		}
		i := 0
		for _, n := range c.degree {
			g.offsets.push(g.offsets.last() + uint64(n))
			for ordinal := range n {
				g.pushEdge(c.edges[i], ordinal)
				if g.withMovers {
					g.movers.push(c.movers[i])
				}
				i++
			}
		}
		for i, id := range c.actionFirst {
			g.actionFirst[i].Offer(id)
		}
	}
	publish(visited, level, ids, width, workers)
	return g.failed()
}

// publish gives the visited set the ids the commit gave a segment's new states, the workers
// taking whole chunks, each touching a batch of slots before it writes them.
func publish(visited store.Store, level []chunkResult, ids [][]uint32, w, workers int) {
	par.ForChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			c := &level[ci]
			if ids[ci] == nil { // no new state, or a store that numbered the segment itself
				continue
			}
			for k, fp := range c.fresh {
				if k%stagedBatch == 0 {
					store.Touch(visited, c.fresh[k:min(len(c.fresh), k+stagedBatch)])
				}
				if id := ids[ci][k]; id != 0 { // 0: the state was found beyond memory (Resolve)
					visited.Number(fp, model.State(c.slab[k*w:(k+1)*w]), uint64(id-1))
				}
			}
		}
	})
}

// pendingEdge is an edge to a state first seen in this level, numbered after the level.
type pendingEdge struct {
	edge int // position in the chunk's edges
	from uint64
	fp   uint64
	note store.Note // where the target's bytes are
}

// state is the state at offset in the chunk's slab.
func (c *chunkResult) state(offset uint32, width int) model.State {
	return model.State(c.slab[offset : int(offset)+width])
}

// chunkResult is what one worker found expanding a contiguous range of the frontier.
type chunkResult struct {
	slab    []byte   // the bytes of the states this chunk saw first, one after the other
	fresh   []uint64 // their fingerprints
	edges   []storedEdge
	movers  []uint64 // per edge, when the graph keeps them
	pending []pendingEdge
	degree  []uint32 // out-degree of each source
	// actionFirst is, per action invariant, the first source of the chunk with a violating
	// step, or par.NoNode; committed with the level, so an interrupted level leaves no trace.
	actionFirst []uint64
	invalid     error // a successor outside the schema: a model bug
}

const bfsChunk = 1024

// bfsGuard stops a level early when the run is cancelled or the heap passes the memory budget,
// so that a search too large for the machine ends inconclusive instead of being killed.
type bfsGuard struct {
	ctx    context.Context
	budget uint64
	chunks atomic.Int64
	over   atomic.Bool
}

// stop is asked before each chunk; the heap is measured at the first chunk of a segment and
// every 64 chunks after.
func (b *bfsGuard) stop() bool {
	if b.ctx.Err() != nil {
		return true
	}
	if b.budget > 0 && b.chunks.Add(1)%64 == 1 && sys.HeapOver(b.budget) {
		b.over.Store(true)
	}
	return b.over.Load()
}

// expandRange expands the nodes lo..hi-1, a chunk per worker at a time.
func expandRange(m model.Model, g *Explicit, visited store.Store, lo, hi uint64, cfg Config, guard *bfsGuard) []chunkResult {
	chunks := int((hi - lo + bfsChunk - 1) / bfsChunk)
	out := make([]chunkResult, chunks)
	var next sync.Mutex
	cursor := 0
	var wg sync.WaitGroup
	for range min(cfg.Workers, chunks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				c := cursor
				cursor++
				next.Unlock()
				if c >= chunks || guard.stop() {
					return
				}
				out[c] = expandChunk(m, g, visited, cfg.Actions, uint32(c), lo+uint64(c)*bfsChunk, min(hi, lo+uint64(c+1)*bfsChunk))
			}
		}()
	}
	wg.Wait()
	return out
}

func expandChunk(m model.Model, g *Explicit, visited store.Store, actions []model.ActionProperty, chunk uint32, lo, hi uint64) chunkResult {
	r := chunkResult{actionFirst: make([]uint64, len(actions))}
	for i := range actions {
		r.actionFirst[i] = par.NoNode
	}
	b := staged{width: g.sch.Width()}
	batched, _ := m.(model.Batched) // what the edges keep is all the BFS needs of a step
	if len(actions) > 0 || g.withMovers {
		batched = nil
	}
	for id := lo; id < hi && r.invalid == nil; id++ {
		n := 0
		s := g.stateAt(id)
		if batched != nil {
			if n, r.invalid = b.addBatch(batched, g.sch, id, s); n >= 0 {
				r.degree = append(r.degree, uint32(n))
				if len(b.fps) >= stagedBatch {
					r.visit(visited, &b, chunk, false)
				}
				continue
			}
			n = 0
		}
		m.Successors(s, func(st model.Step, t model.State) bool {
			if r.invalid = checkStep(g.sch, s, st, t); r.invalid != nil {
				return false
			}
			for i, a := range actions {
				if r.actionFirst[i] == par.NoNode && !a.Holds(s, st, t) {
					r.actionFirst[i] = id
				}
			}
			var movers uint64
			if g.withMovers {
				movers = st.Movers() // inline: a call per edge costs the dense path 15%
				if g.fair != nil {
					movers = g.fair.Served(st)
				}
			}
			b.add(id, t, edgeStep{uint32(st.Index), uint16(st.MoveCount()), uint16(st.Ticks)}, movers)
			n++
			return true
		})
		r.degree = append(r.degree, uint32(n))
		if len(b.fps) >= stagedBatch {
			r.visit(visited, &b, chunk, g.withMovers)
		}
	}
	r.visit(visited, &b, chunk, g.withMovers)
	return r
}

// staged holds successors generated and not yet looked up: the lookups of a batch are made
// together, after store.Touch, so that their cache misses overlap (see store.Toucher).
type staged struct {
	batch  model.Batch // the model's batch, written into states
	width  int
	from   []uint64
	fps    []uint64
	states []byte
	steps  []edgeStep
	movers []uint64
}

// stagedBatch is about how many successors are looked up together: enough for the misses of a
// batch to overlap, few enough that the batch stays in the first-level cache.
const stagedBatch = 64

// addBatch stages the successors of node id, whose configuration is s, from the model's batch
// (model.Batched), checked as checkStep does: it returns how many, or -1 if the model wrote no
// batch.
func (b *staged) addBatch(batched model.Batched, sch *model.Schema, id uint64, s model.State) (int, error) {
	at, w := len(b.fps), b.width
	b.batch.States, b.batch.Steps = b.states, b.batch.Steps[:0]
	if !batched.AppendSuccessors(s, &b.batch) {
		return -1, nil
	}
	b.states = b.batch.States
	for k, st := range b.batch.Steps {
		t := model.State(b.states[(at+k)*w : (at+k+1)*w])
		if sch.Valid(t) != nil {
			b.states = b.states[:(at+k)*w]
			return k, invalidSuccessor(sch, s, t)
		}
		b.from, b.fps = append(b.from, id), append(b.fps, t.Fingerprint())
		b.steps, b.movers = append(b.steps, edgeStep{st.Index, st.Moves, st.Ticks}), append(b.movers, 0)
	}
	return len(b.batch.Steps), nil
}

func (b *staged) add(from uint64, t model.State, st edgeStep, movers uint64) {
	b.from = append(b.from, from)
	b.fps = append(b.fps, t.Fingerprint())
	b.states = append(b.states, t...)
	b.steps = append(b.steps, st)
	b.movers = append(b.movers, movers)
}

// visit looks the staged successors up, in order, and records their edges.
func (r *chunkResult) visit(visited store.Store, b *staged, chunk uint32, withMovers bool) {
	store.Touch(visited, b.fps)
	w := b.width
	for k, fp := range b.fps {
		if r.invalid != nil {
			break
		}
		if len(r.slab) > store.MaxNoteOffset {
			r.invalid = errors.New("the new states of one BFS chunk exceed 2 GiB")
			break
		}
		t := model.State(b.states[k*w : (k+1)*w])
		seen := visited.Visit(fp, t, store.Note{Chunk: chunk, Offset: uint32(len(r.slab))})
		if seen.New {
			r.slab, r.fresh = append(r.slab, t...), append(r.fresh, fp)
		}
		if !seen.Assigned {
			r.pending = append(r.pending, pendingEdge{edge: len(r.edges), from: b.from[k], fp: fp, note: seen.Note})
		}
		r.edges = append(r.edges, storedEdge{uint32(seen.ID), b.steps[k]})
		if withMovers {
			r.movers = append(r.movers, b.movers[k])
		}
	}
	b.from, b.fps, b.states, b.steps, b.movers = b.from[:0], b.fps[:0], b.states[:0], b.steps[:0], b.movers[:0]
}

// checkStep rejects a successor outside the schema, and a step the explicit graph cannot
// record exactly.
func checkStep(sch *model.Schema, from model.State, st model.Step, t model.State) error {
	if sch.Valid(t) != nil {
		return invalidSuccessor(sch, from, t)
	}
	if st.Index < 0 || st.Index > maxStepIndex || st.MoveCount() > math.MaxUint16 || st.Ticks < 0 || st.Ticks > math.MaxUint16 {
		return fmt.Errorf("model error: a step from %s has index %d, %d moves and %d ticks: the explorer records at most index %d and %d moves or ticks", sch.Format(from), st.Index, st.MoveCount(), st.Ticks, maxStepIndex, math.MaxUint16)
	}
	return nil
}
