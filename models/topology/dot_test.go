package topology

import (
	"strings"
	"testing"
)

// Issue 33, item 8: Graphviz refuses an undirected edge in a digraph, as it refuses a directed
// one in a graph: both are refused with the line and column of the edge's operator, past
// comments, strings and HTML labels that hold one.
func TestEdgeKindMismatch(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"digraph {\n  a -- b }", "d.dot: line 2, column 5: a -- b is an undirected edge, and a digraph's are directed (a -> b)"},
		{"digraph {\n  a -> b -> c\n  c -- a }", "d.dot: line 3, column 5: a -- b is an undirected edge"},
		{"digraph { a [label=\"x -- y\"] /* -- */ // --\n# --\n b [label=<u -- v>]; a -> b; b -- a }", "d.dot: line 3, column 32: "},
		{"graph {\n  a -- b\n  b -> c }", "d.dot is not a Graphviz file: line 3, column 5: a -> b is a directed edge, and a graph's are undirected (a -- b)"},
	} {
		_, err := ParseGraph("d.dot", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v\nwant %s", c.src, err, c.want)
		}
	}
	if _, err := ParseGraph("d.dot", []byte("digraph { a -> b -> c; c -> a }")); err != nil {
		t.Fatal(err)
	}
}
