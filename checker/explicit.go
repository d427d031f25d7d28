package checker

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
)

// explicitGraph is the reachable graph found by BFS from explicit initial states, in columns
// indexed by node id (ids follow sequential BFS order) and edges in CSR form. Ids are 32-bit:
// an edge costs 4 bytes (12 when its steps must be kept), a node its configuration and 16
// bytes, so that graphs of hundreds of millions of states fit in memory.
type explicitGraph struct {
	m      model.Model
	sch    *model.Schema
	states column[byte]   // the configurations, schema width bytes an entry
	parent column[uint32] // BFS tree; noParent for initial nodes
	via    column[uint32] // step index from the parent
	levels uint32         // BFS depth reached
	// The BFS cursor: the level being expanded, its first node and the first node past it;
	// and the first node of the level before, which the visited set keeps in memory.
	depth                           uint32
	levelStart, levelEnd, prevStart uint64
	offsets                         column[uint64] // edges of node i are edges[offsets[i]:offsets[i+1]]
	edges                           column[uint32] // each edge's target
	disk                            *diskSpace     // the files of the columns, if any
	// steps holds each edge's step index, moves and ticks once some edge differs from the
	// plain step: its ordinal among its node's edges, one move, no tick. Under the central
	// daemon of an untimed protocol none does, and billions of edges take 4 bytes each.
	steps     column[edgeStep]
	keepSteps bool
	// movers holds each edge's moving processes, only when weak fairness will read them: at
	// 8 bytes an edge it would otherwise be the largest column.
	movers     column[uint64]
	withMovers bool
	// actionFirst is, per action invariant, the smallest expanded node with a step that
	// violates it: the BFS evaluates them on the steps it generates anyway.
	actionFirst []*minTracker
}

// storedEdge is an edge as a BFS segment holds it before its commit.
type storedEdge struct {
	to uint32
	edgeStep
}

// edgeStep is the step an edge takes, as the steps column keeps it.
type edgeStep struct {
	index        uint32
	moves, ticks uint16
}

// edge is edge j of the graph, the ordinal-th of its node's.
func (g *explicitGraph) edge(j, ordinal uint64) storedEdge {
	if g.keepSteps {
		return storedEdge{g.edges.at(j), g.steps.at(j)}
	}
	return storedEdge{g.edges.at(j), edgeStep{index: uint32(ordinal), moves: 1}}
}

// pushEdge appends an edge, the ordinal-th of its node's, whose node's offsets are pushed.
func (g *explicitGraph) pushEdge(e storedEdge, ordinal uint32) {
	if !g.keepSteps && e.edgeStep != (edgeStep{index: ordinal, moves: 1}) {
		g.startSteps()
	}
	g.edges.push(e.to)
	if g.keepSteps {
		g.steps.push(e.edgeStep)
	}
}

// startSteps starts the steps column with the plain steps of the edges so far.
func (g *explicitGraph) startSteps() {
	g.keepSteps = true
	for id := uint64(0); g.steps.len() < g.edges.len(); id++ {
		for j := g.offsets.at(id); j < g.offsets.at(id+1) && j < g.edges.len(); j++ {
			g.steps.push(edgeStep{index: uint32(j - g.offsets.at(id)), moves: 1})
		}
	}
}

// noParent marks initial nodes; it is also the bound on node ids.
const noParent = math.MaxUint32

// maxStepIndex bounds Step.Index: the store keeps a flag in the index's top bit.
const maxStepIndex = math.MaxInt32

func (g *explicitGraph) size() uint64           { return g.states.len() }
func (g *explicitGraph) schema() *model.Schema  { return g.sch }
func (g *explicitGraph) initial(id uint64) bool { return g.parent.at(id) == noParent }
func (g *explicitGraph) reached(uint64) bool    { return true }
func (g *explicitGraph) stateAt(id uint64) model.State {
	return g.states.entry(id)
}

func (g *explicitGraph) state(id uint64, dst model.State) { copy(dst, g.stateAt(id)) }

