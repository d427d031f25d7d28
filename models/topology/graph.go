package topology

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Graph is a network as a Graphviz file describes it, in SASA's reading: who each node reads,
// and what the file says about each node (algo=, init=, …) and about the whole graph (graph
// attributes, which a protocol file takes as parameter values).
//
// An undirected edge a -- b makes a and b read each other. A directed arc a -> b makes b read
// a: a node reads its predecessors, as in SASA. Duplicate and symmetric arcs are merged, as
// Graphviz's strict does (reading a neighbour twice is reading it once), and self-loops are
// dropped (a node always reads itself).
type Graph struct {
	Name       string
	Labels     []string            // node names, in order of first appearance
	Directed   bool                // a digraph
	Reads      [][]int             // Reads[v]: the nodes v reads, sorted
	Attrs      []map[string]string // each node's attributes, node defaults included
	GraphAttrs map[string]string
	edges      [][2]int // every edge or arc as written, from its tail to its head
}

// N is the number of nodes.
func (g *Graph) N() int { return len(g.Labels) }

// Algo is the name of v's rule set: its algo attribute without directory and extension
// (SASA's algo="root.ml" is "root"), or "" when the file gives none.
func (g *Graph) Algo(v int) string { return AlgoName(g.Attrs[v]["algo"]) }

// AlgoName is an algo attribute's name: "root.ml" and "dir/root.ml" are "root".
func AlgoName(algo string) string {
	base := filepath.Base(strings.TrimSpace(algo))
	if base == "." {
		return ""
	}
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return base
}

// Root is the node the file marks as the root: the one whose algo is root (root.ml), or whose
// root attribute is true; node 0, the first named, when none is. Two marked nodes are an error.
func (g *Graph) Root() (int, error) {
	root := -1
	for v := range g.N() {
		mark := g.Attrs[v]["root"]
		if g.Algo(v) != "root" && mark != "true" && mark != "1" {
			continue
		}
		if root >= 0 {
			return 0, fmt.Errorf("%s: two roots, %s and %s (algo=\"root.ml\" or root=true marks one node)", g.Name, g.Labels[root], g.Labels[v])
		}
		root = v
	}
	return max(root, 0), nil
}

// Tree reads the graph as a tree (its edges undirected), rooted at Root.
func (g *Graph) Tree() (*Tree, error) {
	root, err := g.Root()
	if err != nil {
		return nil, err
	}
	seen := map[[2]int]bool{}
	var edges [][2]int
	for _, e := range g.edges {
		a, b := min(e[0], e[1]), max(e[0], e[1])
		if a == b {
			return nil, fmt.Errorf("%s: %s is joined to itself: not a tree", g.Name, g.Labels[a])
		}
		if !seen[[2]int{a, b}] {
			seen[[2]int{a, b}] = true
			edges = append(edges, [2]int{a, b})
		}
	}
	t, err := New(g.Name, g.N(), edges, root)
	if err != nil {
		return nil, err
	}
	t.Labels, t.named = g.Labels, true
	return t, nil
}

// finish lists who reads whom: an arc's head reads its tail, and on an undirected graph the tail
// reads the head too; sorted, without duplicates or self-loops.
func (g *Graph) finish() {
	g.Reads = make([][]int, g.N())
	for _, e := range g.edges {
		tail, head := e[0], e[1]
		if tail == head {
			continue
		}
		g.Reads[head] = append(g.Reads[head], tail)
		if !g.Directed {
			g.Reads[tail] = append(g.Reads[tail], head)
		}
	}
	for v := range g.Reads {
		slices.Sort(g.Reads[v])
		g.Reads[v] = slices.Compact(g.Reads[v])
	}
}
