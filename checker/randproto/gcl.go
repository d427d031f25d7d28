package randproto

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// TopologyFile is the name GCL gives the Graphviz file of a random graph or digraph.
const TopologyFile = "random.dot"

// GCL writes p in mc's language; for a random graph or digraph, the second text is the
// Graphviz file the first names (TopologyFile), else it is empty. Every expression is
// parenthesised, so precedence is never in question.
func (p *Protocol) GCL() (protocol, dot string) {
	var b strings.Builder
	fmt.Fprintf(&b, "protocol %s\n", p.Name)
	switch p.Kind {
	case Graph, Digraph:
		fmt.Fprintf(&b, "topology %q\n", TopologyFile)
		dot = p.dot()
	default:
		fmt.Fprintf(&b, "topology %s(%d)\n", p.Kind, p.N)
	}
	for _, v := range p.Vars {
		fmt.Fprintf(&b, "var %s : 0..%d\n", v.Name, v.Size-1)
	}
	for _, r := range p.Rules {
		fmt.Fprintf(&b, "rule %s", r.Name)
		if r.Procs != nil {
			var who []string
			for _, q := range r.Procs {
				who = append(who, fmt.Sprintf("p == %d", q))
			}
			fmt.Fprintf(&b, " where %s", strings.Join(who, " or "))
		}
		b.WriteString(" : ")
		r.Guard.gcl(&b, p.Vars, inRule)
		b.WriteString(" -> ")
		for i, a := range r.Assign {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.Vars[a.Var].Name + " := ")
			a.Value.gcl(&b, p.Vars, inRule)
		}
		b.WriteString("\n")
	}
	b.WriteString("legitimate : ")
	p.Legit.gcl(&b, p.Vars)
	b.WriteString("\n")
	for i, inv := range p.Invariants {
		fmt.Fprintf(&b, "invariant i%d : ", i)
		inv.gcl(&b, p.Vars)
		b.WriteString("\n")
	}
	for i, a := range p.Actions {
		fmt.Fprintf(&b, "action a%d : ((not old(", i)
		a.Before.gcl(&b, p.Vars)
		b.WriteString(")) or ")
		a.After.gcl(&b, p.Vars)
		b.WriteString(")\n")
	}
	return b.String(), dot
}

// dot is the Graphviz file of a random topology: nodes first, in order, so that p0 is
// process 0; an undirected edge makes both ends read each other, an arc a -> b makes b read a.
func (p *Protocol) dot() string {
	var b strings.Builder
	kind, arrow := "graph", "--"
	if p.Kind == Digraph {
		kind, arrow = "digraph", "->"
	}
	fmt.Fprintf(&b, "%s random {\n", kind)
	for q := range p.N {
		fmt.Fprintf(&b, "  p%d;\n", q)
	}
	for q, reads := range p.Reads {
		for _, r := range reads {
			if p.Kind == Digraph || r > q {
				fmt.Fprintf(&b, "  p%d %s p%d;\n", r, arrow, q)
			}
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// WriteFiles writes the protocol file (and its topology file, if any) into dir and returns
// the protocol file's path.
func (p *Protocol) WriteFiles(dir string) (string, error) {
	text, dot := p.GCL()
	if dot != "" {
		if err := os.WriteFile(filepath.Join(dir, TopologyFile), []byte(dot), 0o644); err != nil {
			return "", err
		}
	}
	path := filepath.Join(dir, p.Name+".gcl")
	return path, os.WriteFile(path, []byte(text), 0o644)
}
