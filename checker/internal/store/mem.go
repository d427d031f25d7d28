package store

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
)

const storeShards = 256

// memStore is a sharded open-addressing hash table in memory. In exact mode (width > 0) each
// shard also keeps the states themselves, width bytes per slot, so that two states with one
// fingerprint are told apart.
//
// Lookups take no lock: a slot is written whole before its fingerprint is stored (atomically),
// and a table that grows is copied into a new one, published atomically, so a reader that finds
// a fingerprint finds its slot complete. Only a Visit that misses takes its shard's lock to
// insert. A lock per lookup cost more than the lookup: the locked instruction drains the
// store buffer, so the cache misses of successive lookups could not overlap.
type memStore struct {
	width  int
	shards [storeShards]memShard
	// retired are tables replaced by larger ones during a segment, which lookups without the
	// lock may still read: they are freed between segments (Settle) or at Close.
	retired   []*memTable
	retiredMu sync.Mutex
}

type memShard struct {
	mu       sync.Mutex
	table    atomic.Pointer[memTable]
	used     atomic.Int64 // written under mu; read without it by Visit, to foresee a doubling
	doubling sync.Mutex   // held by the worker making the table's double before mu (Visit)
	_        [32]byte     // keep shards on separate cache lines
}

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
		s.shards[i].table.Store(newMemTable(64, s.width, false))
	}
	return s
}

// Expect grows every shard, now, to hold its share of n more states (and a margin of five
// standard deviations: shards are chosen by fingerprint) without growing again.
func (s *memStore) Expect(n uint64) {
	per := n/storeShards + 5*uint64(math.Sqrt(float64(n/storeShards))) + 1
	for i := range s.shards {
		sh := &s.shards[i]
		t := sh.table.Load()
		size := len(t.slots)
		for 4*(uint64(sh.used.Load())+per) > 3*uint64(size) {
			size *= 2
		}
		if size > len(t.slots) {
			sh.table.Store(t.resized(size, s.width, false))
			freeLater(t)
		}
	}
}

// Settle frees the tables that grew during the segment: no lookup reads them now. They are
// unmapped in the background (sys.FreeAnonLater) while the next segment runs: done here, the
// kernel's freeing left the other workers idle.
func (s *memStore) Settle(...uint64) error {
	s.retiredMu.Lock()
	defer s.retiredMu.Unlock()
	freeLater(s.retired...)
	s.retired = nil
	return nil
}

// Close frees the tables, in the background too: the analyses that follow an exploration
// need not wait for the kernel. The store must not be used after.
func (s *memStore) Close() {
	s.Settle()
	tables := make([]*memTable, 0, len(s.shards))
	for i := range s.shards {
		if t := s.shards[i].table.Swap(nil); t != nil {
			tables = append(tables, t)
		}
	}
	freeLater(tables...)
}

func (s *memStore) shard(fp uint64) (*memShard, uint64) {
	if fp == 0 {
		fp = 1
	}
	return &s.shards[fp>>56], fp
}

// Touch prefetches the slots where the searches of fps start, and in exact mode their states,
// so that a batch of Touches followed by its Visits takes its cache misses together rather
// than one after the other. A state is apart from its slot (keys), a second miss: comparing
// states (bytes.Equal) had half the samples of a benchmark of Visits in exact mode.
func (s *memStore) Touch(fps []uint64) {
	var addrs [64]uintptr // on the stack: sys.Prefetch keeps nothing
	per := 1
	if s.width > 0 {
		per = 2
	}
	for len(fps) > 0 {
		n := min(len(fps), len(addrs)/per)
		for k, fp := range fps[:n] {
			sh, fp := s.shard(fp)
			t := sh.table.Load()
			i := int(fp) & (len(t.slots) - 1)
			addrs[per*k] = uintptr(unsafe.Pointer(&t.slots[i]))
			if per == 2 {
				addrs[2*k+1] = uintptr(unsafe.Pointer(&t.keys[i*s.width]))
			}
		}
		sys.Prefetch(addrs[:per*n])
		fps = fps[n:]
	}
}

