package store

import (
	"bytes"
	"sync/atomic"
	"unsafe"

	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
)

// One shard's open-addressing table: its slots, how a table is made, probed, filled, copied
// into its double, and given back.

// memTable is a shard's slots and, in exact mode, their states. A large table is anonymous
// memory (sys.AllocAnon), outside the collector's pacing; freeLater gives it back.
type memTable struct {
	slots []memSlot
	keys  []byte // exact mode: the state of slot i at keys[i*width:]
	anon  []byte // the anonymous memory of slots and keys, or nil: the heap
}

// anonTable is the size from which a table is anonymous memory: a few pages.
const anonTable = 1 << 16

// memSlot is 16 bytes: node ids fit 32 bits (the explicit graph's bound) and a note's offset
// 31, which leaves the top bit of b to mark an assigned slot; its lowest bit then marks a state
// the store also holds beyond memory (inCold).
type memSlot struct {
	fp uint64 // 0 marks a free slot; fingerprint 0 is stored as 1. Read and set atomically.
	a  uint32 // node id once assigned, else the note's chunk
	b  uint32 // assigned, else the note's offset
}

const (
	assigned = 1 << 31
	inCold   = 1
)

func (sl memSlot) isAssigned() bool { return sl.b&assigned != 0 }

// seen is what a used slot tells a Visit.
func (sl *memSlot) seen() Seen {
	if sl.isAssigned() {
		return Seen{ID: uint64(sl.a), Assigned: true}
	}
	return Seen{Note: Note{sl.a, sl.b}}
}

// keptFrom reports whether a used slot stays when the states numbered before keep leave:
// pending states always stay.
func (sl memSlot) keptFrom(keep uint64) bool { return !sl.isAssigned() || uint64(sl.a) >= keep }

// MaxNoteOffset bounds Note.Offset.
const MaxNoteOffset = assigned - 1

// newMemTable is a table of n free slots, n a power of two; with populated, its pages are
// present and writable from the start (sys.AllocAnonPopulated), for a table that is about to
// be filled by one thread (a doubling, made before the shard is locked: see Visit): read
// before it is written, each page was a copy-on-write fault whose TLB flush interrupted the
// other workers (Arvy n=5, 2 workers: system time 0.67 → 0.39 s, wall 4% less). A table sized ahead of a level is
// left to the workers' faults, in parallel (populated by one thread, hashed Dijkstra n=8
// took 17% longer).
func newMemTable(n, width int, populated bool) *memTable {
	size := n * (16 + width)
	if size >= anonTable {
		alloc := sys.AllocAnon
		if populated {
			alloc = sys.AllocAnonPopulated
		}
		if b := alloc(size); b != nil {
			return &memTable{slots: unsafe.Slice((*memSlot)(unsafe.Pointer(&b[0])), n), keys: b[16*n:], anon: b}
		}
	}
	return &memTable{slots: make([]memSlot, n), keys: make([]byte, n*width)}
}

// freeLater gives the tables' anonymous memory back in the background; a table on the heap is
// left to the collector. The tables must not be used after.
func freeLater(tables ...*memTable) {
	var anon [][]byte
	for _, t := range tables {
		if t.anon != nil {
			anon = append(anon, t.anon)
		}
		t.slots, t.keys, t.anon = nil, nil, nil
	}
	if len(anon) > 0 {
		sys.FreeAnonLater(anon...)
	}
}

// find returns the index of the slot of (fp, key) and true, or of the free slot where it
// belongs and false. The answer is that of the moment the slot was read: a lookup without the
// lock must not read the slot again, which another worker may have filled since.
func (t *memTable) find(fp uint64, key model.State, width int) (int, bool) {
	mask := len(t.slots) - 1
	for i := int(fp) & mask; ; i = (i + 1) & mask {
		switch f := atomic.LoadUint64(&t.slots[i].fp); {
		case f == 0:
			return i, false
		case f == fp && (width == 0 || bytes.Equal(t.keys[i*width:(i+1)*width], key)):
			return i, true
		}
	}
}

// put fills the free slot i; the fingerprint goes last, so that a reader who sees it sees the
// rest.
func (t *memTable) put(i int, sl memSlot, key []byte, width int) {
	t.slots[i].a, t.slots[i].b = sl.a, sl.b
	copy(t.keys[i*width:(i+1)*width], key)
	atomic.StoreUint64(&t.slots[i].fp, sl.fp)
}

// resized is a table of n slots, n a power of two, holding t's slots (populated: see
// newMemTable).
func (t *memTable) resized(n, width int, populated bool) *memTable {
	return t.copyInto(newMemTable(n, width, populated), width)
}

// copyInto puts t's slots into the empty table out, and returns it.
func (t *memTable) copyInto(out *memTable, width int) *memTable {
	for j, sl := range t.slots {
		if sl.fp != 0 {
			key := t.keys[j*width : (j+1)*width]
			i, _ := out.find(sl.fp, key, width)
			out.put(i, sl, key, width)
		}
	}
	return out
}
