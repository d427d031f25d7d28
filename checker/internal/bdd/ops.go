package bdd

// entry is a computed-cache slot: op(a, b) = res. The caches are lossy: a new result
// overwrites the slot its arguments hash to.
type entry struct {
	a, b Node
	op   uint32
	res  Node
}

// entry3 is an AndExist cache slot: ∃c. a ∧ b = res. No key has a = True (a terminal case),
// so the zero entry matches nothing.
type entry3 struct{ a, b, c, res Node }

const (
	opAnd uint32 = iota + 1
	opXor
	opExists
	opReplace // b is the renaming's identity, not a node
)

func (m *Manager) slot(op uint32, a, b Node) *entry {
	return &m.cache[hash3(op, uint32(a), uint32(b))&uint64(len(m.cache)-1)]
}

func (m *Manager) lookup(op uint32, a, b Node) (Node, bool) {
	if e := m.slot(op, a, b); e.op == op && e.a == a && e.b == b {
		return e.res, true
	}
	return 0, false
}

func (m *Manager) store(op uint32, a, b, res Node) Node {
	*m.slot(op, a, b) = entry{a, b, op, res}
	return res
}

// Not is the negation: a complemented edge, no work.
func (m *Manager) Not(a Node) Node { return a ^ 1 }

// Or is the disjunction, And's dual: it shares And's cache.
func (m *Manager) Or(a, b Node) Node { return m.And(a^1, b^1) ^ 1 }

// Imp is a → b; Equiv is a ↔ b.
func (m *Manager) Imp(a, b Node) Node   { return m.And(a, b^1) ^ 1 }
func (m *Manager) Equiv(a, b Node) Node { return m.Xor(a, b) ^ 1 }

// cofactors are n's branches on level: n itself twice when n does not decide it.
func (m *Manager) cofactors(n Node, e node, level uint32) (Node, Node) {
	if e.level == level {
		return e.low ^ n&1, e.high ^ n&1
	}
	return n, n
}

// And is the conjunction.
func (m *Manager) And(a, b Node) Node {
	switch {
	case a == b || b == True:
		return a
	case a == True:
		return b
	case a == b^1 || a == False || b == False:
		return False
	}
	if m.err != nil {
		return False
	}
	if a > b { // one cache entry for both orders
		a, b = b, a
	}
	if r, ok := m.lookup(opAnd, a, b); ok {
		return r
	}
	na, nb := m.nodes[a>>1], m.nodes[b>>1]
	level := min(na.level, nb.level)
	a0, a1 := m.cofactors(a, na, level)
	b0, b1 := m.cofactors(b, nb, level)
	low := m.And(a0, b0)
	high := m.And(a1, b1)
	return m.store(opAnd, a, b, m.mk(level, low, high))
}

// Xor is the exclusive or.
func (m *Manager) Xor(a, b Node) Node {
	switch {
	case a == b:
		return False
	case a == b^1:
		return True
	case a == False:
		return b
	case b == False:
		return a
	case a == True:
		return b ^ 1
	case b == True:
		return a ^ 1
	}
	neg := (a ^ b) & 1 // ¬a ⊕ b = ¬(a ⊕ b): the entry is on regular arguments
	a, b = a&^1, b&^1
	if a > b {
		a, b = b, a
	}
	if r, ok := m.lookup(opXor, a, b); ok {
		return r ^ neg
	}
	na, nb := m.nodes[a>>1], m.nodes[b>>1]
	level := min(na.level, nb.level)
	a0, a1 := m.cofactors(a, na, level)
	b0, b1 := m.cofactors(b, nb, level)
	low := m.Xor(a0, b0)
	high := m.Xor(a1, b1)
	return m.store(opXor, a, b, m.mk(level, low, high)) ^ neg
}

// Cube is the conjunction of the given variables: the set a quantification removes.
func (m *Manager) Cube(vars []int) Node {
	c := True
	for _, v := range vars { // any order: And sorts by level
		c = m.And(c, m.Var(v))
	}
	return c
}

// below drops the cube's variables above level: they are not in the BDD being quantified.
func (m *Manager) below(cube Node, level uint32) Node {
	for cube != True && m.nodes[cube>>1].level < level {
		cube = m.nodes[cube>>1].high
	}
	return cube
}

// Exists is ∃ cube. a: a with the cube's variables quantified away.
func (m *Manager) Exists(a, cube Node) Node {
	if a == False || a == True {
		return a
	}
	na := m.nodes[a>>1]
	if cube = m.below(cube, na.level); cube == True {
		return a
	}
	if r, ok := m.lookup(opExists, a, cube); ok {
		return r
	}
	a0, a1 := na.low^a&1, na.high^a&1
	var r Node
	if m.nodes[cube>>1].level == na.level {
		rest := m.nodes[cube>>1].high
		if r = m.Exists(a0, rest); r != True {
			r = m.Or(r, m.Exists(a1, rest))
		}
	} else {
		r = m.mk(na.level, m.Exists(a0, cube), m.Exists(a1, cube))
	}
	return m.store(opExists, a, cube, r)
}

func (m *Manager) slot3(a, b, c Node) *entry3 {
	return &m.cache3[hash3(uint32(a), uint32(b), uint32(c))&uint64(len(m.cache3)-1)]
}

// AndExist is ∃ cube. (a ∧ b), computed without building a ∧ b: the relational product an
// image or pre-image is.
func (m *Manager) AndExist(a, b, cube Node) Node {
	switch {
	case a == False || b == False || a == b^1:
		return False
	case a == True:
		return m.Exists(b, cube)
	case b == True || a == b:
		return m.Exists(a, cube)
	}
	if m.err != nil {
		return False
	}
	if a > b {
		a, b = b, a
	}
	na, nb := m.nodes[a>>1], m.nodes[b>>1]
	level := min(na.level, nb.level)
	if cube = m.below(cube, level); cube == True {
		return m.And(a, b)
	}
	e := m.slot3(a, b, cube)
	if e.a == a && e.b == b && e.c == cube {
		return e.res
	}
	a0, a1 := m.cofactors(a, na, level)
	b0, b1 := m.cofactors(b, nb, level)
	var r Node
	if m.nodes[cube>>1].level == level {
		rest := m.nodes[cube>>1].high
		if r = m.AndExist(a0, b0, rest); r != True {
			r = m.Or(r, m.AndExist(a1, b1, rest))
		}
	} else {
		r = m.mk(level, m.AndExist(a0, b0, cube), m.AndExist(a1, b1, cube))
	}
	*m.slot3(a, b, cube) = entry3{a, b, cube, r} // the recursion may have moved the slice
	return r
}