func (g *explicitGraph) scan(lo, hi uint64, fn func(uint64, model.State)) {
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
func (g *explicitGraph) succ(id uint64, _ model.State, out *successors) {
	if !g.expanded(id) {
		return
	}
	// Reads at random map pages faster than the watcher looks: the reader looks too, often
	// enough that the two workers' reads in between (two faults a node, a 2 MiB folio each
	// at worst) map at most 256 MiB. Every 256 nodes, Dijkstra n=9 once peaked at 4.3 GiB
	// under --mem 2GiB.
	if g.disk != nil {
		if out.reads++; out.reads%32 == 0 {
			g.disk.relieve()
		}
	}
	first := g.offsets.at(id)
	for j, end := first, g.offsets.at(id+1); j < end; j++ {
		e := g.edge(j, j-first)
		var movers uint64
		if g.withMovers {
			movers = g.movers.at(j)
		}
		out.edges = append(out.edges, edge{to: uint64(e.to), index: e.index, moves: uint32(e.moves), ticks: uint32(e.ticks), movers: movers})
		if !out.edgesOnly {
			out.states = append(out.states, g.stateAt(uint64(e.to))...)
		}
	}
}

func (g *explicitGraph) model() model.Model { return g.m }

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
func (g *explicitGraph) addNode(s model.State, parent uint64, via uint32) {
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
	actions   []model.ActionProperty
	disk      *diskSpace // keep the columns in files
	grow      *onDemand  // move to disk when the heap grows past a mark (nil: never)
	// committed, if set, is called after each segment is committed (checkpoints).
	committed func(*explicitGraph) error
	// segmentEdges, if positive, sizes segments by about this many edges instead of
	// bfsSegment nodes: a store whose lookups beyond memory are batched per segment wants
	// segments as large as memory allows.
	segmentEdges uint64
}

// exploreBFS builds the reachable graph level by level. Workers expand disjoint chunks of the
// frontier; after each segment its new states are numbered in the order a sequential BFS
// would meet them (commit), so ids, parents, edges and every result are the same for any
// number of workers.
func exploreBFS(ctx context.Context, m model.Model, store Store, cfg bfsConfig) (*explicitGraph, error) {
	g, err := newExplicitGraph(m, store, cfg)
	if err != nil {
		return g, err
	}
	return g, g.explore(ctx, store, cfg)
}

// newExplicitGraph is the graph of the initial states, none of them expanded yet.
func newExplicitGraph(m model.Model, store Store, cfg bfsConfig) (*explicitGraph, error) {
	g, err := emptyGraph(m, cfg)
	if err != nil {
		return nil, err
	}
	g.offsets.push(0)
	sch := g.sch
	w := sch.Width()
	full := false
	// Initial states are numbered in batches: a store that answers beyond memory in batches
	// (resolve) must see a batch before it can tell a new state from one it holds. The
	// workers look a batch up; its states are then numbered in the order Init gave them.
	batchLen := uint64(1 << 20)
	if cfg.segmentEdges > 0 {
		batchLen = cfg.segmentEdges
	}
	var batch []byte
	var fps []uint64
	number := func() error {
		if b, ok := store.(*batchStore); ok {
			at := func(i uint32) []byte { return batch[int(i)*w : (int(i)+1)*w] }
			_, err := g.numberBatch(b, fps, at, func(uint32) (uint64, uint32) { return noParent, 0 })
			var bound errBound
			if full = errors.As(err, &bound); full {
				return nil
			}
			if err != nil {
				return err
			}
		} else if err := g.numberInMemory(store, batch, fps, cfg.workers); err != nil {
			return err
		}
		if full = g.size() == noParent; full {
			return nil
		}
		batch, fps = batch[:0], fps[:0]
		if cfg.progress != nil {
			cfg.progress(Progress{Phase: "initial", States: g.size()})
		}
		return settle(g, store, cfg.grow, 0) // all of level 0 is current: keep what fits
	}
	m.Init(func(s model.State) bool {
		if err = sch.Valid(s); err != nil {
			return false
		}
		batch, fps = append(batch, s...), append(fps, s.Fingerprint())
		if uint64(len(fps)) == batchLen {
			err = number()
		}
		return err == nil && !full
	})
	if err == nil && !full {
		err = number()
	}
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

// numberInMemory numbers a batch of initial states, whose fingerprints are fps, through the
// store's Visit (by the workers), resolve and Number (in order).
func (g *explicitGraph) numberInMemory(store Store, batch []byte, fps []uint64, workers int) error {
	w := g.sch.Width()
	known := make([]bool, len(fps)) // the store had numbered the state already: Visit said Assigned
	forChunks(context.Background(), uint64(len(fps)), 1<<14, max(1, workers), func(_ int, lo, hi uint64) {
		for i := lo; i < hi; i++ {
			known[i] = store.Visit(fps[i], model.State(batch[i*uint64(w):(i+1)*uint64(w)]), Note{}).Assigned
		}
	})
	if _, err := store.resolve(); err != nil {
		return err
	}
	for i, fp := range fps {
		if g.size() == noParent {
			return nil
		}
		s := model.State(batch[i*w : (i+1)*w])
		if known[i] {
			continue
		}
		if _, _, fresh := store.Number(fp, s, g.size()); fresh {
			g.addNode(s, noParent, 0)
		}
	}
	return nil
}

// emptyGraph is a graph with no node and no offset, ready for the initial states or a
// checkpoint; with cfg.disk its columns are files.
func emptyGraph(m model.Model, cfg bfsConfig) (*explicitGraph, error) {
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
	g.disk = d
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
		{"offsets", &g.offsets}, {"edges", &g.edges}, {"steps", &g.steps}, {"movers", &g.movers}}
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
		hi := min(g.levelEnd, lo+g.segmentNodes(cfg.segmentEdges))
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
		if b, ok := store.(*batchStore); ok {
			if err := g.numberSegment(b, seg, cfg.workers); err != nil {
				return err
			}
		} else if resolved, err := store.resolve(); err != nil {
			return err
		} else if resolved > 0 {
			g.assignResolved(store, seg, cfg.workers)
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
		if cfg.progress != nil { // after every segment: a level may take minutes
			cfg.progress(Progress{Phase: "explore", States: g.size(), Transitions: g.edges.len(), Depth: g.depth})
		}
		if hi == g.levelEnd {
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

// segmentNodes is how many nodes the next segment expands: bfsSegment, or with edges > 0
// about that many edges at the mean degree so far (8 before any), in whole chunks. It is
// computed from the committed graph only, so segments, and what a bound sees after each, do
// not depend on the timing of the workers.
func (g *explicitGraph) segmentNodes(edges uint64) uint64 {
	if edges == 0 {
		return bfsSegment
	}
	degree := uint64(8)
	if n := g.expandedNodes(); n > 0 {
		degree = max(1, (g.edges.len()+n-1)/n)
	}
	return max(1, edges/degree/bfsChunk) * bfsChunk
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
			key := model.State(level[p.note.Chunk].slab[p.note.Offset : p.note.Offset+w])
			id, _, fresh := store.Number(p.fp, key, g.size())
			if fresh {
				g.addNode(key, p.from, c.edges[p.edge].index)
			}
			c.edges[p.edge].to = uint32(id)
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
			g.actionFirst[i].offer(id)
		}
	}
	return g.failed()
}

// numberBatch numbers a batch of states in a batchStore, whose fingerprints are fps and
// states key, adds the new ones as nodes, in id order, with the BFS parent and step origin
// gives for the query that first met them, and returns every query's id.
func (g *explicitGraph) numberBatch(b *batchStore, fps []uint64, key func(i uint32) []byte, origin func(first uint32) (uint64, uint32)) ([]uint32, error) {
	ids := make([]uint32, len(fps))
	firsts, err := b.runs.numberBatch(fps, key, g.size(), ids)
	if err != nil {
		return nil, err
	}
	for _, f := range firsts {
		parent, via := origin(f)
		g.addNode(key(f), parent, via)
	}
	return ids, g.failed()
}

// numberSegment numbers a segment's targets in a batchStore, where every edge is pending,
// and gives the edges their targets' ids: the commit then has nothing to number. Query i is
// the pending edge i of the segment, chunk after chunk.
func (g *explicitGraph) numberSegment(b *batchStore, level []chunkResult, workers int) error {
	base := make([]int, len(level)+1) // the first query of each chunk
	for ci := range level {
		base[ci+1] = base[ci] + len(level[ci].pending)
	}
	fps := make([]uint64, base[len(level)])
	forChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			for k, p := range level[ci].pending {
				fps[base[ci]+k] = p.fp
			}
		}
	})
	w := uint32(g.sch.Width())
	pending := func(i uint32) (*chunkResult, *pendingEdge) {
		ci, _ := slices.BinarySearch(base, int(i)+1)
		c := &level[ci-1]
		return c, &c.pending[int(i)-base[ci-1]]
	}
	key := func(i uint32) []byte {
		_, p := pending(i)
		return level[p.note.Chunk].slab[p.note.Offset : p.note.Offset+w]
	}
	ids, err := g.numberBatch(b, fps, key, func(first uint32) (uint64, uint32) {
		c, p := pending(first)
		return p.from, c.edges[p.edge].index
	})
	if err != nil {
		return err
	}
	forChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			c := &level[ci]
			for k, p := range c.pending {
				c.edges[p.edge].to = ids[base[ci]+k]
			}
			c.pending = nil
		}
	})
	return nil
}

