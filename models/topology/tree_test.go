package topology

import (
	"fmt"
	"reflect"
	"testing"
)

// Cayley's formula: there are n^(n-2) labelled trees on n nodes, all distinct.
func TestAllTrees(t *testing.T) {
	for n, want := range map[int]int{2: 1, 3: 3, 4: 16, 5: 125, 6: 1296} {
		trees, err := AllTrees(n)
		if err != nil || len(trees) != want {
			t.Fatalf("n=%d: %d trees, %v", n, len(trees), err)
		}
		seen := map[string]bool{}
		for _, tr := range trees {
			k := fmt.Sprint(tr.Adj)
			if seen[k] {
				t.Fatalf("n=%d: %s twice", n, k)
			}
			seen[k] = true
		}
	}
}

func TestShapes(t *testing.T) {
	p, _ := Path(4)
	if !reflect.DeepEqual(p.Parent, []int{-1, 0, 1, 2}) || !reflect.DeepEqual(p.Edges(), []Edge{{0, 1}, {1, 2}, {2, 3}}) {
		t.Fatalf("path %+v", p)
	}
	s, _ := Star(4)
	if !reflect.DeepEqual(s.Adj[0], []int{1, 2, 3}) || s.Parent[3] != 0 {
		t.Fatalf("star %+v", s)
	}
	if _, err := New("x", 3, [][2]int{{0, 1}, {0, 1}}, 0); err == nil {
		t.Fatal("a multi-edge accepted")
	}
	if _, err := New("x", 4, [][2]int{{0, 1}, {1, 2}, {2, 0}}, 0); err == nil {
		t.Fatal("a cycle accepted")
	}
}

func TestFromDot(t *testing.T) {
	tr, err := FromDot("../../testdata/topologies/tree5.dot")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tr.Labels, []string{"p0", "p1", "p2", "p3", "p4"}) || !reflect.DeepEqual(tr.Parent, []int{-1, 0, 1, 1, 0}) {
		t.Fatalf("%+v", tr)
	}
	q, err := FromDot("../../testdata/topologies/quoted-ok.dot")
	if err != nil || !reflect.DeepEqual(q.Labels, []string{"p 0", "b", "c"}) {
		t.Fatalf("quoted names: %v %v", q, err)
	}
	for _, bad := range []string{"cycle3.dot", "broken.dot", "missing.dot", "quoted.dot"} {
		if _, err := FromDot("../../testdata/topologies/" + bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// SASA's generator writes a directed ring as a digraph whose arcs run p0 -> p1 -> …: a node
// reads its predecessor, and algo="root.ml" marks p0.
func TestSASADirectedRing(t *testing.T) {
	g, err := ReadDot("../../testdata/topologies/ring4.dot")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Directed || !reflect.DeepEqual(g.Reads, [][]int{{3}, {0}, {1}, {2}}) {
		t.Fatalf("reads %v", g.Reads)
	}
	if g.Algo(0) != "root" || g.Algo(2) != "p" || len(g.GraphAttrs) != 0 {
		t.Fatalf("algos %q %q, graph attributes %v", g.Algo(0), g.Algo(2), g.GraphAttrs)
	}
	if r, err := g.Root(); r != 0 || err != nil {
		t.Fatalf("root %d %v", r, err)
	}
}

// Duplicate and symmetric edges are merged, as Graphviz's strict does; a self-loop is dropped
// from the reads (and makes the graph no tree).
func TestStrictDuplicates(t *testing.T) {
	g, err := ReadDot("../../testdata/topologies/strict-dup.dot")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Reads, [][]int{{1}, {0, 2}, {1}}) {
		t.Fatalf("reads %v", g.Reads)
	}
	if _, err := g.Tree(); err == nil {
		t.Fatal("a self-loop read as a tree")
	}
}

// A tree's root is the node the file marks (algo="root.ml" on p3, after a node default), not
// the first one named; graph attributes are read.
func TestRootFromFile(t *testing.T) {
	tr, err := FromDot("../../testdata/topologies/tree6-rooted.dot")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Root != 3 || !reflect.DeepEqual(tr.Parent, []int{1, 2, 3, -1, 3, 3}) {
		t.Fatalf("root %d, parents %v", tr.Root, tr.Parent)
	}
	g, _ := ReadDot("../../testdata/topologies/tree6-rooted.dot")
	if g.GraphAttrs["k"] != "2" || g.Algo(0) != "p" || g.Algo(3) != "root" {
		t.Fatalf("attributes %v, %q", g.GraphAttrs, g.Algo(0))
	}
	two, err := ParseGraph("two.dot", []byte(`graph { a [algo="root.ml"]; b [root=true]; a -- b }`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := two.Root(); err == nil {
		t.Fatal("two roots accepted")
	}
}

// Node defaults set inside a subgraph stay inside it, as in Graphviz.
func TestSubgraphDefaults(t *testing.T) {
	g, err := ParseGraph("sub.dot", []byte(`graph { subgraph s { node [algo="root.ml"]; a }; b; c; a -- b -- c }`))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := g.Root(); r != 0 || err != nil || g.Algo(1) != "" {
		t.Fatalf("root %d %v, b's algo %q", r, err, g.Algo(1))
	}
}
