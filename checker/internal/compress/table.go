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
	mu    sync.Mutex                 // held to insert
	slots atomic.Pointer[shardSlots] // read without the lock; replaced whole when it grows
	count int                        // keys in slots, under mu
	_     [40]byte                   // shards on separate cache lines
}

// shardSlots is a shard's open-addressing table. A slot's key is written before its id (an
// atomic store), so a reader that sees an id sees its key; a table that grows is copied into
// a new one and published, and a reader of the old one that misses takes the lock and looks
// again in the new one.
type shardSlots struct {
	keys []uint64
	ids  []uint32 // id+1 of the key in the same slot; 0: empty
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
	if id, found := sh.slots.Load().find(key, h); found {
		return id, true
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	slots := sh.slots.Load()
	if id, found := slots.find(key, h); found {
		return id, true
	}
	n := t.next.Add(1) - 1
	if n >= maxNodes {
		return 0, false
	}
	t.setKey(uint32(n), key)
	if slots == nil || 4*(sh.count+1) > 3*len(slots.keys) {
		slots = slots.grown()
		sh.slots.Store(slots)
	}
	slots.insert(key, h, uint32(n))
	sh.count++
	return uint32(n), true
}

// find looks key up; without the shard's lock, a key being inserted may be missed.
func (sl *shardSlots) find(key, h uint64) (uint32, bool) {
	if sl == nil || len(sl.keys) == 0 {
		return 0, false
	}
	mask := uint64(len(sl.keys) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		id := atomic.LoadUint32(&sl.ids[i])
		switch {
		case id == 0:
			return 0, false
		case atomic.LoadUint64(&sl.keys[i]) == key:
			return id - 1, true
		}
	}
}

// insert puts key, not in the table, with its id (the shard's lock held, room made).
func (sl *shardSlots) insert(key, h uint64, id uint32) {
	mask := uint64(len(sl.keys) - 1)
	i := h & mask
	for sl.ids[i] != 0 {
		i = (i + 1) & mask
	}
	atomic.StoreUint64(&sl.keys[i], key)
	atomic.StoreUint32(&sl.ids[i], id+1)
}

// grown is the table copied into one twice as large (the shard's lock held).
func (sl *shardSlots) grown() *shardSlots {
	size := firstSize
	if sl != nil {
		size = 2 * len(sl.keys)
	}
	out := &shardSlots{keys: make([]uint64, size), ids: make([]uint32, size)}
	if sl != nil {
		for i, id := range sl.ids {
			if id != 0 {
				out.insert(sl.keys[i], mix(sl.keys[i])/shards, id-1)
			}
		}
	}
	return out
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
		if sl := t.shards[i].slots.Load(); sl != nil {
			b += uint64(len(sl.keys)) * 12
		}
	}
	pages := (t.nodes() + pageLen - 1) / pageLen
	return b + pages*pageLen*8
}
