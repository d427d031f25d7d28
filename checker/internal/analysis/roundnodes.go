package analysis

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// roundNodes is what the rounds search keeps of each configuration c (roundsearch.go), in
// one word so that reading a target costs one cache miss: E(c), Max(c) inline, and v(c) + 1
// once known (0 before). The word is as narrow as the processes allow: 4 bytes a
// configuration for up to 8 processes (E and Max a byte each, v in 16 bits), 8 for up to 16
// (16, 16, 32), else 24 (64, 64, 32). A label is written in one store, after any family
// kept aside, by every worker that computed it, the same. Inline, 0 is the empty family and
// all ones (of the width) marks one kept aside (several sets), which no Max holds: its sets
// are proper subsets of E(c).
type roundNodes struct {
	bits  uint // the width of E and Max: 8, 16 or 64
	n8    []atomic.Uint32
	n16   []atomic.Uint64
	n64   []roundNode
	aside asideFamilies
}

// roundNode is a configuration's entry for more than 16 processes.
type roundNode struct {
	enabled atomic.Uint64
	fam     atomic.Uint64
	v       atomic.Uint32
}

// RoundBytes is the memory a rounds search keeps a configuration, for procs processes.
func RoundBytes(procs int) uint64 {
	switch {
	case procs <= 8:
		return 4
	case procs <= 16:
		return 8
	}
	return 24
}

// errRoundsOverflow is a value past the narrow words' 16 bits.
var errRoundsOverflow = errors.New("the worst case in rounds exceeds 65,534 rounds")

// fill writes E(c) of every configuration not labelled yet, computed by the workers, a range
// each (labels hold E already).
func (t *roundNodes) fill(ctx context.Context, g explore.Graph, procs model.Processes, workers int) {
	n := g.Size()
	par.ForChunks(ctx, n, par.Chunk(n, workers), max(1, workers), func(_ int, lo, hi uint64) {
		g.Scan(lo, hi, func(id uint64, s model.State) {
			if _, _, v1 := t.get(id); v1 == 0 {
				t.init(id, procs.EnabledMask(s))
			}
		})
	})
}

// allocRoundNodes are n configurations' words for procs processes, nothing known.
func allocRoundNodes(n uint64, procs int) *roundNodes {
	out := &roundNodes{}
	switch RoundBytes(procs) {
	case 4:
		out.bits, out.n8 = 8, make([]atomic.Uint32, n)
	case 8:
		out.bits, out.n16 = 16, make([]atomic.Uint64, n)
	default:
		out.bits, out.n64 = 64, make([]roundNode, n)
	}
	return out
}

func (t *roundNodes) init(id, enabled uint64) {
	switch t.bits {
	case 8:
		t.n8[id].Store(uint32(enabled))
	case 16:
		t.n16[id].Store(enabled)
	default:
		t.n64[id].enabled.Store(enabled)
	}
}

// get is c's E, inline family and v + 1 (0: not known).
func (t *roundNodes) get(id uint64) (enabled, fam uint64, v1 uint32) {
	if t.bits == 8 { // inlined: the search reads a node for every edge
		w := t.n8[id].Load()
		return uint64(w & 0xff), uint64(w >> 8 & 0xff), w >> 16
	}
	return t.getWide(id)
}

//go:noinline // so that get, the narrow case, inlines
func (t *roundNodes) getWide(id uint64) (enabled, fam uint64, v1 uint32) {
	switch t.bits {
	case 16:
		w := t.n16[id].Load()
		return w & 0xffff, w >> 16 & 0xffff, uint32(w >> 32)
	}
	n := &t.n64[id]
	v1 = n.v.Load()
	return n.enabled.Load(), n.fam.Load(), v1
}

// set labels c with its enabled processes, its family and v.
func (t *roundNodes) set(id, en uint64, sets []uint64, v uint32) error {
	fam := uint64(0)
	switch len(sets) {
	case 0:
	case 1:
		fam = sets[0]
	default:
		t.aside.put(id, sets)
		fam = t.asideMark()
	}
	switch t.bits {
	case 8:
		if v >= math.MaxUint16 {
			return errRoundsOverflow
		}
		t.n8[id].Store(uint32(en) | uint32(fam)<<8 | (v+1)<<16)
	case 16:
		t.n16[id].Store(en | fam<<16 | uint64(v+1)<<32)
	default:
		n := &t.n64[id]
		n.enabled.Store(en)
		n.fam.Store(fam)
		n.v.Store(v + 1) // after the family: a worker that sees v sees it
	}
	return nil
}

// asideMark is the inline family of a configuration whose family is kept aside.
func (t *roundNodes) asideMark() uint64 {
	if t.bits == 64 {
		return math.MaxUint64
	}
	return 1<<t.bits - 1
}

// family is Max(id) given its inline word, in buf when it is one set.
func (t *roundNodes) family(id, fam uint64, buf *[1]uint64) []uint64 {
	switch fam {
	case 0:
		return nil
	case t.asideMark():
		return t.aside.get(id)
	}
	buf[0] = fam
	return buf[:]
}

// asideFamilies are the families of several sets, by configuration.
type asideFamilies struct {
	shards [64]struct {
		mu   sync.RWMutex
		sets map[uint64][]uint64
	}
}

func (a *asideFamilies) put(id uint64, sets []uint64) {
	sh := &a.shards[id%uint64(len(a.shards))]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.sets == nil {
		sh.sets = map[uint64][]uint64{}
	}
	if _, ok := sh.sets[id]; !ok {
		sh.sets[id] = slices.Clone(sets)
	}
}

func (a *asideFamilies) get(id uint64) []uint64 {
	sh := &a.shards[id%uint64(len(a.shards))]
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	return sh.sets[id]
}
