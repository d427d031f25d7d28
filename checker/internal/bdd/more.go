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
	to []uint32
	id Node // its identity in the computed cache
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
	}
	return r
}

// Rename is a with every variable renamed by r. r must keep the order of a's variables (the
// next-state copies x' to x after x is quantified away, say); if it does not, Err is ErrOrder.
func (m *Manager) Rename(a Node, r *Renaming) Node {
	if a == False || a == True {
		return a
	}
	if res, ok := m.lookup(opReplace, a, r.id, 0); ok {
		return res
	}
	e := m.nodes[a]
	low, high := m.Rename(e.low, r), m.Rename(e.high, r)
	level := r.to[e.level]
	if level >= m.nodes[low].level || level >= m.nodes[high].level {
		m.err = ErrOrder
		return False
	}
	return m.store(opReplace, a, r.id, 0, m.mk(level, low, high))
}

// Count is the number of assignments of the variables of levels (sorted, increasing) that
// satisfy a, which must depend on no other variable.
func (m *Manager) Count(a Node, levels []int) *big.Int {
	memo := map[Node]*big.Int{}
	pos := make(map[uint32]int, len(levels)) // a level's place in levels
	for i, l := range levels {
		pos[uint32(l)] = i
	}
	var count func(n Node, from int) *big.Int // assignments of levels[from:]
	count = func(n Node, from int) *big.Int {
		if n == False {
			return new(big.Int)
		}
		at := len(levels)
		if n != True {
			at = pos[m.nodes[n].level]
		}
		var below *big.Int
		if n == True {
			below = big.NewInt(1)
		} else if c, ok := memo[n]; ok {
			below = c
		} else {
			e := m.nodes[n]
			below = new(big.Int).Add(count(e.low, at+1), count(e.high, at+1))
			memo[n] = below
		}
		return new(big.Int).Lsh(below, uint(at-from)) // the skipped levels are free
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
		e := m.nodes[a]
		if e.low != False {
			out[int(e.level)], a = false, e.low
		} else {
			out[int(e.level)], a = true, e.high
		}
	}
	return out
}

// MaybeGC collects (GC) only when the table has grown to twice what the last collection kept
// (and past a floor): a collection empties the computed cache, which the next iteration of a
// fixpoint would otherwise reuse.
func (m *Manager) MaybeGC(roots ...Node) {
	if m.Size() > max(2*m.live, 1<<18) {
		m.GC(roots...)
	}
}

// GC frees every node no root reaches: the caller lists every BDD it still holds (iterates,
// relations, predicates). The computed cache is emptied, and the unique table rebuilt.
func (m *Manager) GC(roots ...Node) {
	marked := make([]bool, len(m.nodes))
	marked[False], marked[True] = true, true
	stack := append([]Node(nil), roots...)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if marked[n] {
			continue
		}
		marked[n] = true
		stack = append(stack, m.nodes[n].low, m.nodes[n].high)
	}
	m.free = m.free[:0]
	for n := len(m.nodes) - 1; n >= 2; n-- {
		if !marked[n] {
			m.free = append(m.free, Node(n))
			m.nodes[n].level = freed
		}
	}
	m.live = m.Size()
	for i := range m.cache {
		m.cache[i] = entry{}
	}
	m.rehash(len(m.unique))
}
