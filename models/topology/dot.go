package topology

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/formats/dot/ast"
)

// FromDot reads a tree from a Graphviz file, as SASA writes its topologies: a graph or digraph
// whose edge statements (a -- b, a -> b, chains and {a b} groups) are read as undirected edges.
// Nodes are numbered in order of first appearance; the first one is the root.
func FromDot(path string) (*Tree, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > maxDotBytes {
		return nil, fmt.Errorf("%s: a topology file of %d bytes; mc reads at most %d", path, info.Size(), maxDotBytes)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseDot(path, data)
}

// ParseDot reads a tree from the Graphviz text data, named name (edges undirected, nodes
// numbered in order of appearance, the first one the root).
func ParseDot(name string, data []byte) (*Tree, error) {
	path := name
	file, err := dot.ParseBytes(data)
	if err != nil {
		return nil, fmt.Errorf("%s is not a Graphviz file: %s", path, parseError(err))
	}
	if len(file.Graphs) != 1 {
		return nil, fmt.Errorf("%s: want one graph, found %d", path, len(file.Graphs))
	}
	r := &dotReader{ids: map[string]int{}}
	if err := r.stmts(file.Graphs[0].Stmts); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(r.names) == 0 {
		return nil, fmt.Errorf("%s: the graph has no nodes", path)
	}
	t, err := New(path, len(r.names), r.edges, 0)
	if err != nil {
		return nil, err
	}
	t.Labels = r.names
	return t, nil
}

type dotReader struct {
	ids   map[string]int
	names []string
	edges [][2]int
}

// node numbers a node; "a" and a are the same node, as in Graphviz.
func (r *dotReader) node(id string) int {
	if unquoted, err := strconv.Unquote(id); err == nil && strings.HasPrefix(id, `"`) {
		id = unquoted
	}
	if v, ok := r.ids[id]; ok {
		return v
	}
	r.ids[id] = len(r.names)
	r.names = append(r.names, id)
	return r.ids[id]
}

func (r *dotReader) stmts(stmts []ast.Stmt) error {
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.NodeStmt:
			r.node(st.Node.ID)
		case *ast.EdgeStmt:
			from, err := r.vertex(st.From)
			if err != nil {
				return err
			}
			for e := st.To; e != nil; e = e.To {
				to, err := r.vertex(e.Vertex)
				if err != nil {
					return err
				}
				if len(r.edges)+len(from)*len(to) > maxDotEdges {
					return fmt.Errorf("more than %d edges: not a tree mc checks", maxDotEdges)
				}
				for _, a := range from {
					for _, b := range to {
						r.edges = append(r.edges, [2]int{a, b})
					}
				}
				from = to
			}
		case *ast.Subgraph:
			if err := r.stmts(st.Stmts); err != nil {
				return err
			}
		}
	}
	return nil
}

// vertex is a node, or the nodes of a {a b c} group.
func (r *dotReader) vertex(v ast.Vertex) ([]int, error) {
	switch v := v.(type) {
	case *ast.Node:
		return []int{r.node(v.ID)}, nil
	case *ast.Subgraph:
		var out []int
		for _, st := range v.Stmts {
			ns, ok := st.(*ast.NodeStmt)
			if !ok {
				return nil, fmt.Errorf("only nodes may be grouped in an edge statement")
			}
			out = append(out, r.node(ns.Node.ID))
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown vertex %v", v)
}

// maxDotBytes bounds a topology file: a tree of 16 MiB has hundreds of thousands of nodes,
// far past what an exhaustive check takes.
const maxDotBytes = 16 << 20

// maxDotEdges bounds the edges a file may make: {a b c} -- {d e f} makes nine, and groups of
// many nodes would make billions.
const maxDotEdges = 1 << 20

var dotPosition = regexp.MustCompile(`^(\d+):(\d+): error: (.*)$`)

// parseError says a DOT parser's error in words: its position as line and column, and what a
// Graphviz file starts with.
func parseError(err error) string {
	msg := err.Error()
	m := dotPosition.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	what := m[3]
	if strings.HasPrefix(what, "expected one of strict, graphx or digraph") {
		what = "a Graphviz file starts with graph, digraph or strict"
	}
	return fmt.Sprintf("line %s, column %s: %s", m[1], m[2], what)
}
