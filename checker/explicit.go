package checker

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// explicitGraph is the reachable graph found by BFS from explicit initial states, in columns
// indexed by node id (ids follow sequential BFS order) and edges in CSR form. Ids and edges are
// 32-bit: an edge costs 12 bytes, a node its configuration and 16 bytes, so that graphs of
// hundreds of millions of states fit in memory.
type explicitGraph struct {
	m      Model
	sch    *Schema
	states column[byte]   // the configurations, schema width bytes an entry
	parent column[uint32] // BFS tree; noParent for initial nodes
	via    column[uint32] // step index from the parent
	levels uint32         // BFS depth reached
	// The BFS cursor: the level being expanded, its first node and the first node past it;
	// and the first node of the level before, which the visited set keeps in memory.
	depth                           uint32
	levelStart, levelEnd, prevStart uint64
	offsets                         column[uint64] // edges of node i are edges[offsets[i]:offsets[i+1]]
	edges                           column[storedEdge]
	// movers holds each edge's moving processes, only when weak fairness will read them: at
	// 8 bytes an edge it would otherwise be the largest column.
	movers     column[uint64]
	withMovers bool
	// actionFirst is, per action invariant, the smallest expanded node with a step that
	// violates it: the BFS evaluates them on the steps it generates anyway.
	actionFirst []*minTracker
}

// storedEdge is an edge as the explicit graph keeps it.
type storedEdge struct {
	to, index    uint32
	moves, ticks uint16
}

// noParent marks initial nodes; it is also the bound on node ids.
const noParent = math.MaxUint32

// maxStepIndex bounds Step.Index: the store keeps a flag in the index's top bit.
const maxStepIndex = math.MaxInt32

func (g *explicitGraph) size() uint64           { return g.states.len() }
func (g *explicitGraph) schema() *Schema        { return g.sch }
func (g *explicitGraph) initial(id uint64) bool { return g.parent.at(id) == noParent }
func (g *explicitGraph) reached(uint64) bool    { return true }
func (g *explicitGraph) stateAt(id uint64) State {
	return g.states.entry(id)
}

func (g *explicitGraph) state(id uint64, dst State) { copy(dst, g.stateAt(id)) }

func (g *explicitGraph) scan(lo, hi uint64, fn func(uint64, State)) {
	for id := lo; id < hi; id++ {
		fn(id, g.stateAt(id))
	}
}

func (g *explicitGraph) expanded(id uint64) bool { return id < g.expandedNodes() }

// degree is the number of out-edges of an expanded node.
func (g *explicitGraph) degree(id uint64) uint64 { return g.offsets.at(id+1) - g.offsets.at(id) }

// expandedNodes is the number of nodes whose edges are known: the nodes before it.
func (g *explicitGraph) expandedNodes() uint64 { return g.offsets.len() - 1 }

// succ yields nothing for the nodes a bounded search left unexpanded.
func (g *explicitGraph) succ(id uint64, _ State, out *successors) {
	if !g.expanded(id) {
		return
	}
	for j, end := g.offsets.at(id), g.offsets.at(id+1); j < end; j++ {
		e := g.edges.at(j)
		var movers uint64
		if g.withMovers {
			movers = g.movers.at(j)
		}
		out.edges = append(out.edges, edge{to: uint64(e.to), index: e.index, moves: uint32(e.moves), ticks: uint32(e.ticks), movers: movers})
		out.states = append(out.states, g.stateAt(uint64(e.to))...)
	}
}

func (g *explicitGraph) model() Model { return g.m }

func (g *explicitGraph) pathTo(id uint64) ([]uint64, []uint32) {
	var nodes []uint64
	var steps []uint32
	for ; g.parent.at(id) != noParent; id = uint64(g.parent.at(id)) {
		nodes = append(nodes, id)
		steps = append(steps, g.via.at(id))
	}
	nodes = append(nodes, id)
	slices.Reverse(nodes)
	slices.Reverse(steps)
	return nodes, steps
}

