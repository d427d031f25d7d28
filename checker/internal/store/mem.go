package store

import (
	"bytes"
	"context"
	"sync"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

const storeShards = 256

// memStore is a sharded open-addressing hash table in memory. In exact mode (width > 0) each
// shard also keeps the states themselves, width bytes per slot, so that two states with one
// fingerprint are told apart.
type memStore struct {
	width  int
	shards [storeShards]memShard
}

type memShard struct {
	mu    sync.Mutex
	slots []memSlot
	keys  []byte // exact mode: the state of slot i at keys[i*width:]
	used  int
	_     [16]byte // keep shards on separate cache lines
}

// memSlot is 16 bytes: node ids fit 32 bits (the explicit graph's bound) and a note's offset
// 31, which leaves the top bit of b to mark an assigned slot; its lowest bit then marks a state
// the store also holds beyond memory (inCold).
type memSlot struct {
	fp uint64 // 0 marks a free slot; fingerprint 0 is stored as 1
	a  uint32 // node id once assigned, else the note's chunk
	b  uint32 // assigned, else the note's offset
}

const (
	assigned = 1 << 31
	inCold   = 1
)

func (sl memSlot) isAssigned() bool { return sl.b&assigned != 0 }

// keptFrom reports whether a used slot stays when the states numbered before keep leave:
// pending states always stay.
func (sl memSlot) keptFrom(keep uint64) bool { return !sl.isAssigned() || uint64(sl.a) >= keep }

// MaxNoteOffset bounds Note.Offset.
const MaxNoteOffset = assigned - 1

// NewMemory is the visited set in memory: a sharded open-addressing hash table of
// fingerprints or, with exact, of states of the given width.
func NewMemory(exact bool, width int) Store { return newMemStore(exact, width) }

// newMemStore makes a store of fingerprints, or with exact set of states of the given width.
func newMemStore(exact bool, width int) *memStore {
	s := &memStore{}
	if exact {
		s.width = width
	}
	for i := range s.shards {
		s.shards[i].alloc(64, s.width)
	}
	return s
}

// alloc gives the shard n free slots, n a power of two.
func (sh *memShard) alloc(n, width int) {
	sh.slots, sh.keys = make([]memSlot, n), make([]byte, n*width)
}

func (s *memStore) shard(fp uint64) (*memShard, uint64) {
	if fp == 0 {
		fp = 1
	}
	return &s.shards[fp>>56], fp
}

// find returns the index of the slot of (fp, key) or of the free slot where it belongs.
func (sh *memShard) find(fp uint64, key model.State, width int) int {
	mask := len(sh.slots) - 1
	for i := int(fp) & mask; ; i = (i + 1) & mask {
		sl := &sh.slots[i]
		if sl.fp == 0 || sl.fp == fp && (width == 0 || bytes.Equal(sh.keys[i*width:(i+1)*width], key)) {
			return i
		}
	}
}

func (sh *memShard) grow(width int) {
	old, oldKeys := sh.slots, sh.keys
	sh.alloc(2*len(old), width)
	for j, sl := range old {
		if sl.fp != 0 {
			key := oldKeys[j*width : (j+1)*width]
			i := sh.find(sl.fp, key, width)
			sh.slots[i] = sl
			copy(sh.keys[i*width:], key)
		}
	}
}

func (s *memStore) Visit(fp uint64, st model.State, note Note) Seen {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	i := sh.find(fp, st, s.width)
	sl := &sh.slots[i]
	switch {
	case sl.fp == 0:
		*sl = memSlot{fp: fp, a: note.Chunk, b: note.Offset}
		copy(sh.keys[i*s.width:], st[:s.width])
		if sh.used++; 4*sh.used > 3*len(sh.slots) {
			sh.grow(s.width)
		}
		return Seen{Note: note, New: true}
	case sl.isAssigned():
		return Seen{ID: uint64(sl.a), Assigned: true}
	}
	return Seen{Note: Note{sl.a, sl.b}}
}

func (s *memStore) Number(fp uint64, st model.State, next uint64) (uint64, Note, bool) {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sl := &sh.slots[sh.find(fp, st, s.width)]
	if sl.isAssigned() {
		return uint64(sl.a), Note{}, false
	}
	note := Note{sl.a, sl.b}
	sl.a, sl.b = uint32(next), assigned
	return next, note, true
}

// Len is the number of states stored.
func (s *memStore) Len() uint64 {
	var n uint64
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		n += uint64(sh.used)
		sh.mu.Unlock()
	}
	return n
}

// Lookup finds a state without adding it.
func (s *memStore) Lookup(fp uint64, st model.State) (Seen, bool) {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sl := sh.slots[sh.find(fp, st, s.width)]
	switch {
	case sl.fp == 0:
		return Seen{}, false
	case sl.isAssigned():
		return Seen{ID: uint64(sl.a), Assigned: true}, true
	}
	return Seen{Note: Note{sl.a, sl.b}}, true
}

// bytes is the memory the table takes.
func (s *memStore) bytes() uint64 {
	var n uint64
	for i := range s.shards {
		n += uint64(len(s.shards[i].slots)) * uint64(16+s.width)
	}
	return n
}

// bytesKept is about the memory the table would take holding only the states numbered from
// keeps[i] on, and the pending ones (at the load a rebuilt table starts with), for each i.
func (s *memStore) bytesKept(keeps []uint64) []uint64 {
	n := make([]uint64, len(keeps))
	for i := range s.shards {
		for _, sl := range s.shards[i].slots {
			if sl.fp == 0 {
				continue
			}
			for k, keep := range keeps {
				if sl.keptFrom(keep) {
					n[k]++
				}
			}
		}
	}
	for k := range n {
		n[k] *= 2 * uint64(16+s.width)
	}
	return n
}

// keep returns a table of the states numbered from keep on, and the pending ones; the others
// go to drop, shard by shard, except those marked inCold. The workers rebuild
// the shards; it is called between segments, with no other user.
func (s *memStore) keep(keep uint64, workers int, drop func(fp uint64, st model.State, id uint64)) *memStore {
	out := &memStore{width: s.width}
	dropped := make([][]int32, storeShards)
	par.ForChunks(context.Background(), storeShards, 1, workers, func(_ int, lo, hi uint64) {
		for i := lo; i < hi; i++ {
			dropped[i] = s.shards[i].keep(&out.shards[i], keep, s.width)
		}
	})
	w := s.width
	for i, slots := range dropped {
		sh := &s.shards[i]
		for _, j := range slots {
			drop(sh.slots[j].fp, model.State(sh.keys[int(j)*w:(int(j)+1)*w]), uint64(sh.slots[j].a))
		}
	}
	return out
}

// keep fills nsh with the slots of sh that stay, and returns those to drop.
func (sh *memShard) keep(nsh *memShard, keep uint64, w int) []int32 {
	kept := 0
	for _, sl := range sh.slots {
		if sl.fp != 0 && sl.keptFrom(keep) {
			kept++
		}
	}
	size := 64
	for 2*kept > size {
		size *= 2
	}
	nsh.alloc(size, w)
	nsh.used = kept
	var dropped []int32
	for j, sl := range sh.slots {
		switch {
		case sl.fp == 0:
		case !sl.keptFrom(keep):
			if sl.b&inCold == 0 {
				dropped = append(dropped, int32(j))
			}
		default:
			key := model.State(sh.keys[j*w : (j+1)*w])
			k := nsh.find(sl.fp, key, w)
			nsh.slots[k] = sl
			copy(nsh.keys[k*w:], key)
		}
	}
	return dropped
}
