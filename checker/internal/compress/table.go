package compress

import (
	"math"
	"sync"
	"sync/atomic"
)

const (
	shards    = 256
	pageBits  = 16
	pageLen   = 1 << pageBits
	maxNodes  = math.MaxUint32 // ids 0..maxNodes-1; a slot holds id+1, 0 for empty
	firstSize = 64             // a shard's first slots
)

// table maps 64-bit keys to ids, stable and dense, from any goroutine.
type table struct {
	shards [shards]shard
	next   atomic.Uint64                                         // the next id
	keys   [1 << (32 - pageBits)]atomic.Pointer[[pageLen]uint64] // keys[id>>pageBits][id&mask]: id's key
	pageMu sync.Mutex                                            // held to make a page of keys
}

type shard struct {
	mu    sync.RWMutex
	keys  []uint64
	ids   []uint32 // id+1 of the key in the same slot; 0: empty
	count int
	_     [24]byte // shards on separate cache lines
}

// mix is a bijection of 64-bit values that spreads keys over shards and slots (the
// finalizer of splitmix64).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// put returns key's id, giving it the next one if it has none; false when the table is full.
func (t *table) put(key uint64) (uint32, bool) {
	h := mix(key)
	sh := &t.shards[h%shards]
	h /= shards
	sh.mu.RLock()
	id, found := sh.find(key, h)
	sh.mu.RUnlock()
	if found {
		return id, true
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if id, found = sh.find(key, h); found {
		return id, true
	}
	n := t.next.Add(1) - 1
	if n >= maxNodes {
		return 0, false
	}
	t.setKey(uint32(n), key)
	if 4*(sh.count+1) > 3*len(sh.keys) {
		sh.grow()
	}
	sh.insert(key, h, uint32(n))
	return uint32(n), true
}

// find looks key up in the shard (held at least for reading).
func (sh *shard) find(key, h uint64) (uint32, bool) {
	if len(sh.keys) == 0 {
		return 0, false
	}
	mask := uint64(len(sh.keys) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch {
		case sh.ids[i] == 0:
			return 0, false
		case sh.keys[i] == key:
			return sh.ids[i] - 1, true
		}
	}
}

// insert puts key, not in the shard, with its id (the shard held for writing, with room).
func (sh *shard) insert(key, h uint64, id uint32) {
	mask := uint64(len(sh.keys) - 1)
	i := h & mask
	for sh.ids[i] != 0 {
		i = (i + 1) & mask
	}
	sh.keys[i], sh.ids[i] = key, id+1
	sh.count++
}

// grow doubles the shard's slots (held for writing).
func (sh *shard) grow() {
	keys, ids := sh.keys, sh.ids
	size := max(firstSize, 2*len(keys))
	sh.keys, sh.ids, sh.count = make([]uint64, size), make([]uint32, size), 0
	for i, id := range ids {
		if id != 0 {
			sh.insert(keys[i], mix(keys[i])/shards, id-1)
		}
	}
}

// setKey records id's key for decoding.
func (t *table) setKey(id uint32, key uint64) {
	slot := &t.keys[id>>pageBits]
	page := slot.Load()
	if page == nil {
		t.pageMu.Lock()
		if page = slot.Load(); page == nil {
			page = new([pageLen]uint64)
			slot.Store(page)
		}
		t.pageMu.Unlock()
	}
	atomic.StoreUint64(&page[id&(pageLen-1)], key)
}

// key is id's key; id came from put, by this goroutine or through a synchronisation after it.
func (t *table) key(id uint32) uint64 {
	return atomic.LoadUint64(&t.keys[id>>pageBits].Load()[id&(pageLen-1)])
}

// nodes is the number of ids handed out.
func (t *table) nodes() uint64 { return min(t.next.Load(), maxNodes) }

// bytes is the table's memory: the shards' slots and the key pages.
func (t *table) bytes() uint64 {
	var b uint64
	for i := range t.shards {
		sh := &t.shards[i]
		sh.mu.RLock()
		b += uint64(len(sh.keys)) * 12
		sh.mu.RUnlock()
	}
	pages := (t.nodes() + pageLen - 1) / pageLen
	return b + pages*pageLen*8
}
