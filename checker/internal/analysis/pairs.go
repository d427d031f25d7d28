package analysis

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/mc-checker/mc/checker/internal/sys"
)

// pairMemo maps (node, owed processes) pairs to their longest rounds to the legitimate set,
// for the workers of a rounds search at once: a pair's value, a function of the graph, is
// written once (a worker that computed it again finds it there) and never changes. Open
// addressing with linear probing in shards: a lookup takes no lock (a slot's node is
// published last, atomically, so a reader who sees it sees the slot), an insert takes its
// shard's. A Go map in its place was 60% of the time of the search (Dijkstra n=7 under the
// distributed daemon). A slot's node is stored plus one, so that 0 marks a free slot.
type pairMemo struct {
	shards [pairShards]pairShard
	n      atomic.Int64
}

const pairShards = 256

type pairShard struct {
	mu    sync.Mutex
	table atomic.Pointer[[]pairSlot]
	used  int
	_     [40]byte // shards on separate cache lines
}

type pairSlot struct {
	node  atomic.Uint64
	owed  uint64
	value uint32
}

// hash mixes a pair: the top byte picks the shard, the low bits the slot.
func (k roundKey) hash() uint64 {
	return (k.node*0x9e3779b97f4a7c15 ^ k.owed*0xc2b2ae3d27d4eb4f) * 0x165667b19e3779f9
}

func (m *pairMemo) shard(h uint64) *pairShard { return &m.shards[h>>56] }

// find is where k is in t, or the free slot where it belongs.
func find(t []pairSlot, k roundKey, h uint64) (int, bool) {
	mask := len(t) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		switch n := t[i].node.Load(); {
		case n == 0:
			return i, false
		case n == k.node+1 && t[i].owed == k.owed:
			return i, true
		}
	}
}

func (m *pairMemo) get(k roundKey) (uint32, bool) {
	h := k.hash()
	t := m.shard(h).table.Load()
	if t == nil {
		return 0, false
	}
	i, ok := find(*t, k, h)
	if !ok { // a free slot, which a worker may be filling: not to be read
		return 0, false
	}
	return (*t)[i].value, true
}

// put records k's value, unless a worker did already (the same value).
func (m *pairMemo) put(k roundKey, v uint32) {
	h := k.hash()
	sh := m.shard(h)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	t := sh.table.Load()
	if t == nil || 4*(sh.used+1) > 3*len(*t) {
		t = grown(t)
		sh.table.Store(t) // readers of the old table still read it; the collector keeps it for them
	}
	i, ok := find(*t, k, h)
	if ok {
		return
	}
	sl := &(*t)[i]
	sl.owed, sl.value = k.owed, v
	sl.node.Store(k.node + 1)
	sh.used++
	m.n.Add(1)
}

// grown is a table twice t's size (from 256 slots) holding its slots.
func grown(t *[]pairSlot) *[]pairSlot {
	n := 256
	if t != nil {
		n = 2 * len(*t)
	}
	out := make([]pairSlot, n)
	if t != nil {
		for j := range *t {
			sl := &(*t)[j]
			if node := sl.node.Load(); node != 0 {
				k := roundKey{node - 1, sl.owed}
				i, _ := find(out, k, k.hash())
				out[i].owed, out[i].value = sl.owed, sl.value
				out[i].node.Store(node)
			}
		}
	}
	return &out
}

func (m *pairMemo) len() int { return int(m.n.Load()) }

// prefetch asks for the home slots of the targets of edges, so that the lookups the search
// makes of them one by one take their cache misses together.
func (m *pairMemo) prefetch(edges []roundEdge) {
	var addrs [64]uintptr
	n := 0
	for _, e := range edges {
		if e.legit || n == len(addrs) {
			continue
		}
		h := e.to.hash()
		if t := m.shard(h).table.Load(); t != nil {
			addrs[n] = uintptr(unsafe.Pointer(&(*t)[int(h)&(len(*t)-1)]))
			n++
		}
	}
	sys.Prefetch(addrs[:n])
}
