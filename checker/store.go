package checker

import "sync"

// Store is the visited set of the hashed explorer: fingerprint → node id. A state first seen
// during a BFS level is pending until the level is numbered; it keeps a note of where its
// bytes are (which worker's chunk, at which offset). Numbering walks the level's edges in
// sequential order and gives each pending state the next id at its first edge, so ids are those
// of a sequential BFS whatever the number of workers. A disk-backed store implements the same
// interface.
type Store interface {
	// Visit looks up fp and returns its node id if it has one. Otherwise it reports whether fp
	// was unseen before this call, in which case it records fp as pending with the note.
	Visit(fp uint64, note Note) (id uint64, assigned, isNew bool)
	// Number gives the pending fp the id next and returns its note; for an fp that has an id
	// already it returns that id.
	Number(fp, next uint64) (id uint64, note Note, fresh bool)
	// Len is the number of fingerprints stored.
	Len() uint64
}

// Note locates a pending state's bytes: the chunk of the level that first saw it and the
// offset in that chunk's slab.
type Note struct{ Chunk, Offset uint32 }

const storeShards = 256

// memStore is a sharded open-addressing hash table in memory.
type memStore struct {
	shards [storeShards]memShard
}

type memShard struct {
	mu    sync.Mutex
	slots []memSlot
	used  int
	_     [40]byte // keep shards on separate cache lines
}

// memSlot is 16 bytes: node ids fit 32 bits (the explicit graph's bound) and a note's offset
// 31, which leaves the top bit of b to mark an assigned slot.
type memSlot struct {
	fp uint64 // 0 marks a free slot; fingerprint 0 is stored as 1
	a  uint32 // node id once assigned, else the note's chunk
	b  uint32 // assigned, else the note's offset
}

const assigned = 1 << 31

// maxNoteOffset bounds Note.Offset.
const maxNoteOffset = assigned - 1

func newMemStore() *memStore {
	s := &memStore{}
	for i := range s.shards {
		s.shards[i].slots = make([]memSlot, 64)
	}
	return s
}

func (s *memStore) shard(fp uint64) (*memShard, uint64) {
	if fp == 0 {
		fp = 1
	}
	return &s.shards[fp>>56], fp
}

// find returns the slot of fp or the free slot where it belongs.
func (sh *memShard) find(fp uint64) *memSlot {
	mask := uint64(len(sh.slots) - 1)
	for i := fp & mask; ; i = (i + 1) & mask {
		if sl := &sh.slots[i]; sl.fp == fp || sl.fp == 0 {
			return sl
		}
	}
}

func (sh *memShard) grow() {
	old := sh.slots
	sh.slots = make([]memSlot, 2*len(old))
	for _, sl := range old {
		if sl.fp != 0 {
			*sh.find(sl.fp) = sl
		}
	}
}

func (s *memStore) Visit(fp uint64, note Note) (uint64, bool, bool) {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sl := sh.find(fp)
	switch {
	case sl.fp == 0:
		*sl = memSlot{fp: fp, a: note.Chunk, b: note.Offset}
		if sh.used++; 4*sh.used > 3*len(sh.slots) {
			sh.grow()
		}
		return 0, false, true
	case sl.b == assigned:
		return uint64(sl.a), true, false
	}
	return 0, false, false
}

func (s *memStore) Number(fp, next uint64) (uint64, Note, bool) {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sl := sh.find(fp)
	if sl.b == assigned {
		return uint64(sl.a), Note{}, false
	}
	note := Note{sl.a, sl.b}
	sl.a, sl.b = uint32(next), assigned
	return next, note, true
}

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
