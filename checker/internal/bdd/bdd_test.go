package bdd

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// Truth tables of 6 variables: bit r of a table is the value at the assignment r, whose bit i
// is variable i.
const vars = 6

func varTable(i int) uint64 {
	var t uint64
	for r := range 64 {
		if r>>i&1 == 1 {
			t |= 1 << r
		}
	}
	return t
}

// table evaluates a BDD at every assignment.
func (m *Manager) table(a Node) uint64 {
	var t uint64
	for r := range 64 {
		n := a
		for n != True && n != False {
			if r>>m.Level(n)&1 == 1 {
				n = m.High(n)
			} else {
				n = m.Low(n)
			}
		}
		if n == True {
			t |= 1 << r
		}
	}
	return t
}

// existsTable quantifies variable i away from a table.
func existsTable(t uint64, i int) uint64 {
	v := varTable(i)
	hi, lo := t&v, t&^v
	return hi | hi>>(1<<i) | lo | lo<<(1<<i)
}

// random builds the same random formula as a BDD and as a table.
func random(m *Manager, rng *rand.Rand, depth int) (Node, uint64) {
	if depth == 0 || rng.IntN(4) == 0 {
		i := rng.IntN(vars)
		if rng.IntN(2) == 0 {
			return m.NVar(i), ^varTable(i)
		}
		return m.Var(i), varTable(i)
	}
	a, ta := random(m, rng, depth-1)
	b, tb := random(m, rng, depth-1)
	switch rng.IntN(4) {
	case 0:
		return m.And(a, b), ta & tb
	case 1:
		return m.Or(a, b), ta | tb
	case 2:
		return m.Xor(a, b), ta ^ tb
	}
	return m.Not(a), ^ta
}

// Every operation agrees with truth tables on random formulas, the BDDs are canonical (equal
// functions are the same node), and a collection keeps what its roots reach.
func TestAgainstTruthTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := New(vars, 16)
	seen := map[uint64]Node{}
	for trial := range 3000 {
		a, ta := random(m, rng, 5)
		b, tb := random(m, rng, 5)
		if m.table(a) != ta || m.table(b) != tb {
			t.Fatalf("trial %d: a formula's BDD differs from its table", trial)
		}
		if old, ok := seen[ta]; ok && old != a && trial%100 != 0 {
			t.Fatalf("trial %d: one function, two nodes %d and %d", trial, old, a)
		}
		seen[ta] = a
		qs := []int{rng.IntN(vars), rng.IntN(vars)}
		want := ta
		for _, q := range qs {
			want = existsTable(want, q)
		}
		cube := m.Cube(qs)
		if got := m.table(m.Exists(a, cube)); got != want {
			t.Fatalf("trial %d: exists %v: %x, want %x", trial, qs, got, want)
		}
		want = ta & tb
		for _, q := range qs {
			want = existsTable(want, q)
		}
		if got := m.table(m.AndExist(a, b, cube)); got != want {
			t.Fatalf("trial %d: and-exists %v: %x, want %x", trial, qs, got, want)
		}
		if got := m.Count(a, []int{0, 1, 2, 3, 4, 5}); got.Cmp(big.NewInt(int64(bits.OnesCount64(ta)))) != 0 {
			t.Fatalf("trial %d: count %v, want %d", trial, got, bits.OnesCount64(ta))
		}
		if sat := m.AnySat(a); (sat == nil) != (ta == 0) {
			t.Fatalf("trial %d: AnySat %v of %x", trial, sat, ta)
		} else if sat != nil {
			r := 0
			for l, v := range sat {
				if v {
					r |= 1 << l
				}
			}
			if ta>>r&1 != 1 { // the free levels are 0 in r: the path leaves them free
				t.Fatalf("trial %d: AnySat %v does not satisfy %x", trial, sat, ta)
			}
		}
		if trial%100 == 0 {
			m.GC(a, b)
			seen = map[uint64]Node{ta: a, tb: b}
			if m.table(a) != ta || m.table(b) != tb || m.Err() != nil {
				t.Fatalf("trial %d: a root changed in a collection", trial)
			}
		}
	}
}

// Renaming the odd levels to the even ones below them (x' to x, interleaved) is the table's
// shift, once the even levels are quantified away; a renaming against the order is an error.
func TestRename(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := New(vars, 16)
	r := m.NewRenaming(map[int]int{1: 0, 3: 2, 5: 4})
	for trial := range 500 {
		a, ta := random(m, rng, 4)
		a = m.Exists(a, m.Cube([]int{0, 2, 4}))
		for _, i := range []int{0, 2, 4} {
			ta = existsTable(ta, i)
		}
		var want uint64
		for row := range 64 {
			from := 0 // the row whose odd bits are row's even bits
			for i := 0; i < vars; i += 2 {
				from |= (row >> i & 1) << (i + 1)
			}
			want |= (ta >> from & 1) << row
		}
		want = existsTable(existsTable(existsTable(want, 1), 3), 5)
		if got := m.table(m.Rename(a, r)); got != want || m.Err() != nil {
			t.Fatalf("trial %d: rename %x, want %x (%v)", trial, got, want, m.Err())
		}
	}
	swap := m.NewRenaming(map[int]int{0: 1, 1: 0})
	m.Rename(m.And(m.Var(0), m.Var(1)), swap)
	if m.Err() != ErrOrder {
		t.Fatalf("a swap of two levels a BDD decides: %v", m.Err())
	}
}

// A full table is an error, never a panic: the manager's results stop meaning anything and it
// says so.
func TestLimit(t *testing.T) {
	m := New(20, 16)
	m.SetLimit(50)
	a := False
	for i := range 20 {
		a = m.Xor(a, m.Var(i))
	}
	if m.Err() != ErrTooLarge {
		t.Fatalf("err %v with %d nodes", m.Err(), m.Size())
	}
}
