package analysis

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// roundNode is what the rounds search keeps of a configuration c (roundsearch.go), together
// so that reading a target costs one cache miss: E(c), Max(c) inline, and v(c) + 1 once
// known (0 before). Max(c) is written before v(c) is published, by every worker that
// computed it, the same. Inline, 0 is the empty family and all ones marks one kept aside
// (several sets), which no Max holds: its sets are proper subsets of E(c).
type roundNode struct {
	enabled uint64
	fam     atomic.Uint64
	v       atomic.Uint32
}

const familyAside = ^uint64(0)

// roundNodes are every configuration's, its E(c) computed by the workers, a range each.
func roundNodes(ctx context.Context, g explore.Graph, procs model.Processes, workers int) []roundNode {
	n := g.Size()
	out := make([]roundNode, n)
	par.ForChunks(ctx, n, par.Chunk(n, workers), max(1, workers), func(_ int, lo, hi uint64) {
		g.Scan(lo, hi, func(id uint64, s model.State) { out[id].enabled = procs.EnabledMask(s) })
	})
	return out
}

// asideFamilies are the families of several sets, by configuration.
type asideFamilies struct {
	shards [64]struct {
		mu   sync.RWMutex
		sets map[uint64][]uint64
	}
}

// setFamily records Max(id).
func (r *rounder) setFamily(id uint64, sets []uint64) {
	n := &r.nodes[id]
	switch len(sets) {
	case 0:
		n.fam.Store(0)
	case 1:
		n.fam.Store(sets[0])
	default:
		sh := &r.aside.shards[id%uint64(len(r.aside.shards))]
		sh.mu.Lock()
		if sh.sets == nil {
			sh.sets = map[uint64][]uint64{}
		}
		if _, ok := sh.sets[id]; !ok {
			sh.sets[id] = slices.Clone(sets)
		}
		sh.mu.Unlock()
		n.fam.Store(familyAside)
	}
}

// familyOf is Max(id), id's value known, in buf when it is one set.
func (r *rounder) familyOf(id uint64, buf *[1]uint64) []uint64 {
	switch s := r.nodes[id].fam.Load(); s {
	case 0:
		return nil
	case familyAside:
		sh := &r.aside.shards[id%uint64(len(r.aside.shards))]
		sh.mu.RLock()
		defer sh.mu.RUnlock()
		return sh.sets[id]
	default:
		buf[0] = s
		return buf[:]
	}
}
