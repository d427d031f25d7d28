package analysis

import (
	"slices"
	"sync"
	"sync/atomic"
)

// families holds Max(c) of every configuration whose value is known (roundsearch.go): one
// set inline, the usual case, or several aside. Inline, 0 is the empty family and all ones
// marks a family kept aside, which no Max holds (its sets are proper subsets of E(c)). A
// family is written before its configuration's value is published, and by every worker that
// computed it, the same.
type families struct {
	inline []atomic.Uint64
	aside  [familyShards]familyShard
}

const (
	familyShards = 64
	familyAside  = ^uint64(0)
)

type familyShard struct {
	mu   sync.RWMutex
	sets map[uint64][]uint64
}

func newFamilies(n uint64) *families {
	f := &families{inline: make([]atomic.Uint64, n)}
	for i := range f.aside {
		f.aside[i].sets = map[uint64][]uint64{}
	}
	return f
}

// set records Max(id).
func (f *families) set(id uint64, sets []uint64) {
	switch len(sets) {
	case 0:
		f.inline[id].Store(0)
	case 1:
		f.inline[id].Store(sets[0])
	default:
		sh := &f.aside[id%familyShards]
		sh.mu.Lock()
		if _, ok := sh.sets[id]; !ok {
			sh.sets[id] = slices.Clone(sets)
		}
		sh.mu.Unlock()
		f.inline[id].Store(familyAside)
	}
}

// get is Max(id), in buf when it is one set.
func (f *families) get(id uint64, buf *[1]uint64) []uint64 {
	switch s := f.inline[id].Load(); s {
	case 0:
		return nil
	case familyAside:
		sh := &f.aside[id%familyShards]
		sh.mu.RLock()
		defer sh.mu.RUnlock()
		return sh.sets[id]
	default:
		buf[0] = s
		return buf[:]
	}
}

// aside is how many configurations keep their family aside.
func (f *families) asideCount() int {
	n := 0
	for i := range f.aside {
		n += len(f.aside[i].sets)
	}
	return n
}
