package checker

import "sync"

// Store is the visited set of the hashed explorer: fingerprint → node id. During a BFS level a
// newly seen state is pending: it records the smallest (parent, step index) that reached it, so
// that ids can then be assigned in exactly the order a sequential BFS would, whatever the number
// of workers. A disk-backed store implements the same interface.
type Store interface {
	// Visit records that the state with fingerprint fp was reached from node parent by step
	// index. It reports whether fp was unseen before this call and, if fp already has a node
	// id, that id (so most edges need no second lookup).
	Visit(fp, parent uint64, index uint32) (isNew bool, id uint64, assigned bool)
	// Claim returns the smallest (parent, index) recorded for a pending fingerprint.
	Claim(fp uint64) (parent uint64, index uint32)
	// Assign gives a pending fingerprint its node id.
	Assign(fp, id uint64)
	// ID returns the node id of an assigned fingerprint.
	ID(fp uint64) uint64
	// Len is the number of fingerprints stored.
	Len() uint64
}

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

// memSlot is 16 bytes: node ids and parents fit 32 bits (the explicit graph's bound) and step
// indices 31, which leaves the top bit of index to mark an assigned slot.
type memSlot struct {
	fp    uint64 // 0 marks a free slot; fingerprint 0 is stored as 1
	id    uint32 // node id once assigned, else the claiming parent
	index uint32 // claiming step index, or assigned
}

const assigned = 1 << 31

func (sl *memSlot) isAssigned() bool { return sl.index == assigned }

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

func (s *memStore) Visit(fp, parent uint64, index uint32) (bool, uint64, bool) {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sl := sh.find(fp)
	switch {
	case sl.fp == 0:
		*sl = memSlot{fp: fp, id: uint32(parent), index: index}
		if sh.used++; 4*sh.used > 3*len(sh.slots) {
			sh.grow()
		}
		return true, 0, false
	case sl.isAssigned():
		return false, uint64(sl.id), true
	case uint32(parent) < sl.id || uint32(parent) == sl.id && index < sl.index:
		sl.id, sl.index = uint32(parent), index
	}
	return false, 0, false
}

func (s *memStore) lookup(fp uint64) memSlot {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return *sh.find(fp)
}

func (s *memStore) Claim(fp uint64) (uint64, uint32) {
	sl := s.lookup(fp)
	return uint64(sl.id), sl.index
}

func (s *memStore) Assign(fp, id uint64) {
	sh, fp := s.shard(fp)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sl := sh.find(fp)
	sl.id, sl.index = uint32(id), assigned
}

func (s *memStore) ID(fp uint64) uint64 { return uint64(s.lookup(fp).id) }

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
