package bdd

// entry is a computed-cache slot: op(a, b, c) = res. The cache is lossy: a new result
// overwrites the slot its arguments hash to.
type entry struct {
	op      uint32
	a, b, c Node
	res     Node
}

const (
	opAnd uint32 = iota + 1
	opOr
	opXor
	opExists
	opAndExist
	opReplace
)

func (m *Manager) lookup(op uint32, a, b, c Node) (Node, bool) {
	e := &m.cache[hash3(op^uint32(c)<<8, uint32(a), uint32(b))&uint64(len(m.cache)-1)]
	if e.op == op && e.a == a && e.b == b && e.c == c {
		return e.res, true
	}
	return 0, false
}

func (m *Manager) store(op uint32, a, b, c, res Node) Node {
	m.cache[hash3(op^uint32(c)<<8, uint32(a), uint32(b))&uint64(len(m.cache)-1)] = entry{op, a, b, c, res}
	return res
}

// And, Or and Xor are the conjunction, disjunction and exclusive or; Not is the negation.
func (m *Manager) And(a, b Node) Node { return m.apply(opAnd, a, b) }
func (m *Manager) Or(a, b Node) Node  { return m.apply(opOr, a, b) }
func (m *Manager) Xor(a, b Node) Node { return m.apply(opXor, a, b) }
func (m *Manager) Not(a Node) Node    { return m.apply(opXor, a, True) }

// Imp is a → b; Equiv is a ↔ b.
func (m *Manager) Imp(a, b Node) Node   { return m.Or(m.Not(a), b) }
func (m *Manager) Equiv(a, b Node) Node { return m.Not(m.Xor(a, b)) }

// terminal answers op(a, b) without recursion where it can.
func terminal(op uint32, a, b Node) (Node, bool) {
	switch op {
	case opAnd:
		switch {
		case a == False || b == False:
			return False, true
		case a == True:
			return b, true
		case b == True || a == b:
			return a, true
		}
	case opOr:
		switch {
		case a == True || b == True:
			return True, true
		case a == False:
			return b, true
		case b == False || a == b:
			return a, true
		}
	case opXor:
		switch {
		case a == b:
			return False, true
		case a == False:
			return b, true
		case b == False:
			return a, true
		}
	}
	return 0, false
}

func (m *Manager) apply(op uint32, a, b Node) Node {
	if r, ok := terminal(op, a, b); ok {
		return r
	}
	if a > b { // the three operators commute: one cache entry for both orders
		a, b = b, a
	}
	if r, ok := m.lookup(op, a, b, 0); ok {
		return r
	}
	na, nb := m.nodes[a], m.nodes[b]
	level := min(na.level, nb.level)
	a0, a1 := m.cofactors(a, na, level)
	b0, b1 := m.cofactors(b, nb, level)
	low := m.apply(op, a0, b0)
	high := m.apply(op, a1, b1)
	return m.store(op, a, b, 0, m.mk(level, low, high))
}

// cofactors are n's branches on level: n itself twice when n does not decide it.
func (m *Manager) cofactors(n Node, e node, level uint32) (Node, Node) {
	if e.level == level {
		return e.low, e.high
	}
	return n, n
}

// Cube is the conjunction of the given variables: the set a quantification removes.
func (m *Manager) Cube(vars []int) Node {
	c := True
	for i := len(vars) - 1; i >= 0; i-- { // any order: And sorts by level
		c = m.And(c, m.Var(vars[i]))
	}
	return c
}

// Exists is ∃ cube. a: a with the cube's variables quantified away.
func (m *Manager) Exists(a, cube Node) Node {
	if a == False || a == True || cube == True {
		return a
	}
	na := m.nodes[a]
	for cube != True && m.nodes[cube].level < na.level { // variables above a's top: nothing to do
		cube = m.nodes[cube].high
	}
	if cube == True {
		return a
	}
	if r, ok := m.lookup(opExists, a, cube, 0); ok {
		return r
	}
	var r Node
	if m.nodes[cube].level == na.level {
		rest := m.nodes[cube].high
		r = m.Or(m.Exists(na.low, rest), m.Exists(na.high, rest))
	} else {
		r = m.mk(na.level, m.Exists(na.low, cube), m.Exists(na.high, cube))
	}
	return m.store(opExists, a, cube, 0, r)
}

// AndExist is ∃ cube. (a ∧ b), computed without building a ∧ b: the relational product an
// image or pre-image is.
func (m *Manager) AndExist(a, b, cube Node) Node {
	switch {
	case a == False || b == False:
		return False
	case a == True:
		return m.Exists(b, cube)
	case b == True || a == b:
		return m.Exists(a, cube)
	}
	if a > b {
		a, b = b, a
	}
	na, nb := m.nodes[a], m.nodes[b]
	level := min(na.level, nb.level)
	for cube != True && m.nodes[cube].level < level {
		cube = m.nodes[cube].high
	}
	if cube == True {
		return m.And(a, b)
	}
	if r, ok := m.lookup(opAndExist, a, b, cube); ok {
		return r
	}
	a0, a1 := m.cofactors(a, na, level)
	b0, b1 := m.cofactors(b, nb, level)
	var r Node
	if m.nodes[cube].level == level {
		rest := m.nodes[cube].high
		low := m.AndExist(a0, b0, rest)
		if low == True {
			r = True
		} else {
			r = m.Or(low, m.AndExist(a1, b1, rest))
		}
	} else {
		r = m.mk(level, m.AndExist(a0, b0, cube), m.AndExist(a1, b1, cube))
	}
	return m.store(opAndExist, a, b, cube, r)
}