// assignResolved gives their targets' ids to the pending edges whose targets the store found
// beyond memory (resolve), the workers each taking chunks, and leaves the others pending for
// the commit, which numbers them one by one: with a universe explored hashed, that is every
// edge.
func (g *explicitGraph) assignResolved(store Store, level []chunkResult, workers int) {
	w := uint32(g.sch.Width())
	forChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			c := &level[ci]
			left := c.pending[:0]
			for _, p := range c.pending {
				key := model.State(level[p.note.Chunk].slab[p.note.Offset : p.note.Offset+w])
				if seen, _ := store.lookup(p.fp, key); seen.Assigned {
					c.edges[p.edge].to = uint32(seen.ID)
					continue
				}
				left = append(left, p)
			}
			c.pending = left
		}
	})
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

// stop is asked before each chunk; the heap is measured at the first chunk of a segment and
// every 64 chunks after.
func (b *bfsGuard) stop() bool {
	if b.ctx.Err() != nil {
		return true
	}
	if b.budget > 0 && b.chunks.Add(1)%64 == 1 && heapOver(b.budget) {
		b.over.Store(true)
	}
	return b.over.Load()
}

// expandRange expands the nodes lo..hi-1, a chunk per worker at a time.
func expandRange(m model.Model, g *explicitGraph, store Store, lo, hi uint64, cfg bfsConfig, guard *bfsGuard) []chunkResult {
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

func expandChunk(m model.Model, g *explicitGraph, store Store, actions []model.ActionProperty, chunk uint32, lo, hi uint64) chunkResult {
	r := chunkResult{actionFirst: make([]uint64, len(actions))}
	for i := range actions {
		r.actionFirst[i] = noNode
	}
	for id := lo; id < hi && r.invalid == nil; id++ {
		n := 0
		s := g.stateAt(id)
		m.Successors(s, func(st model.Step, t model.State) bool {
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
			r.edges = append(r.edges, storedEdge{uint32(seen.ID), edgeStep{uint32(st.Index), uint16(st.MoveCount()), uint16(st.Ticks)}})
			if g.withMovers {
				r.movers = append(r.movers, st.Movers())
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
func checkStep(sch *model.Schema, from model.State, st model.Step, t model.State) error {
	if sch.Valid(t) != nil {
		return invalidSuccessor(sch, from, t)
	}
	if st.Index < 0 || st.Index > maxStepIndex || st.MoveCount() > math.MaxUint16 || st.Ticks < 0 || st.Ticks > math.MaxUint16 {
		return fmt.Errorf("model error: a step from %s has index %d, %d moves and %d ticks: the explorer records at most index %d and %d moves or ticks", sch.Format(from), st.Index, st.MoveCount(), st.Ticks, maxStepIndex, math.MaxUint16)
	}
	return nil
}
