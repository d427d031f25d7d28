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