// addNode appends a node with its BFS parent.
func (g *explicitGraph) addNode(s State, parent uint64, via uint32) {
	g.states.pushEntry(s)
	g.parent.push(uint32(parent))
	g.via.push(via)
}

// errBound reports that a bound stopped the search, as opposed to a failure.
type errBound struct{ what string }

func (e errBound) Error() string { return e.what }

// bfsConfig bounds one exploration and says what it keeps.
type bfsConfig struct {
	workers   int
	maxStates uint64 // positive: stop, inconclusive, past this many states
	memory    uint64 // heap budget in bytes (0: none)
	progress  func(Progress)
	movers    bool // keep the moving processes of every edge (weak fairness)
	actions   []ActionProperty
	disk      *diskSpace // keep the columns in files
	grow      *onDemand  // move to disk when the heap grows past a mark (nil: never)
	// committed, if set, is called after each segment is committed (checkpoints).
	committed func(*explicitGraph) error
}

// exploreBFS builds the reachable graph level by level. Workers expand disjoint chunks of the
// frontier; after each segment its new states are numbered in the order a sequential BFS
// would meet them (commit), so ids, parents, edges and every result are the same for any
// number of workers.
func exploreBFS(ctx context.Context, m Model, store Store, cfg bfsConfig) (*explicitGraph, error) {
	g, err := newExplicitGraph(m, store, cfg)
	if err != nil {
		return g, err
	}
	return g, g.explore(ctx, store, cfg)
}

// newExplicitGraph is the graph of the initial states, none of them expanded yet.
func newExplicitGraph(m Model, store Store, cfg bfsConfig) (*explicitGraph, error) {
	g, err := emptyGraph(m, cfg)
	if err != nil {
		return nil, err
	}
	g.offsets.push(0)
	sch := g.sch
	full := false
	m.Init(func(s State) bool {
		if err = sch.Valid(s); err != nil {
			return false
		}
		if full = g.size() == noParent; full {
			return false
		}
		if fp := s.Fingerprint(); store.Visit(fp, s, Note{}).New {
			store.Number(fp, s, g.size())
			g.addNode(s, noParent, 0)
		}
		if g.size()%(1<<20) == 0 {
			err = settle(g, store, cfg.grow, 0) // all of level 0 is current: keep what fits
		}
		return err == nil
	})
	if err == nil {
		err = g.failed()
	}
	if err == nil {
		err = store.failed()
	}
	switch {
	case err != nil:
		return nil, err
	case full:
		return g, errBound{"the explicit graph holds fewer than 2^32 states"}
	case g.size() == 0:
		return nil, errors.New("the model has no initial state")
	}
	g.levelEnd = g.size()
	return g, nil
}

// emptyGraph is a graph with no node and no offset, ready for the initial states or a
// checkpoint; with cfg.disk its columns are files.
func emptyGraph(m Model, cfg bfsConfig) (*explicitGraph, error) {
	g := &explicitGraph{m: m, sch: m.Schema(), states: column[byte]{per: m.Schema().Width()}, withMovers: cfg.movers}
	for range cfg.actions {
		g.actionFirst = append(g.actionFirst, newMinTracker())
	}
	if cfg.disk == nil {
		return g, nil
	}
	return g, g.useDisk(cfg.disk)
}

// useDisk takes the columns' next pages from files in d; the pages they have stay.
func (g *explicitGraph) useDisk(d *diskSpace) error {
	for _, c := range g.columns() {
		a, err := d.arena(c.name)
		if err != nil {
			return err
		}
		c.col.attach(a)
	}
	return nil
}

// failed is the first page a column could not get: the graph lost entries and must not be
// used.
func (g *explicitGraph) failed() error {
	for _, c := range g.columns() {
		if err := c.col.failure(); err != nil {
			return err
		}
	}
	return nil
}

// columns lists the graph's columns with their file names, for useDisk, failed and
// checkpoints.
func (g *explicitGraph) columns() []namedColumn {
	return []namedColumn{{"states", &g.states}, {"parent", &g.parent}, {"via", &g.via},
		{"offsets", &g.offsets}, {"edges", &g.edges}, {"movers", &g.movers}}
}

