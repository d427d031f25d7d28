package topology

import (
	"fmt"
	"maps"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/formats/dot/ast"
)

// FromDot reads a tree from a Graphviz file, as SASA writes its topologies: a graph or digraph
// whose edge statements (a -- b, a -> b, chains and {a b} groups) are read as undirected edges,
// rooted at the node the file marks (Graph.Root).
func FromDot(path string) (*Tree, error) {
	g, err := ReadDot(path)
	if err != nil {
		return nil, err
	}
	return g.Tree()
}

// ParseDot reads a tree from the Graphviz text data, named name.
func ParseDot(name string, data []byte) (*Tree, error) {
	g, err := ParseGraph(name, data)
	if err != nil {
		return nil, err
	}
	return g.Tree()
}

// ReadDot reads a network from a Graphviz file (Graph says how it is read).
func ReadDot(path string) (*Graph, error) {
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
	return ParseGraph(path, data)
}

// ParseGraph reads a network from the Graphviz text data, named name: nodes numbered in order
// of first appearance, node attributes (with the node defaults of `node [...]` statements
// before them), graph attributes (`graph [k=3]` or `k=3`).
func ParseGraph(name string, data []byte) (*Graph, error) {
	file, err := dot.ParseBytes(data)
	if err != nil && strings.Contains(err.Error(), "contains directed edge") { // gonum says where not
		return nil, fmt.Errorf("%s is not a Graphviz file: %v", name, edgeKindError(data, "->"))
	}
	if err != nil {
		return nil, fmt.Errorf("%s is not a Graphviz file: %s", name, parseError(err))
	}
	if len(file.Graphs) != 1 {
		return nil, fmt.Errorf("%s: want one graph, found %d", name, len(file.Graphs))
	}
	g := &Graph{Name: name, Directed: file.Graphs[0].Directed, GraphAttrs: map[string]string{}}
	r := &dotReader{g: g, ids: map[string]int{}, defaults: map[string]string{}, data: data}
	if err := r.stmts(file.Graphs[0].Stmts, true); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if g.N() == 0 {
		return nil, fmt.Errorf("%s: the graph has no nodes", name)
	}
	g.finish()
	return g, nil
}

type dotReader struct {
	g        *Graph
	ids      map[string]int
	defaults map[string]string // node attributes of `node [...]` statements read so far
	data     []byte            // the text, for the place of an edge of the wrong kind
}

// node numbers a node; "a" and a are the same node, as in Graphviz.
func (r *dotReader) node(id string) int {
	id = unquote(id)
	if v, ok := r.ids[id]; ok {
		return v
	}
	r.ids[id] = len(r.g.Labels)
	r.g.Labels = append(r.g.Labels, id)
	attrs := map[string]string{}
	for k, v := range r.defaults {
		attrs[k] = v
	}
	r.g.Attrs = append(r.g.Attrs, attrs)
	return r.ids[id]
}

func unquote(id string) string {
	if unquoted, err := strconv.Unquote(id); err == nil && strings.HasPrefix(id, `"`) {
		return unquoted
	}
	return id
}

// stmts reads statements; top says they are the graph's own, whose attributes are the graph's
// (a subgraph's are its own, which mc does not read).
func (r *dotReader) stmts(stmts []ast.Stmt, top bool) error {
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.NodeStmt:
			v := r.node(st.Node.ID)
			for _, a := range st.Attrs {
				r.g.Attrs[v][unquote(a.Key)] = unquote(a.Val)
			}
		case *ast.EdgeStmt:
			if err := r.edge(st); err != nil {
				return err
			}
		case *ast.AttrStmt:
			r.attrs(st, top)
		case *ast.Attr:
			if top {
				r.g.GraphAttrs[unquote(st.Key)] = unquote(st.Val)
			}
		case *ast.Subgraph:
			outer := maps.Clone(r.defaults) // node defaults set inside a subgraph stay there
			if err := r.stmts(st.Stmts, false); err != nil {
				return err
			}
			r.defaults = outer
		}
	}
	return nil
}

// attrs reads `node [...]` (defaults for the nodes named after it) and `graph [...]`.
func (r *dotReader) attrs(st *ast.AttrStmt, top bool) {
	for _, a := range st.Attrs {
		switch {
		case st.Kind == ast.NodeKind:
			r.defaults[unquote(a.Key)] = unquote(a.Val)
		case st.Kind == ast.GraphKind && top:
			r.g.GraphAttrs[unquote(a.Key)] = unquote(a.Val)
		}
	}
}

// edge reads a chain of edges, a -- b -- c or {a b} -> c.
func (r *dotReader) edge(st *ast.EdgeStmt) error {
	from, err := r.vertex(st.From)
	if err != nil {
		return err
	}
	for e := st.To; e != nil; e = e.To {
		if !e.Directed && r.g.Directed { // gonum accepts a -- b in a digraph; Graphviz does not
			return edgeKindError(r.data, "--")
		}
		to, err := r.vertex(e.Vertex)
		if err != nil {
			return err
		}
		if len(r.g.edges)+len(from)*len(to) > maxDotEdges {
			return fmt.Errorf("more than %d edges: not a network mc checks", maxDotEdges)
		}
		for _, a := range from {
			for _, b := range to {
				r.g.edges = append(r.g.edges, [2]int{a, b})
			}
		}
		from = to
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
