package bdd

import (
	"errors"
	"math"
)

// Node is a BDD: a node table index shifted left once, with the low bit set when the edge is
// complemented (the function is the node's negation). Index 0 is the one terminal, so True is
// 0 and False its complement, 1. A stored node's high edge is never complemented: that keeps
// every function one node (canonical), and makes Not free.
type Node uint32

const (
	True  Node = 0
	False Node = 1
)

func (n Node) index() uint32 { return uint32(n >> 1) }

// node is a table entry: a decision on variable level, low when it is 0, high when 1.
type node struct {
	level     uint32
	low, high Node
}

// Manager holds the nodes of every BDD it made.
type Manager struct {
	vars      int
	nodes     []node
	unique    []uint32    // open addressing on hash(level, low, high); 0 marks a free slot (the terminal is never stored)
	cache     []entry     // And, Xor, Exists and Rename results
	cache3    []entry3    // AndExist results
	free      []uint32    // node indices swept by the last collection
	limit     int         // the most nodes the table may hold (0: 2^31)
	renamings Node        // how many renamings were made: the next one's cache identity
	live      int         // the nodes the last collection kept
	marked    []bool      // a collection's marks, kept from one to the next
	err       error       // sticky: set when the limit was reached or the run stopped; results since are meaningless
	stop      func() bool // asked every few thousand nodes made: true stops the manager (ErrStopped)
	made      uint16      // nodes made since stop was last asked (it wraps)
}

// maxCache caps each computed cache at 128 MiB: past a few million entries a larger cache
// saves little (docs/SYMBOLIC.md) and would be most of the memory.
const maxCache = 1 << 23

// freed marks a collected node's level until mk reuses its slot.
const freed = ^uint32(0)

// ErrTooLarge is the manager's error once its node table would pass its limit.
var ErrTooLarge = errors.New("bdd: the node table is full")

// ErrStopped is the manager's error once its stop function said to stop.
var ErrStopped = errors.New("bdd: stopped")

// SetStop makes the manager ask stop every 65,536 nodes it makes; once stop says true, Err is
// ErrStopped and the operations under way unwind quickly, with meaningless results. It bounds
// how long an interrupted operation runs on (a pre-image may take seconds).
func (m *Manager) SetStop(stop func() bool) { m.stop = stop }

// SetLimit bounds the node table (a memory bound: 12 bytes a node, plus the tables).
func (m *Manager) SetLimit(nodes int) { m.limit = nodes }

// Err is ErrTooLarge once an operation needed more nodes than the limit allowed: every result
// since is meaningless, and the caller must stop (an inconclusive run, never a verdict).
func (m *Manager) Err() error { return m.err }

// New makes a manager for vars variables, with room for about size nodes to start with.
func New(vars, size int) *Manager {
	size = max(1<<10, 1<<bitsFor(size))
	m := &Manager{vars: vars}
	m.nodes = append(make([]node, 0, size), node{level: uint32(vars)}) // the terminal: below every variable
	m.unique = make([]uint32, 2*size)
	m.cache = make([]entry, size)
	m.cache3 = make([]entry3, size)
	return m
}

func bitsFor(n int) int {
	b := 0
	for 1<<b < n {
		b++
	}
	return b
}

// Vars is the number of variables.
func (m *Manager) Vars() int { return m.vars }

// Size is the number of nodes in the table, live or not yet collected, the terminal included.
func (m *Manager) Size() int { return len(m.nodes) - len(m.free) }

// Level is the variable n decides, or Vars() for a terminal.
func (m *Manager) Level(n Node) int { return int(m.nodes[n>>1].level) }

// Low and High are n's cofactors on its variable.
func (m *Manager) Low(n Node) Node  { return m.nodes[n>>1].low ^ n&1 }
func (m *Manager) High(n Node) Node { return m.nodes[n>>1].high ^ n&1 }

// Var is the BDD of variable i; NVar its negation.
func (m *Manager) Var(i int) Node  { return m.mk(uint32(i), False, True) }
func (m *Manager) NVar(i int) Node { return m.Var(i) ^ 1 }

// hash3 mixes three words into a table index's worth of bits. The tables take its low bits,
// so every input bit must reach them: a product alone leaves the low bits of the result to the
// low bits of the inputs, and an earlier hash that did so cost a quarter of the run time in
// collisions at n = 11 (docs/SYMBOLIC.md).
func hash3(a, b, c uint32) uint64 {
	h := (uint64(a)<<32|uint64(b))*0x9E3779B97F4A7C15 ^ uint64(c)*0xC2B2AE3D27D4EB4F
	h ^= h >> 32
	h *= 0xD6E8FEB86659FD93
	return h ^ h>>32
}

// mk is the node (level, low, high), reduced (low = high is low), shared, and with a regular
// high edge (a complemented one is pushed out to the result).
func (m *Manager) mk(level uint32, low, high Node) Node {
	if low == high || m.err != nil {
		return low
	}
	if m.made++; m.made == 0 && m.stop != nil && m.stop() {
		m.err = ErrStopped
		return False
	}
	neg := high & 1
	low, high = low^neg, high^neg
	mask := uint64(len(m.unique) - 1)
	for i := hash3(level, uint32(low), uint32(high)) & mask; ; i = (i + 1) & mask {
		n := m.unique[i]
		if n == 0 {
			break
		}
		if e := m.nodes[n]; e.level == level && e.low == low && e.high == high {
			return Node(n)<<1 | neg
		}
	}
	var n uint32
	if k := len(m.free); k > 0 {
		n, m.free = m.free[k-1], m.free[:k-1]
		m.nodes[n] = node{level, low, high}
	} else {
		if len(m.nodes) >= math.MaxInt32 || m.limit > 0 && len(m.nodes) >= m.limit {
			m.err = ErrTooLarge
			return False
		}
		n = uint32(len(m.nodes))
		m.nodes = append(m.nodes, node{level, low, high})
	}
	m.insert(n)
	if 2*m.Size() > len(m.unique) { // keep the table at most half full
		m.rehash(2 * len(m.unique))
	}
	return Node(n)<<1 | neg
}

// insert puts node index n into the unique table.
func (m *Manager) insert(n uint32) {
	e := m.nodes[n]
	mask := uint64(len(m.unique) - 1)
	i := hash3(e.level, uint32(e.low), uint32(e.high)) & mask
	for m.unique[i] != 0 {
		i = (i + 1) & mask
	}
	m.unique[i] = n
}

// rehash rebuilds the unique table with size slots from the live nodes; the computed caches
// grow with it (starting empty) and keep their entries otherwise.
func (m *Manager) rehash(size int) {
	if size == len(m.unique) { // after a collection: the same table, emptied in place
		clear(m.unique)
	} else {
		m.unique = make([]uint32, size)
	}
	for n := uint32(1); int(n) < len(m.nodes); n++ {
		if m.nodes[n].level != freed {
			m.insert(n)
		}
	}
	if c := min(size/2, maxCache); len(m.cache) < c {
		m.cache = make([]entry, c)
		m.cache3 = make([]entry3, c)
	}
}
