package explore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
)

// The expansion of a BFS segment: workers take chunks of its nodes, generate their
// successors, look them up a batch at a time and keep what the commit needs.

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

// expandRange expands the nodes lo..hi-1, a chunk per worker at a time, into the buffers of
// spare, a segment committed before (nil: none), whose chunks' slices it reuses: made anew for
// every segment, they were gigabytes of garbage for the collector, which two workers made in
// twice the time (ssarrow -p n=3). Beside the workers, a goroutine numbers each chunk as soon
// as it and those before it are expanded (numbering); it returns that numbering, complete
// unless the expansion stopped early.
func expandRange(m model.Model, g *Explicit, visited store.Store, lo, hi uint64, cfg Config, guard *bfsGuard, spare []chunkResult) ([]chunkResult, *numbering) {
	sizes := g.chunkSizes(visited)
	chunks := int((hi - lo + bfsChunk - 1) / bfsChunk)
	out := spare[:min(chunks, cap(spare))]
	out = append(out, make([]chunkResult, chunks-len(out))...)
	early, expanded, numbered := g.numberEarly(out, visited, min(cfg.Workers, chunks))
	var next sync.Mutex
	cursor := 0
	var wg sync.WaitGroup
	for range min(cfg.Workers, chunks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := newExpander(m, g, visited, cfg.Actions)
			for {
				next.Lock()
				c := cursor
				cursor++
				next.Unlock()
				if c >= chunks || guard.stop() {
					return
				}
				x.chunk(&out[c], sizes, uint32(c), lo+uint64(c)*bfsChunk, min(hi, lo+uint64(c+1)*bfsChunk))
				if expanded != nil {
					expanded <- c
				}
			}
		}()
	}
	wg.Wait()
	if expanded != nil {
		close(expanded)
		<-numbered
	}
	return out, early
}

// numberEarly starts the goroutine that numbers the chunks of level in order as the workers
// send their indices on expanded, and closes numbered when expanded is closed. It starts
// nothing and returns nils for one worker (no other core to number on: the commit numbers
// the segment, in one allocation) and for a store that numbers the segment itself (a
// Batcher).
func (g *Explicit) numberEarly(level []chunkResult, visited store.Store, workers int) (*numbering, chan int, chan struct{}) {
	if _, ok := visited.(store.Batcher); ok || workers < 2 {
		return nil, nil, nil
	}
	n := g.newNumbering(len(level))
	expanded, numbered := make(chan int, len(level)), make(chan struct{})
	go func() {
		defer close(numbered)
		ready := make([]bool, len(level))
		for c := range expanded {
			ready[c] = true
			for n.done < len(level) && ready[n.done] {
				n.chunk(level, n.done)
			}
		}
	}()
	return n, expanded, numbered
}

// expander is one worker's expansion: its own copy of the model (model.Behaviour.Fork), its
// staged successors, and the node being expanded, which add reads: add is bound to yield once,
// since a closure made per node escaped to the heap (19 million allocations for ssarrow -p n=3,
// and as many more for the model's pooled buffers without a copy of its own).
type expander struct {
	m model.Model
	// batch is the model's, when the BFS needs no more of a step than the edges keep.
	batch   func(model.State, *model.Batch) bool
	g       *Explicit
	visited store.Store
	actions []model.ActionProperty
	b       staged
	yield   func(model.Step, model.State) bool
	limit   func() error // the model's limit, if it may meet one of its own
	// The node being expanded: its chunk's result, id, configuration and successors so far.
	r   *chunkResult
	id  uint64
	s   model.State
	n   int
	buf model.State // decodes the node's configuration, with the tree
}

func newExpander(m model.Model, g *Explicit, visited store.Store, actions []model.ActionProperty) *expander {
	if fork := model.BehaviourOf(m).Fork; fork != nil {
		m = fork()
	}
	does := model.BehaviourOf(m)
	x := &expander{m: m, g: g, visited: visited, actions: actions, b: staged{width: g.sch.Width()}, limit: does.Limit, buf: g.buffer()}
	if len(actions) == 0 && !g.withMovers {
		x.batch = does.Batch
	}
	x.yield = x.add
	return x
}

