package explore

import (
	"context"
	"errors"
	"slices"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
)

// Start is the graph of the initial states, none of them expanded yet. Interrupted (ctx), it
// returns no graph: a part of the initial level is no graph to resume from.
func Start(ctx context.Context, m model.Model, visited store.Store, cfg Config) (*Explicit, error) {
	g, err := Empty(m, cfg)
	if err != nil {
		return nil, err
	}
	g.offsets.push(0)
	u := expectUniverse(m, visited, cfg) // nil: not every configuration, or too many
	sch := g.sch
	w := sch.Width()
	full := false
	batchLen, known := initialBatch(cfg), uint64(0)
	if u != nil {
		known = min(batchLen, u.Size())
	}
	batch := make([]byte, 0, known*uint64(w)) // grown by doubling: 5% of a run
	var fps []uint64
	number := func() error {
		if fps, err = g.fingerprints(batch, fps, cfg.Workers); err != nil {
			return err
		}
		if b, ok := visited.(store.Batcher); ok {
			at := func(i uint32) []byte { return batch[int(i)*w : (int(i)+1)*w] }
			_, err := g.numberBatch(b, fps, at, func(uint32) (uint64, uint32) { return noParent, 0 })
			var bound BoundError
			if full = errors.As(err, &bound); full {
				return nil
			}
			if err != nil {
				return err
			}
		} else if err := g.numberInMemory(visited, batch, fps, cfg.Workers); err != nil {
			return err
		}
		if full = g.Size() == noParent; full {
			return nil
		}
		batch, fps = batch[:0], fps[:0]
		if cfg.Progress != nil {
			cfg.Progress(Progress{Phase: "initial", States: g.Size()})
		}
		return g.settle(visited, cfg, 0) // all of level 0 is current: keep what fits
	}
	numberFull := func() (bool, error) {
		err := number()
		return full, err
	}
	if u != nil && w > 0 { // every configuration: listed by the workers, in Init's order
		err = listUniverse(ctx, u, uint64(w), batchLen, cfg.Workers, &batch, numberFull)
	} else {
		err = listInit(ctx, m, sch, batchLen, &batch, numberFull)
	}
	if err == nil && !full && len(batch) > 0 {
		if err = ctx.Err(); err == nil {
			err = number()
		}
	}
	if err == nil {
		err = g.failed()
	}
	if err == nil {
		err = storeFailed(visited)
	}
	switch {
	case err != nil:
		return nil, err
	case full:
		return g, BoundError{store.ErrFull.Error()}
	case g.Size() == 0:
		return nil, errors.New("the model has no initial state")
	}
	g.levelEnd = g.Size()
	return g, nil
}

// initialBatch is how many initial states are numbered at a time: a store that answers beyond
// memory in batches (a Resolver, a Batcher) must see a batch before it can tell a new state
// from one it holds. The workers look a batch up; its states are then numbered in the order
// Init gave them.
func initialBatch(cfg Config) uint64 {
	switch {
	case cfg.InitialBatch > 0:
		return cfg.InitialBatch
	case cfg.SegmentEdges > 0:
		return cfg.SegmentEdges
	}
	return 1 << 20
}

// expectUniverse returns m's universe when its initial states are every configuration of it,
// if they fit half the memory budget at 32 bytes each, else nil; and lets a visited set that
// can make room (store.Sizer) take them now: it then never grows, which took a tenth of the
// time of Dijkstra n=8 --hashed.
func expectUniverse(m model.Model, visited store.Store, cfg Config) *universe.Universe {
	where, universal := model.InitOverUniverse(m)
	if !universal || where != nil {
		return nil
	}
	u, err := universe.New(m.Schema())
	if err != nil {
		return nil
	}
	n := u.Size()
	if cfg.MaxStates > 0 && n > cfg.MaxStates || n > cfg.Memory/64 {
		return nil
	}
	if sizer, ok := visited.(store.Sizer); ok {
		sizer.Expect(n)
	}
	return u
}

