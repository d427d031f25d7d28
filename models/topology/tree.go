package topology

import (
	"fmt"
	"math"
	"slices"
)

// Tree is a tree on nodes 0..N-1 rooted at Root.
type Tree struct {
	Name   string   // how it was made, e.g. "path(4)" or "tree(5)#17"
	Labels []string // node names, e.g. from a .dot file
	Adj    [][]int  // neighbours, sorted
	Parent []int    // Parent[Root] = -1
	Root   int
	// named: the labels are a file's node names (FromDot), not the nodes' numbers
	named bool
}

// Names are the nodes' names where a file gave them, for model.Builder.NameProcs; nil for a
// generated tree, whose nodes keep their numbers (P0, P1, …).
func (t *Tree) Names() []string {
	if !t.named {
		return nil
	}
	return t.Labels
}

// Edge is a tree edge, oriented from its parent end to its child end.
type Edge struct{ Parent, Child int }

// N is the number of nodes.
func (t *Tree) N() int { return len(t.Adj) }

// Edges lists the tree edges by child.
func (t *Tree) Edges() []Edge {
	var out []Edge
	for v, p := range t.Parent {
		if p >= 0 {
			out = append(out, Edge{p, v})
		}
	}
	return out
}

// New checks that edges form a tree on n nodes and roots it at root.
func New(name string, n int, edges [][2]int, root int) (*Tree, error) {
	if n < 1 || root < 0 || root >= n {
		return nil, fmt.Errorf("%s: a tree needs at least one node, and its root among them", name)
	}
	if len(edges) != n-1 {
		return nil, fmt.Errorf("%s: %d edges on %d nodes is not a tree (want %d)", name, len(edges), n, n-1)
	}
	t := &Tree{Name: name, Adj: make([][]int, n), Root: root}
	for _, e := range edges {
		a, b := e[0], e[1]
		if a < 0 || b < 0 || a >= n || b >= n || a == b || slices.Contains(t.Adj[a], b) {
			return nil, fmt.Errorf("%s: edge %d-%d is not an edge of a tree on 0..%d", name, a, b, n-1)
		}
		t.Adj[a] = append(t.Adj[a], b)
		t.Adj[b] = append(t.Adj[b], a)
	}
	for v := range t.Adj {
		slices.Sort(t.Adj[v])
		t.Labels = append(t.Labels, fmt.Sprint(v))
	}
	t.Parent = t.Toward(root)
	if slices.Contains(t.Parent, -2) {
		return nil, fmt.Errorf("%s: the graph is not connected", name)
	}
	return t, nil
}

// Toward gives, for every node, its neighbour on the way to target (-1 for target itself, -2
// for a node that cannot reach it): the parents of the tree rooted at target.
func (t *Tree) Toward(target int) []int {
	next := make([]int, t.N())
	for i := range next {
		next[i] = -2
	}
	next[target] = -1
	for queue := []int{target}; len(queue) > 0; queue = queue[1:] {
		for _, w := range t.Adj[queue[0]] {
			if next[w] == -2 {
				next[w] = queue[0]
				queue = append(queue, w)
			}
		}
	}
	return next
}

// Path is 0 - 1 - … - n-1, rooted at 0.
func Path(n int) (*Tree, error) {
	var edges [][2]int
	for v := 1; v < n; v++ {
		edges = append(edges, [2]int{v - 1, v})
	}
	return New(fmt.Sprintf("path(%d)", n), n, edges, 0)
}

// Star has centre 0, the root, and leaves 1..n-1.
func Star(n int) (*Tree, error) {
	var edges [][2]int
	for v := 1; v < n; v++ {
		edges = append(edges, [2]int{0, v})
	}
	return New(fmt.Sprintf("star(%d)", n), n, edges, 0)
}

// AllTrees lists every labelled tree on n ≥ 2 nodes (n^(n-2) of them, Cayley's formula), each
// Count is the number of labelled trees on n nodes, n^(n-2) (Cayley), or 0 past what an int
// holds.
func Count(n int) int {
	if n < 2 {
		return 0
	}
	c := 1
	for range n - 2 {
		if c > math.MaxInt/n {
			return 0
		}
		c *= n
	}
	return c
}

// TreeAt is the k-th labelled tree on n nodes (0 ≤ k < Count(n)), rooted at node 0: the tree
// of the k-th Prüfer sequence in lexicographic order, named tree(n)#k.
func TreeAt(n, k int) (*Tree, error) {
	if c := Count(n); n < 2 || k < 0 || k >= c {
		return nil, fmt.Errorf("there are %d labelled trees on %d nodes; no tree %d", c, n, k)
	}
	seq := make([]int, n-2)
	for i, rest := len(seq)-1, k; i >= 0; i-- {
		seq[i], rest = rest%n, rest/n
	}
	return New(fmt.Sprintf("tree(%d)#%d", n, k), n, prufer(n, seq), 0)
}

// AllTrees lists every labelled tree on n nodes, TreeAt(n, 0) to TreeAt(n, Count(n)-1).
func AllTrees(n int) ([]*Tree, error) {
	if n < 2 {
		return nil, fmt.Errorf("labelled trees need at least 2 nodes")
	}
	out := make([]*Tree, 0, Count(n))
	for k := range Count(n) {
		t, err := TreeAt(n, k)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// prufer decodes a Prüfer sequence into the edges of its tree.
func prufer(n int, seq []int) [][2]int {
	degree := make([]int, n)
	for i := range degree {
		degree[i] = 1
	}
	for _, v := range seq {
		degree[v]++
	}
	var edges [][2]int
	for _, v := range seq {
		for leaf := range n {
			if degree[leaf] == 1 {
				edges = append(edges, [2]int{leaf, v})
				degree[leaf]--
				degree[v]--
				break
			}
		}
	}
	var last []int
	for v := range n {
		if degree[v] == 1 {
			last = append(last, v)
		}
	}
	return append(edges, [2]int{last[0], last[1]})
}
