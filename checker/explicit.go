package checker

import (
	"cmp"
	"context"
	"errors"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// explicitGraph is the reachable graph found by BFS from explicit initial states: states and
// edges in flat arrays indexed by node id (ids follow sequential BFS order), edges in CSR form.
type explicitGraph struct {
	m       Model
	sch     *Schema
	states  []byte   // width bytes per node
	parent  []uint64 // BFS tree; noParent for initial nodes
	via     []uint32 // step index from the parent
	levels  uint32   // BFS depth reached
	offsets []uint64 // edges of node i are edges[offsets[i]:offsets[i+1]]
	edges   []edge
}

const noParent = noNode

func (g *explicitGraph) size() uint64           { return uint64(len(g.parent)) }
func (g *explicitGraph) schema() *Schema        { return g.sch }
func (g *explicitGraph) initial(id uint64) bool { return g.parent[id] == noParent }
func (g *explicitGraph) reached(uint64) bool    { return true }

func (g *explicitGraph) stateAt(id uint64) State {
	w := uint64(g.sch.Width())
	return State(g.states[id*w : (id+1)*w])
}

func (g *explicitGraph) state(id uint64, dst State) { copy(dst, g.stateAt(id)) }

func (g *explicitGraph) scan(lo, hi uint64, fn func(uint64, State)) {
	for id := lo; id < hi; id++ {
		fn(id, g.stateAt(id))
	}
}

func (g *explicitGraph) expanded(id uint64) bool { return id+1 < uint64(len(g.offsets)) }

// succ yields nothing for the nodes a bounded search left unexpanded.
func (g *explicitGraph) succ(id uint64, _ State, out *successors) {
	if !g.expanded(id) {
		return
	}
	for _, e := range g.edges[g.offsets[id]:g.offsets[id+1]] {
		out.edges = append(out.edges, e)
		out.states = append(out.states, g.stateAt(e.to)...)
	}
}

func (g *explicitGraph) model() Model { return g.m }

func (g *explicitGraph) pathTo(id uint64) ([]uint64, []uint32) {
	var nodes []uint64
	var steps []uint32
	for ; g.parent[id] != noParent; id = g.parent[id] {
		nodes = append(nodes, id)
		steps = append(steps, g.via[id])
	}
	nodes = append(nodes, id)
	slices.Reverse(nodes)
	slices.Reverse(steps)
	return nodes, steps
}

// errBound reports that a bound stopped the search, as opposed to a failure.
type errBound struct{ what string }

func (e errBound) Error() string { return e.what }

// exploreBFS builds the reachable graph level by level. Workers expand disjoint chunks of the
// frontier; new states are numbered after each level by their smallest (parent, step index), so
// ids, parents, edges and hence every result are those of a sequential BFS.
// A positive maxStates stops it early; the run is then inconclusive.
func exploreBFS(ctx context.Context, m Model, store Store, workers int, maxStates, memory uint64, progress func(Progress)) (*explicitGraph, error) {
	guard := &bfsGuard{ctx: ctx, budget: memory}
	sch := m.Schema()
	g := &explicitGraph{m: m, sch: sch, offsets: []uint64{0}}
	var err error
	m.Init(func(s State) bool {
		if err = sch.Valid(s); err != nil {
			return false
		}
		if isNew, _, _ := store.Visit(s.Fingerprint(), noParent, 0); isNew {
			store.Assign(s.Fingerprint(), g.size())
			g.states = append(g.states, s...)
			g.parent = append(g.parent, noParent)
			g.via = append(g.via, 0)
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	if g.size() == 0 {
		return nil, errors.New("the model has no initial state")
	}
	for lo, depth := uint64(0), uint32(0); lo < g.size(); depth++ {
		if err := ctx.Err(); err != nil {
			return g, err
		}
		hi := g.size()
		guard.chunks.Store(0)
		level := expandLevel(m, g, store, lo, hi, workers, guard)
		switch {
		case ctx.Err() != nil: // the level is partial: keep the levels before it
			return g, ctx.Err()
		case guard.over.Load():
			return g, errBound{"memory budget reached"}
		}
		for _, c := range level {
			if c.invalid != nil {
				return nil, c.invalid
			}
		}
		// Number the new states as a sequential BFS would.
		var fresh []newState
		for i, c := range level {
			for _, f := range c.fresh {
				f.chunk = uint32(i)
				fresh = append(fresh, f)
			}
		}
		for i := range fresh {
			fresh[i].parent, fresh[i].index = store.Claim(fresh[i].fp)
		}
		slices.SortFunc(fresh, func(a, b newState) int {
			if a.parent != b.parent {
				return cmp.Compare(a.parent, b.parent)
			}
			return int(a.index) - int(b.index)
		})
		// Grow each array once per level: appending millions of items one by one lets the
		// runtime grow them by a quarter at a time, copying them over and over.
		edges := 0
		for _, c := range level {
			edges += len(c.edges)
		}
		w := g.sch.Width()
		g.states = reserve(g.states, len(fresh)*w)
		g.parent, g.via = reserve(g.parent, len(fresh)), reserve(g.via, len(fresh))
		g.edges, g.offsets = reserve(g.edges, edges), reserve(g.offsets, int(hi-lo))
		for _, f := range fresh {
			store.Assign(f.fp, g.size())
			g.states = append(g.states, level[f.chunk].slab[f.off:f.off+w]...)
			g.parent = append(g.parent, f.parent)
			g.via = append(g.via, f.index)
		}
		for _, c := range level {
			for i, e := range c.edges {
				if e.to == noNode { // a state first seen in this level: numbered just now
					e.to = store.ID(c.targets[i])
				}
				g.edges = append(g.edges, e)
			}
			for _, n := range c.degree {
				g.offsets = append(g.offsets, g.offsets[len(g.offsets)-1]+uint64(n))
			}
		}
		lo = hi
		if hi < g.size() {
			g.levels = depth + 1
		}
		if progress != nil {
			progress(Progress{Phase: "explore", States: g.size(), Transitions: uint64(len(g.edges)), Depth: depth + 1})
		}
		if maxStates > 0 && g.size() > maxStates {
			return g, errBound{"state bound reached"}
		}
	}
	return g, nil
}

// reserve makes room for n more items, at least doubling the capacity when it grows: growing
// to the exact size each level would copy the whole graph once per level.
func reserve[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	return slices.Grow(s, max(n, cap(s)))
}

// newState is a state first seen in the current level; its bytes are in its chunk's slab.
type newState struct {
	fp     uint64
	parent uint64
	index  uint32
	chunk  uint32
	off    int
}

// chunkResult is what one worker found expanding a contiguous range of the frontier.
type chunkResult struct {
	fresh   []newState
	slab    []byte   // the bytes of the fresh states, one after the other
	edges   []edge   // in source order; to is filled in after numbering
	targets []uint64 // fingerprint of each edge's target, for those to states of this level
	degree  []uint32 // out-degree of each source
	invalid error    // a successor outside the schema: a model bug
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

func expandLevel(m Model, g *explicitGraph, store Store, lo, hi uint64, workers int, guard *bfsGuard) []chunkResult {
	chunks := int((hi - lo + bfsChunk - 1) / bfsChunk)
	out := make([]chunkResult, chunks)
	var next sync.Mutex
	cursor := 0
	var wg sync.WaitGroup
	for range min(workers, chunks) {
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
				out[c] = expandChunk(m, g, store, lo+uint64(c)*bfsChunk, min(hi, lo+uint64(c+1)*bfsChunk))
			}
		}()
	}
	wg.Wait()
	return out
}

func expandChunk(m Model, g *explicitGraph, store Store, lo, hi uint64) chunkResult {
	var r chunkResult
	for id := lo; id < hi && r.invalid == nil; id++ {
		n := 0
		m.Successors(g.stateAt(id), func(st Step, t State) bool {
			if g.sch.Valid(t) != nil {
				r.invalid = invalidSuccessor(g.sch, g.stateAt(id), t)
				return false
			}
			fp := t.Fingerprint()
			isNew, to, assigned := store.Visit(fp, id, uint32(st.Index))
			if isNew {
				r.fresh = append(r.fresh, newState{fp: fp, off: len(r.slab)})
				r.slab = append(r.slab, t...)
			}
			if !assigned {
				to = noNode
			}
			r.edges = append(r.edges, edge{to: to, index: uint32(st.Index), moves: uint32(st.MoveCount()), ticks: uint32(st.Ticks), movers: moverMask(st)})
			r.targets = append(r.targets, fp)
			n++
			return true
		})
		r.degree = append(r.degree, uint32(n))
	}
	return r
}
