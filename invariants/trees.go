package invariants

// Predicates over small directed graphs on nodes 0..n-1 (n ≤ 64, node sets as bitmasks): the
// "directionless tree" of the Arvy paper (a directed graph that is a tree once its edges lose
// their directions) and the two components an edge of such a tree separates.

// Edge is a directed edge of a graph.
type Edge struct{ From, To int }

// MaxTreeNodes bounds the nodes of the graphs below: node sets are 64-bit masks.
const MaxTreeNodes = 64

// forest is a union-find over at most MaxTreeNodes nodes, by copying: no allocation.
type forest [MaxTreeNodes]int8

func newForest(n int) forest {
	var f forest
	for v := range n {
		f[v] = int8(v)
	}
	return f
}

func (f *forest) find(v int) int {
	for int(f[v]) != v {
		f[v] = f[f[v]]
		v = int(f[v])
	}
	return v
}

// join merges the components of a and b, and reports false if they were one already (the
// edge a–b closes a cycle).
func (f *forest) join(a, b int) bool {
	ra, rb := f.find(a), f.find(b)
	if ra == rb {
		return false
	}
	f[ra] = int8(rb)
	return true
}

// DirectionlessTree reports whether edges, read without their directions, form a tree on the
// n nodes: n-1 edges and no cycle (two opposite edges between the same nodes are a cycle, and
// so is a self-loop).
func DirectionlessTree(n int, edges []Edge) bool {
	if len(edges) != n-1 {
		return false
	}
	f := newForest(n)
	for _, e := range edges {
		if !f.join(e.From, e.To) {
			return false
		}
	}
	return true
}

// TreeAfter reports whether edges extended by more form a directionless tree, where f holds the
// components of edges already: the incremental form of DirectionlessTree for a search that
// tries many extensions of one forest.
type TreeAfter struct {
	n     int
	f     forest
	count int
	ok    bool
}

// NewTreeAfter starts from the forest of edges (ok false if they already close a cycle).
func NewTreeAfter(n int, edges []Edge) TreeAfter {
	t := TreeAfter{n: n, f: newForest(n), count: len(edges), ok: true}
	for _, e := range edges {
		t.ok = t.ok && t.f.join(e.From, e.To)
	}
	return t
}

// With is t with edge e added.
func (t TreeAfter) With(e Edge) TreeAfter {
	t.ok = t.ok && t.f.join(e.From, e.To)
	t.count++
	return t
}

// Tree reports whether the edges so far form a directionless tree.
func (t TreeAfter) Tree() bool { return t.ok && t.count == t.n-1 }

// Acyclic reports whether the edges so far close no cycle.
func (t TreeAfter) Acyclic() bool { return t.ok }

// SourceComponent is the set of nodes on edges[i].From's side once edge i is deleted: src(r)
// of the paper when edges form a directionless tree. DestinationComponent is the other side.
func SourceComponent(n int, edges []Edge, i int) uint64 {
	f := newForest(n)
	for j, e := range edges {
		if j != i {
			f.join(e.From, e.To)
		}
	}
	root := f.find(edges[i].From)
	var set uint64
	for v := range n {
		if f.find(v) == root {
			set |= 1 << v
		}
	}
	return set
}

// DestinationComponent is dst(r): the nodes on edges[i].To's side once edge i is deleted.
func DestinationComponent(n int, edges []Edge, i int) uint64 {
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	return all &^ SourceComponent(n, edges, i)
}
