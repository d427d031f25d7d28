package bdd

import (
	"errors"
	"math/big"
)

// ErrOrder is the manager's error when a renaming would not preserve the variables' order on
// a BDD's support (Rename's contract).
var ErrOrder = errors.New("bdd: a renaming that does not keep the variables' order")

// Renaming maps variable levels to levels; Rename applies it.
type Renaming struct {
	to   []uint32
	id   Node   // its identity in the computed cache
	last uint32 // the lowest level it moves: below it a BDD is its own renaming
}

// NewRenaming makes the renaming of level i to to[i] (a level not in the map is kept).
func (m *Manager) NewRenaming(to map[int]int) *Renaming {
	m.renamings++
	r := &Renaming{to: make([]uint32, m.vars), id: m.renamings}
	for i := range r.to {
		r.to[i] = uint32(i)
	}
	for from, into := range to {
		r.to[from] = uint32(into)
		if from != into {
			r.last = max(r.last, uint32(from))
		}
	}
	return r
}

// Rename is a with every variable renamed by r. r must keep the order of a's variables (the
// next-state copies x' to x after x is quantified away, say); if it does not, Err is ErrOrder.
func (m *Manager) Rename(a Node, r *Renaming) Node {
	if a == False || a == True {
		return a
	}
	e := m.nodes[a>>1]
	if e.level > r.last { // nothing below moves: no traversal, no cache entry
		return a
	}
	neg := a & 1
	a ^= neg
	if res, ok := m.lookup(opReplace, a, r.id); ok {
		return res ^ neg
	}
	low, high := m.Rename(e.low, r), m.Rename(e.high, r)
	level := r.to[e.level]
	if level >= m.nodes[low>>1].level || level >= m.nodes[high>>1].level {
		m.err = ErrOrder
		return False
	}
	return m.store(opReplace, a, r.id, m.mk(level, low, high)) ^ neg
}

// Count is the number of assignments of the variables of levels (sorted, increasing) that
// satisfy a, which must depend on no other variable.
func (m *Manager) Count(a Node, levels []int) *big.Int {
	memo := map[uint32]*big.Int{} // a regular node's count over the levels from its own down
	pos := make(map[uint32]int, len(levels))
	for i, l := range levels {
		pos[uint32(l)] = i
	}
	at := func(n Node) int {
		if n>>1 == 0 {
			return len(levels)
		}
		return pos[m.nodes[n>>1].level]
	}
	var count func(n Node, from int) *big.Int // assignments of levels[from:]
	count = func(n Node, from int) *big.Int {
		here := at(n)
		c, ok := memo[n.index()]
		if n>>1 == 0 {
			c = big.NewInt(1)
		} else if !ok {
			e := m.nodes[n>>1]
			c = new(big.Int).Add(count(e.low, here+1), count(e.high, here+1))
			memo[n.index()] = c
		}
		if n&1 == 1 { // the complement: the other assignments of levels[here:]
			c = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(len(levels)-here)), c)
		}
		return new(big.Int).Lsh(c, uint(here-from)) // the skipped levels are free
	}
	return count(a, 0)
}

// AnySat is one satisfying assignment of a: the value of each level a decides on the path it
// takes (low first), absent for the levels it leaves free; nil for False.
func (m *Manager) AnySat(a Node) map[int]bool {
	if a == False {
		return nil
	}
	out := map[int]bool{}
	for a != True {
		level := m.Level(a)
		if low := m.Low(a); low != False { // only the terminal is False: any other node has a model
			out[level], a = false, low
		} else {
			out[level], a = true, m.High(a)
		}
	}
	return out
}

// Eval is a's value at the assignment that gives level l the value at(l).
func (m *Manager) Eval(a Node, at func(level int) bool) bool {
	for a>>1 != 0 {
		if at(m.Level(a)) {
			a = m.High(a)
		} else {
			a = m.Low(a)
		}
	}
	return a == True
}

// MaybeGC collects (GC) only when the table has grown to twice what the last collection kept,
// and past a floor: a collection costs a pass over the node table and the caches.
func (m *Manager) MaybeGC(roots ...Node) {
	if m.Size() > max(2*m.live, 1<<18) {
		m.GC(roots...)
	}
}

// GC frees every node no root reaches: the caller lists every BDD it still holds (iterates,
// relations, predicates). Cache entries that name a freed node are dropped; the others stay,
// so the next fixpoint iteration still finds the results it shares with the last.
func (m *Manager) GC(roots ...Node) {
	if cap(m.marked) < len(m.nodes) {
		m.marked = make([]bool, len(m.nodes), cap(m.nodes))
	}
	marked := m.marked[:len(m.nodes)]
	clear(marked)
	marked[0] = true
	stack := make([]uint32, 0, len(roots))
	for _, r := range roots {
		stack = append(stack, r.index())
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if marked[n] {
			continue
		}
		marked[n] = true
		stack = append(stack, m.nodes[n].low.index(), m.nodes[n].high.index())
	}
	m.free = m.free[:0]
	for n := len(m.nodes) - 1; n >= 1; n-- {
		if !marked[n] {
			m.free = append(m.free, uint32(n))
			m.nodes[n].level = freed
		}
	}
	m.live = m.Size()
	keep := func(n Node) bool { return marked[n.index()] }
	for i, e := range m.cache {
		if e.op != 0 && !(keep(e.a) && keep(e.res) && (e.op == opReplace || keep(e.b))) {
			m.cache[i] = entry{}
		}
	}
	for i, e := range m.cache3 {
		if e.a != 0 && !(keep(e.a) && keep(e.b) && keep(e.c) && keep(e.res)) {
			m.cache3[i] = entry3{}
		}
	}
	m.rehash(len(m.unique))
}

// Decide is the BDD "if level then high else low". level must lie above every level low and
// high decide; if it does not, Err is ErrOrder.
func (m *Manager) Decide(level int, low, high Node) Node {
	if uint32(level) >= m.nodes[low>>1].level || uint32(level) >= m.nodes[high>>1].level {
		m.err = ErrOrder
		return False
	}
	return m.mk(uint32(level), low, high)
}