// chunk expands the nodes lo..hi-1, chunk number chunk of the segment, into r.
func (x *expander) chunk(r *chunkResult, sizes chunkSizes, chunk uint32, lo, hi uint64) {
	sizes.reset(r, x.g, len(x.actions))
	for i := range x.actions {
		r.actionFirst[i] = par.NoNode
	}
	x.r = r
	defer func() { x.r = nil }()
	for id := lo; id < hi && r.invalid == nil; id++ {
		x.id, x.s, x.n = id, x.g.stateAt(id, x.buf), -1
		if x.batch != nil {
			x.n, r.invalid = x.b.addBatch(x.batch, x.g.sch, id, x.s)
		}
		if x.n < 0 { // no batch
			x.n = 0
			x.m.Successors(x.s, x.yield)
		}
		if x.limit != nil {
			if err := x.limit(); err != nil { // this node's successors are incomplete
				r.invalid = BoundError{err.Error()}
				break
			}
		}
		r.degree = append(r.degree, uint32(x.n))
		if len(x.b.fps) >= stagedBatch {
			r.visit(x.visited, &x.b, chunk, x.g.withMovers)
		}
	}
	r.visit(x.visited, &x.b, chunk, x.g.withMovers)
}

// add stages a successor of the node being expanded, checking the step and the action
// invariants on it.
func (x *expander) add(st model.Step, t model.State) bool {
	r := x.r
	if r.invalid = checkStep(x.g.sch, x.s, st, t); r.invalid != nil {
		return false
	}
	for i, a := range x.actions {
		if r.actionFirst[i] == par.NoNode && !a.Holds(x.s, st, t) {
			r.actionFirst[i] = x.id
		}
	}
	x.b.add(x.id, t, edgeStep{uint32(st.Index), uint16(st.MoveCount()), uint16(st.Ticks)})
	if x.g.withMovers { // then every successor comes through here: no batch
		movers := st.Movers() // inline: a call per edge costs the dense path 15%
		if x.g.fair != nil {
			movers = x.g.fair.Served(st)
		}
		x.b.movers = append(x.b.movers, movers)
	}
	x.n++
	return true
}

// chunkSizes is what a chunk's buffers are made for: the edges of a chunk at the mean degree
// so far, and whether each is a new state (a Batcher knows nothing during a segment). Grown
// from nothing, they were copied at every doubling: 18% of the time of a universe explored
// with its visited set in sorted runs.
type chunkSizes struct {
	edges  int
	allNew bool
}

func (g *Explicit) chunkSizes(visited store.Store) chunkSizes {
	degree := uint64(8)
	if n := g.ExpandedNodes(); n > 0 {
		degree = g.edges.len()/n + 1
	}
	_, allNew := visited.(store.Batcher)
	return chunkSizes{edges: int(min(degree, 64) * bfsChunk), allNew: allNew}
}

// reset empties r, keeping its slices, with room for the edges it will likely hold.
func (z chunkSizes) reset(r *chunkResult, g *Explicit, actions int) {
	r.actionFirst, r.invalid = slices.Grow(r.actionFirst[:0], actions)[:actions], nil
	r.edges, r.degree = slices.Grow(r.edges[:0], z.edges), slices.Grow(r.degree[:0], bfsChunk)
	r.slab, r.fresh, r.pending, r.movers = r.slab[:0], r.fresh[:0], r.pending[:0], r.movers[:0]
	if g.withMovers {
		r.movers = slices.Grow(r.movers, z.edges)
	}
	if z.allNew {
		w := g.sch.Width()
		r.slab, r.fresh, r.pending = slices.Grow(r.slab, z.edges*w), slices.Grow(r.fresh, z.edges), slices.Grow(r.pending, z.edges)
	}
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
	movers []uint64 // only when the graph keeps movers (then no batch is used)
}

// touchBatch touches the fingerprints of the batch of stagedBatch that starts at position k of
// fps, when k starts one (store.Toucher): a loop over fps calls it at every position.
func touchBatch(visited store.Store, fps []uint64, k int) {
	if k%stagedBatch == 0 {
		store.Touch(visited, fps[k:min(len(fps), k+stagedBatch)])
	}
}

// stagedBatch is about how many successors are looked up together: enough for the misses of a
// batch to overlap, few enough that the batch stays in the first-level cache.
const stagedBatch = 64

// addBatch stages the successors of node id, whose configuration is s, from the model's batch
// (model.Behaviour.Batch), checked as checkStep does: it returns how many, or -1 if the model
// wrote no batch.
func (b *staged) addBatch(batch func(model.State, *model.Batch) bool, sch *model.Schema, id uint64, s model.State) (int, error) {
	at, w := len(b.fps), b.width
	b.batch.States, b.batch.Steps = b.states, b.batch.Steps[:0]
	if !batch(s, &b.batch) {
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
		b.steps = append(b.steps, edgeStep{st.Index, st.Moves, uint16(st.Ticks)})
	}
	return len(b.batch.Steps), nil
}

func (b *staged) add(from uint64, t model.State, st edgeStep) {
	b.from = append(b.from, from)
	b.fps = append(b.fps, t.Fingerprint())
	b.states = append(b.states, t...)
	b.steps = append(b.steps, st)
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