type namedColumn struct {
	name string
	col  pagedColumn
}

// bfsSegment is how many nodes the BFS expands between two commits: ids do not depend on it
// (a sequential BFS numbers new states in the order it meets them, level or not), but it
// bounds the memory a segment holds before its commit and the work an interruption loses.
const bfsSegment = 128 * bfsChunk

// explore expands the unexpanded nodes of g, a segment at a time, until the graph is closed
// or a bound, an interruption or a checkpoint failure stops it. It continues a graph restored
// from a checkpoint exactly as it would have gone on.
func (g *explicitGraph) explore(ctx context.Context, store Store, cfg bfsConfig) error {
	guard := &bfsGuard{ctx: ctx, budget: cfg.memory}
	for g.expandedNodes() < g.size() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if cfg.maxStates > 0 && g.size() > cfg.maxStates { // a resumed run stops where it did
			return errBound{"state bound reached"}
		}
		lo := g.expandedNodes()
		hi := min(g.levelEnd, lo+bfsSegment)
		guard.chunks.Store(0)
		seg := expandRange(g.m, g, store, lo, hi, cfg, guard)
		switch {
		case ctx.Err() != nil: // the segment is partial: keep what was committed
			return ctx.Err()
		case guard.over.Load():
			return errBound{"memory budget reached"}
		}
		for _, c := range seg {
			if c.invalid != nil {
				return c.invalid
			}
		}
		if err := g.commit(store, seg); err != nil {
			return err
		}
		if err := settle(g, store, cfg.grow, g.prevStart, g.levelStart, g.expandedNodes()); err != nil {
			return err
		}
		if g.size() > g.levelEnd {
			g.levels = g.depth + 1
		}
		if hi == g.levelEnd {
			if cfg.progress != nil {
				cfg.progress(Progress{Phase: "explore", States: g.size(), Transitions: g.edges.len(), Depth: g.depth + 1})
			}
			g.depth, g.prevStart, g.levelStart, g.levelEnd = g.depth+1, g.levelStart, g.levelEnd, g.size()
		}
		if cfg.committed != nil {
			if err := cfg.committed(g); err != nil {
				return err
			}
		}
		if cfg.maxStates > 0 && g.size() > cfg.maxStates {
			return errBound{"state bound reached"}
		}
	}
	return nil
}

// settle moves the run to disk if it grew past its mark, and the visited set's older states
// to badger if it is over its budget, keeping those numbered from the first of keeps that fit.
func settle(g *explicitGraph, store Store, grow *onDemand, keeps ...uint64) error {
	if err := grow.check(g, store); err != nil {
		return err
	}
	return store.settle(keeps...)
}

// commit numbers the states first seen in a segment as a sequential BFS would, at their first
// edge in source and step order, and appends them and the segment's edges to the graph.
func (g *explicitGraph) commit(store Store, level []chunkResult) error {
	w := uint32(g.sch.Width())
	for ci := range level {
		c := &level[ci]
		for _, p := range c.pending {
			if g.size() == noParent {
				return errBound{"the explicit graph holds fewer than 2^32 states"}
			}
			key := State(level[p.note.Chunk].slab[p.note.Offset : p.note.Offset+w])
			id, _, fresh := store.Number(p.fp, key, g.size())
			if fresh {
				g.addNode(key, p.from, c.edges[p.edge].index)
			}
			c.edges[p.edge].to = uint32(id)
		}
		for i, e := range c.edges {
			g.edges.push(e)
			if g.withMovers {
				g.movers.push(c.movers[i])
			}
		}
		for _, n := range c.degree {
			g.offsets.push(g.offsets.last() + uint64(n))
		}
		for i, id := range c.actionFirst {
			g.actionFirst[i].offer(id)
		}
	}
	return g.failed()
}

// pendingEdge is an edge to a state first seen in this level, numbered after the level.
type pendingEdge struct {
	edge int // position in the chunk's edges
	from uint64
	fp   uint64
	note Note // where the target's bytes are
}