// numberInMemory numbers a batch of initial states, whose fingerprints are fps, through the
// store's Visit (by the workers, each note naming the position of the Visit that put the
// state), Resolve, then in order by those positions (no lookup), and gives the store the ids
// (by the workers again).
func (g *Explicit) numberInMemory(visited store.Store, batch []byte, fps []uint64, workers int) error {
	w := uint64(g.sch.Width())
	at := func(i uint64) model.State { return model.State(batch[i*w : (i+1)*w]) }
	putter := make([]uint32, len(fps)) // 1 + the position whose Visit put the state; 0: it has an id
	forBatches(visited, fps, workers, func(i uint64) {
		if seen := visited.Visit(fps[i], at(i), store.Note{Offset: uint32(i)}); !seen.Assigned {
			putter[i] = seen.Note.Offset + 1
		}
	})
	if r, ok := visited.(store.Resolver); ok {
		resolved, err := r.Resolve()
		if err != nil {
			return err
		}
		if resolved > 0 { // found beyond memory: they have ids
			forBatches(visited, fps, workers, func(i uint64) {
				if seen, _ := r.Lookup(fps[i], at(i)); seen.Assigned {
					putter[i] = 0
				}
			})
		}
	}
	ids := make([]uint32, len(fps))      // by putter: 1 + the id; 0: none
	added := make([]uint64, 0, len(fps)) // the positions of the new states, in id order: at most all
	for i, p := range putter {
		if p == 0 || ids[p-1] != 0 {
			continue
		}
		if g.Size()+uint64(len(added)) == noParent {
			break
		}
		added = append(added, uint64(i))
		ids[p-1] = uint32(g.Size() + uint64(len(added)))
	}
	g.addNodes(uint64(len(added)), workers, func(k uint64) (model.State, uint64, uint32) {
		return at(added[k]), noParent, 0
	})
	forBatches(visited, fps, workers, func(i uint64) {
		if ids[i] != 0 {
			visited.Number(fps[i], at(i), uint64(ids[i]-1))
		}
	})
	return nil
}

// fingerprints checks the states of a batch against the schema and fingerprints them, the
// workers taking ranges; an invalid state is the first one in the batch's order, whatever the
// workers' timing.
func (g *Explicit) fingerprints(batch []byte, fps []uint64, workers int) ([]uint64, error) {
	w := uint64(max(g.sch.Width(), 1))
	n := uint64(len(batch)) / w
	fps = slices.Grow(fps[:0], int(n))[:n]
	bad := par.NewMinTracker()
	par.ForChunks(context.Background(), n, 1<<14, max(1, workers), func(_ int, lo, hi uint64) {
		for i := lo; i < hi; i++ {
			s := model.State(batch[i*w : (i+1)*w])
			if g.sch.Valid(s) != nil {
				bad.Offer(i)
				return
			}
			fps[i] = s.Fingerprint()
		}
	})
	if i, ok := bad.Get(); ok {
		return nil, g.sch.Valid(model.State(batch[i*w : (i+1)*w]))
	}
	return fps, nil
}

// listInit lists m's initial states as Init gives them, a batch of batchLen at a time; number
// takes each full batch and reports whether the graph is full (the last, partial batch is the
// caller's). The states are checked, and fingerprinted, a batch at a time.
func listInit(ctx context.Context, m model.Model, sch *model.Schema, batchLen uint64, batch *[]byte, number func() (bool, error)) error {
	w := sch.Width()
	var err error
	full := false
	m.Init(func(s model.State) bool {
		if len(s) != w {
			err = sch.Valid(s)
			return false
		}
		*batch = append(*batch, s...)
		listed := uint64(len(*batch) / max(w, 1))
		if listed%(1<<16) == 0 { // a batch may take seconds to list: look at ctx as it grows
			err = ctx.Err()
		}
		if err == nil && listed == batchLen {
			full, err = number()
		}
		return err == nil && !full
	})
	return err
}