// Visit inserts under the shard's lock, where a table three quarters full doubles; a worker
// that inserts into that shard meanwhile waits for the doubling. Making the doubled table's
// pages present took about four times as long as filling it, and on ssarrow n=3 with 2
// workers one waited on a locked shard at half the samples where the other ran alone
// (docs/PERFORMANCE.md). So the worker whose insert will double the table makes the new one
// before it locks, and only copies into it under the lock.
func (s *memStore) Visit(fp uint64, st model.State, note Note) Seen {
	sh, fp := s.shard(fp)
	t := sh.table.Load()
	if i, ok := t.find(fp, st, s.width); ok {
		return t.slots[i].seen()
	}
	if n := len(t.slots); 4*(sh.used.Load()+1) > 3*int64(n) {
		if !sh.doubling.TryLock() {
			// Another worker is making t's double: wait for it rather than make a second,
			// which the first would make useless (ssarrow n=3, 2 workers: 57% more slots
			// made and zeroed than kept).
			sh.doubling.Lock()
			sh.doubling.Unlock()
			return s.insert(sh, fp, st, note, nil)
		}
		defer sh.doubling.Unlock()
		next := newMemTable(2*n, s.width, true) // t's double: this insert will likely fill t
		seen := s.insert(sh, fp, st, note, &next)
		if next != nil { // not taken: another worker put the state, or doubled the table, first
			freeLater(next)
		}
		return seen
	}
	return s.insert(sh, fp, st, note, nil)
}

// insert puts the state into its shard's table under the lock, unless another worker has put
// it since the lookup, and doubles a table three quarters full, into *next (taking it) if
// next is not nil and *next has the size.
func (s *memStore) insert(sh *memShard, fp uint64, st model.State, note Note, next **memTable) Seen {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	t := sh.table.Load() // it may have grown, or another worker put the state
	i, ok := t.find(fp, st, s.width)
	if ok {
		return t.slots[i].seen()
	}
	t.put(i, memSlot{fp: fp, a: note.Chunk, b: note.Offset}, st[:s.width], s.width)
	used := sh.used.Load() + 1
	sh.used.Store(used)
	if 4*used > 3*int64(len(t.slots)) {
		var out *memTable
		if next != nil && *next != nil && len((*next).slots) == 2*len(t.slots) {
			out, *next = *next, nil
		} else {
			out = newMemTable(2*len(t.slots), s.width, true)
		}
		sh.table.Store(t.copyInto(out, s.width))
		s.retiredMu.Lock()
		s.retired = append(s.retired, t)
		s.retiredMu.Unlock()
	}
	return Seen{Note: note, New: true}
}

// Number runs between segments, alone: it takes no lock.
func (s *memStore) Number(fp uint64, st model.State, next uint64) (uint64, Note, bool) {
	sh, fp := s.shard(fp)
	t := sh.table.Load()
	i, _ := t.find(fp, st, s.width)
	sl := &t.slots[i]
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
		n += uint64(sh.used.Load())
		sh.mu.Unlock()
	}
	return n
}

// Lookup finds a state without adding it; it takes no lock.
func (s *memStore) Lookup(fp uint64, st model.State) (Seen, bool) {
	sh, fp := s.shard(fp)
	t := sh.table.Load()
	i, ok := t.find(fp, st, s.width)
	if !ok {
		return Seen{}, false
	}
	return t.slots[i].seen(), true
}

// Bytes is the memory the table takes (BenchmarkBytesPerState).
func (s *memStore) Bytes() uint64 { return s.bytes() }

// bytes is the memory the table takes.
func (s *memStore) bytes() uint64 {
	var n uint64
	for i := range s.shards {
		n += uint64(len(s.shards[i].table.Load().slots)) * uint64(16+s.width)
	}
	return n
}

// bytesKept is about the memory the table would take holding only the states numbered from
// keeps[i] on, and the pending ones (at the load a rebuilt table starts with), for each i.
func (s *memStore) bytesKept(keeps []uint64) []uint64 {
	n := make([]uint64, len(keeps))
	for i := range s.shards {
		for _, sl := range s.shards[i].table.Load().slots {
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
		t := s.shards[i].table.Load()
		for _, j := range slots {
			drop(t.slots[j].fp, model.State(t.keys[int(j)*w:(int(j)+1)*w]), uint64(t.slots[j].a))
		}
	}
	return out
}

// keep fills nsh with the slots of sh that stay, and returns those to drop.
func (sh *memShard) keep(nsh *memShard, keep uint64, w int) []int32 {
	t := sh.table.Load()
	kept := 0
	for _, sl := range t.slots {
		if sl.fp != 0 && sl.keptFrom(keep) {
			kept++
		}
	}
	size := 64
	for 2*kept > size {
		size *= 2
	}
	nt := newMemTable(size, w, false)
	nsh.used.Store(int64(kept))
	var dropped []int32
	for j, sl := range t.slots {
		switch {
		case sl.fp == 0:
		case !sl.keptFrom(keep):
			if sl.b&inCold == 0 {
				dropped = append(dropped, int32(j))
			}
		default:
			key := model.State(t.keys[j*w : (j+1)*w])
			k, _ := nt.find(sl.fp, key, w)
			nt.put(k, sl, key, w)
		}
	}
	nsh.table.Store(nt)
	return dropped
}
