package randproto

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// TopologyFile is the name GCL gives the Graphviz file of a random graph or digraph.
const TopologyFile = "random.dot"

// Style is how GCL writes a protocol: the same protocol in other words of the language, so
// that the differential tests reach more of it.
type Style struct {
	// Params: each variable's domain is 0..K-1 for a parameter K declared with its size.
	Params bool
	// Enums: each variable's domain is an enumeration of names, its k-th name being value k
	// (the expressions keep their numbers).
	Enums bool
	// Lets: each rule's guard and the legitimate set's facts are lets, expanded where used.
	Lets bool
}

// GCL writes p in mc's language; for a random graph or digraph, the second text is the
// Graphviz file the first names (TopologyFile), else it is empty. Every expression is
// parenthesised, so precedence is never in question.
func (p *Protocol) GCL() (protocol, dot string) {
	var b strings.Builder
	fmt.Fprintf(&b, "protocol %s\n", p.Name)
	if p.Style.Params {
		for i, v := range p.Vars {
			fmt.Fprintf(&b, "param K%d = %d in 2..3\n", i, v.Size)
		}
	}
	switch p.Kind {
	case Graph, Digraph:
		fmt.Fprintf(&b, "topology %q\n", TopologyFile)
		dot = p.dot()
	default:
		fmt.Fprintf(&b, "topology %s(%d)\n", p.Kind, p.N)
	}
	for i, v := range p.Vars {
		fmt.Fprintf(&b, "var %s : %s\n", v.Name, p.domain(i))
	}
	if p.Msgs != nil {
		p.Msgs.gcl(&b)
	}
	p.gclRules(&b)
	p.gclPredicates(&b)
	return b.String(), dot
}

// domain writes variable i's domain in the protocol's style.
func (p *Protocol) domain(i int) string {
	v := p.Vars[i]
	switch {
	case p.Style.Enums:
		var names []string
		for k := range v.Size {
			names = append(names, fmt.Sprintf("%s_%d", v.Name, k))
		}
		return "{" + strings.Join(names, ", ") + "}"
	case p.Style.Params:
		return fmt.Sprintf("0..K%d-1", i)
	}
	return fmt.Sprintf("0..%d", v.Size-1)
}

// gclRules writes the rules, their guards as lets in the Lets style.
func (p *Protocol) gclRules(b *strings.Builder) {
	for _, r := range p.Rules {
		guard := r.Guard.text(p.Vars, inRule)
		if p.Style.Lets {
			fmt.Fprintf(b, "let guard_%s = %s\n", r.Name, guard)
			guard = "guard_" + r.Name
		}
		fmt.Fprintf(b, "rule %s", r.Name)
		if r.Param {
			b.WriteString("(nb in neighbors)")
		}
		if r.Procs != nil {
			var who []string
			for _, q := range r.Procs {
				who = append(who, fmt.Sprintf("p == %d", q))
			}
			fmt.Fprintf(b, " where %s", strings.Join(who, " or "))
		}
		fmt.Fprintf(b, " : %s%s -> ", p.gclReceive(r), guard)
		for i, a := range r.Assign {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%s := %s", p.Vars[a.Var].Name, a.Value.text(p.Vars, inRule))
		}
		b.WriteString(p.gclSends(r) + "\n")
	}
}

// gclPredicates writes the legitimate set (through a let in the Lets style), the invariants,
// the action invariants and the temporal properties.
func (p *Protocol) gclPredicates(b *strings.Builder) {
	legit := p.Legit.text(p.Vars)
	if p.Style.Lets {
		fmt.Fprintf(b, "let legit = %s\n", legit)
		legit = "legit"
	}
	fmt.Fprintf(b, "legitimate : %s\n", legit)
	for i, inv := range p.Invariants {
		fmt.Fprintf(b, "invariant i%d : %s\n", i, inv.text(p.Vars))
	}
	for i, a := range p.Actions {
		fmt.Fprintf(b, "action a%d : ((not old(%s)) or %s)\n", i, a.Before.text(p.Vars), a.After.text(p.Vars))
	}
	for i, t := range p.Temporal {
		t.gcl(b, fmt.Sprintf("t%d", i), p.Vars)
	}
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