// listUniverse lists the configurations of the universe u, w bytes each, in rank order, the
// order in which Init lists them (model's universal says so), a batch of batchLen at a time:
// the workers write the batch, each a range of it from its first rank on (Unrank, then Next),
// and number takes it and reports whether the graph is full. Listed by Init, one state at a
// time, this was the serial part of the initial level of a universe on the hashed path (0.1 s
// of Dijkstra n=8's 9.6 s on one worker: by Amdahl's law alone a cap of 14 times on 16).
func listUniverse(ctx context.Context, u *universe.Universe, w, batchLen uint64, workers int, batch *[]byte, number func() (bool, error)) error {
	n := u.Size()
	for lo := uint64(0); lo < n; lo += batchLen {
		if err := ctx.Err(); err != nil {
			return err
		}
		k := min(batchLen, n-lo)
		b := slices.Grow((*batch)[:0], int(k*w))[:k*w]
		par.ForChunks(context.Background(), k, 1<<14, max(1, workers), func(_ int, from, to uint64) {
			s := model.State(b[from*w : (from+1)*w])
			u.Unrank(lo+from, s)
			for i := from + 1; i < to; i++ {
				next := model.State(b[i*w : (i+1)*w])
				copy(next, s)
				u.Next(next)
				s = next
			}
		})
		*batch = b
		if full, err := number(); err != nil || full {
			return err
		}
	}
	return nil
}

// forBatches calls fn for every position of fps, the workers taking ranges, touching the
// fingerprints of each batch in visited before (store.Toucher).
func forBatches(visited store.Store, fps []uint64, workers int, fn func(i uint64)) {
	par.ForChunks(context.Background(), uint64(len(fps)), 1<<14, max(1, workers), func(_ int, lo, hi uint64) {
		for i := lo; i < hi; i++ {
			touchBatch(visited, fps[lo:hi], int(i-lo))
			fn(i)
		}
	})
}

// numberBatch numbers a batch of states in a store that numbers batches, whose fingerprints are fps and
// states key, adds the new ones as nodes, in id order, with the BFS parent and step origin
// gives for the query that first met them, and returns every query's id.
func (g *Explicit) numberBatch(b store.Batcher, fps []uint64, key func(i uint32) []byte, origin func(first uint32) (uint64, uint32)) ([]uint32, error) {
	ids := make([]uint32, len(fps))
	firsts, err := b.NumberBatch(fps, key, g.Size(), ids)
	if errors.Is(err, store.ErrFull) {
		return nil, BoundError{err.Error()}
	}
	if err != nil {
		return nil, err
	}
	for _, f := range firsts {
		parent, via := origin(f)
		g.addNode(key(f), parent, via)
	}
	return ids, g.failed()
}

// numberSegment numbers a segment's targets in a store that numbers batches, where every edge is pending,
// and gives the edges their targets' ids: the commit then has nothing to number. Query i is
// the pending edge i of the segment, chunk after chunk.
func (g *Explicit) numberSegment(b store.Batcher, level []chunkResult, workers int) error {
	base := make([]int, len(level)+1) // the first query of each chunk
	for ci := range level {
		base[ci+1] = base[ci] + len(level[ci].pending)
	}
	fps := make([]uint64, base[len(level)])
	par.ForChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
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
	par.ForChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
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
// beyond memory (Resolve), the workers each taking chunks, and leaves the others pending for
// the commit, which numbers them one by one: with a universe explored hashed, that is every
// edge.
func (g *Explicit) assignResolved(visited store.Looker, level []chunkResult, workers int) {
	w := uint32(g.sch.Width())
	par.ForChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			c := &level[ci]
			left := c.pending[:0]
			for _, p := range c.pending {
				key := model.State(level[p.note.Chunk].slab[p.note.Offset : p.note.Offset+w])
				if seen, _ := visited.Lookup(p.fp, key); seen.Assigned {
					c.edges[p.edge].to = uint32(seen.ID)
					continue
				}
				left = append(left, p)
			}
			c.pending = left
		}
	})
}