// chunkResult is what one worker found expanding a contiguous range of the frontier.
type chunkResult struct {
	slab    []byte // the bytes of the states this chunk saw first, one after the other
	edges   []storedEdge
	movers  []uint64 // per edge, when the graph keeps them
	pending []pendingEdge
	degree  []uint32 // out-degree of each source
	// actionFirst is, per action invariant, the first source of the chunk with a violating
	// step, or noNode; committed with the level, so an interrupted level leaves no trace.
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

// stop is asked before each chunk; the heap is measured at the first chunk of a level and
// every 64 chunks after (ReadMemStats stops the world for a moment).
func (b *bfsGuard) stop() bool {
	if b.ctx.Err() != nil {
		return true
	}
	if b.budget > 0 && b.chunks.Add(1)%64 == 1 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > b.budget {
			b.over.Store(true)
		}
	}
	return b.over.Load()
}

// expandRange expands the nodes lo..hi-1, a chunk per worker at a time.
func expandRange(m Model, g *explicitGraph, store Store, lo, hi uint64, cfg bfsConfig, guard *bfsGuard) []chunkResult {
	chunks := int((hi - lo + bfsChunk - 1) / bfsChunk)
	out := make([]chunkResult, chunks)
	var next sync.Mutex
	cursor := 0
	var wg sync.WaitGroup
	for range min(cfg.workers, chunks) {
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
				out[c] = expandChunk(m, g, store, cfg.actions, uint32(c), lo+uint64(c)*bfsChunk, min(hi, lo+uint64(c+1)*bfsChunk))
			}
		}()
	}
	wg.Wait()
	return out
}

func expandChunk(m Model, g *explicitGraph, store Store, actions []ActionProperty, chunk uint32, lo, hi uint64) chunkResult {
	r := chunkResult{actionFirst: make([]uint64, len(actions))}
	for i := range actions {
		r.actionFirst[i] = noNode
	}
	for id := lo; id < hi && r.invalid == nil; id++ {
		n := 0
		s := g.stateAt(id)
		m.Successors(s, func(st Step, t State) bool {
			if r.invalid = checkStep(g.sch, s, st, t); r.invalid != nil {
				return false
			}
			for i, a := range actions {
				if r.actionFirst[i] == noNode && !a.Holds(s, st, t) {
					r.actionFirst[i] = id
				}
			}
			if len(r.slab) > maxNoteOffset {
				r.invalid = errors.New("the new states of one BFS chunk exceed 2 GiB")
				return false
			}
			fp := t.Fingerprint()
			seen := store.Visit(fp, t, Note{chunk, uint32(len(r.slab))})
			if seen.New {
				r.slab = append(r.slab, t...)
			}
			if !seen.Assigned {
				r.pending = append(r.pending, pendingEdge{edge: len(r.edges), from: id, fp: fp, note: seen.Note})
			}
			r.edges = append(r.edges, storedEdge{to: uint32(seen.ID), index: uint32(st.Index), moves: uint16(st.MoveCount()), ticks: uint16(st.Ticks)})
			if g.withMovers {
				r.movers = append(r.movers, moverMask(st))
			}
			n++
			return true
		})
		r.degree = append(r.degree, uint32(n))
	}
	return r
}

// checkStep rejects a successor outside the schema, and a step the explicit graph cannot
// record exactly.
func checkStep(sch *Schema, from State, st Step, t State) error {
	if sch.Valid(t) != nil {
		return invalidSuccessor(sch, from, t)
	}
	if st.Index < 0 || st.Index > maxStepIndex || st.MoveCount() > math.MaxUint16 || st.Ticks < 0 || st.Ticks > math.MaxUint16 {
		return fmt.Errorf("model error: a step from %s has index %d, %d moves and %d ticks: the explorer records at most index %d and %d moves or ticks", sch.Format(from), st.Index, st.MoveCount(), st.Ticks, maxStepIndex, math.MaxUint16)
	}
	return nil
}
