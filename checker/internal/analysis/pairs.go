package analysis

import (
	"unsafe"

	"github.com/mc-checker/mc/checker/internal/sys"
)

// pairTable maps (node, owed processes) pairs to a uint32, open addressing with linear
// probing: the rounds search's memo, tens of millions of pairs, where a Go map spent most of
// its time matching control bytes. A slot's node is stored plus one, so that 0 marks a free
// slot.
type pairTable struct {
	slots []pairSlot
	n     int
}

type pairSlot struct {
	node, owed uint64
	value      uint32
}

// onStack is the value of a pair whose search is under way: meeting it again is a cycle.
const onStack = ^uint32(0)

// home is the slot where the search for k starts.
func (t *pairTable) home(k roundKey) int {
	h := (k.node*0x9e3779b97f4a7c15 ^ k.owed*0xc2b2ae3d27d4eb4f) * 0x165667b19e3779f9
	return int(h>>32) & (len(t.slots) - 1)
}

// prefetch asks for the home slots of the targets of edges, so that the lookups the search
// makes of them one by one take their cache misses together.
func (t *pairTable) prefetch(edges []roundEdge) {
	if len(t.slots) == 0 {
		return
	}
	var addrs [64]uintptr
	n := 0
	for _, e := range edges {
		if !e.legit && n < len(addrs) {
			addrs[n] = uintptr(unsafe.Pointer(&t.slots[t.home(e.to)]))
			n++
		}
	}
	sys.Prefetch(addrs[:n])
}

// slot is where k is, or the free slot where it belongs.
func (t *pairTable) slot(k roundKey) (int, bool) {
	mask := len(t.slots) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		switch sl := &t.slots[i]; {
		case sl.node == 0:
			return i, false
		case sl.node == k.node+1 && sl.owed == k.owed:
			return i, true
		}
	}
}

func (t *pairTable) get(k roundKey) (uint32, bool) {
	if t.n == 0 {
		return 0, false
	}
	i, ok := t.slot(k)
	return t.slots[i].value, ok
}

func (t *pairTable) put(k roundKey, v uint32) {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	i, ok := t.slot(k)
	if !ok {
		t.n++
		t.slots[i] = pairSlot{node: k.node + 1, owed: k.owed}
	}
	t.slots[i].value = v
}

func (t *pairTable) len() int { return t.n }

// grow doubles the table (from 1,024 slots).
func (t *pairTable) grow() {
	old := t.slots
	t.slots = make([]pairSlot, max(1024, 2*len(old)))
	for _, sl := range old {
		if sl.node != 0 {
			i, _ := t.slot(roundKey{sl.node - 1, sl.owed})
			t.slots[i] = sl
		}
	}
}
