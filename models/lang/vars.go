package lang

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

// varInfo is what the compiler knows of a variable beyond its layout.
type varInfo struct {
	name      string
	neighbors bool // a pointer: its values are p's neighbours, then its names (see decode)
	extra     int  // the number of names of a pointer's domain
	shared    bool // its process's neighbours write it too (shared.go)
}

// variables lays out the state: process by process, each process's variables in the file's
// order; a variable whose where-condition fails for a process is not the process's.
func (c *compiler) variables() error {
	pr := c.prog
	if err := c.names(); err != nil {
		return err
	}
	b := model.NewBuilder(pr.g.n)
	if pr.g.file != nil { // a file's nodes are named; a generated topology's keep their numbers
		b.NameProcs(pr.g.labels...)
	}
	pr.refs = make([][]int, len(c.file.Vars))
	pr.sizes = make([][]int, len(c.file.Vars))
	for v, d := range c.file.Vars {
		pr.refs[v], pr.sizes[v] = make([]int, pr.g.n), make([]int, pr.g.n)
		pr.vars = append(pr.vars, varInfo{name: d.Name.Name, neighbors: d.Domain.Neighbors, extra: len(d.Domain.Names), shared: d.Shared})
		if d.Shared && d.Domain.Neighbors {
			return c.errorf(d.Domain.Pos, "shared variable %s cannot be a pointer: its value would name a neighbour of the process that holds it, not of the one that writes it", d.Name.Name)
		}
	}
	for p := range pr.g.n {
		for v, d := range c.file.Vars {
			pr.refs[v][p] = -1
			if d.Where != nil {
				ok, err := c.atProcess(d.Where, p)
				if err != nil {
					return err
				}
				if ok == 0 {
					continue
				}
			}
			dom, err := c.domain(d, p)
			if err != nil {
				return err
			}
			pr.sizes[v][p] = dom.Size
			name := fmt.Sprintf("%s%d", d.Name.Name, p)
			if d.Shared {
				pr.refs[v][p] = int(channel.DeclareNetwork(b, name, dom))
				continue
			}
			pr.refs[v][p] = int(b.Add(model.Var{Name: name, Owner: model.Owner(p), Domain: dom,
				Targets: pr.targets(v, p, dom.Size)}))
		}
	}
	if err := c.channels(b); err != nil {
		return err
	}
	s, err := b.Schema()
	pr.schema = s
	return err
}

// names gives every enumeration's names their values: an ordinary enumeration's k-th name is
// k; a pointer's k-th name is -(k+1), never a process. A name given two values is an error.
func (c *compiler) names() error {
	pr := c.prog
	pr.values = map[string]int{}
	for _, d := range c.file.Vars {
		for k, id := range d.Domain.Names {
			v := k
			if d.Domain.Neighbors {
				v = -(k + 1)
			}
			if old, ok := pr.values[id.Name]; ok && old != v {
				return c.errorf(id.Pos, "%s is already a value (%d) of another enumeration, here it would be %d", id.Name, old, v)
			}
			pr.values[id.Name] = v
		}
	}
	return nil
}

// maxDomain is the most values a domain has: a value is a byte of the state.
const maxDomain = 256

// domain is variable d's domain at process p: LO..HI (from 0, at most 256 values), an
// enumeration, or p's neighbours and the names, named by their labels.
func (c *compiler) domain(d *Var, p int) (model.Domain, error) {
	var names []string
	if d.Domain.Neighbors {
		for _, q := range c.prog.g.nb[p] {
			names = append(names, c.prog.g.labels[q])
		}
	}
	for _, id := range d.Domain.Names {
		names = append(names, id.Name)
	}
	if d.Domain.Neighbors || d.Domain.Names != nil {
		switch {
		case len(names) == 0:
			return model.Domain{}, c.errorf(d.Domain.Pos, "%s has no value at %s, which has no neighbour", d.Name.Name, c.prog.g.proc(p))
		case len(names) > maxDomain && d.Domain.Neighbors:
			return model.Domain{}, c.errorf(d.Domain.Pos, "the domain of %s has %d values at %s; a domain has at most %d", d.Name.Name, len(names), c.prog.g.proc(p), maxDomain)
		case len(names) > maxDomain:
			return model.Domain{}, c.errorf(d.Domain.Pos, "the domain of %s has %d values; a domain has at most %d", d.Name.Name, len(names), maxDomain)
		}
		return model.Enum(names...), nil
	}
	lo, err := c.constant(d.Domain.Lo)
	if err != nil {
		return model.Domain{}, err
	}
	hi, err := c.constant(d.Domain.Hi)
	if err != nil {
		return model.Domain{}, err
	}
	if lo != 0 || hi < 0 || hi > 255 {
		return model.Domain{}, c.errorf(d.Domain.Pos, "the domain of %s is %d..%d: domains are 0..H with H at most 255", d.Name.Name, lo, hi)
	}
	return model.Range(hi + 1), nil
}

// decode is the value a stored byte of variable v at process q stands for: itself, or for a
// pointer the neighbour it names (a process) or its name's value (negative).
func (pr *Program) decode(v, q int, raw byte) int {
	if !pr.vars[v].neighbors {
		return int(raw)
	}
	if nb := pr.g.nb[q]; int(raw) < len(nb) {
		return nb[raw]
	}
	return -(int(raw) - len(pr.g.nb[q]) + 1)
}

// targets are the processes a pointer's values name at p (Var.Targets): its neighbours, then
// its names, which name nobody; nil for a variable that is not a pointer.
func (pr *Program) targets(v, p, size int) []int {
	if !pr.vars[v].neighbors {
		return nil
	}
	out := make([]int, size)
	for raw := range out {
		out[raw] = max(pr.decode(v, p, byte(raw)), -1)
	}
	return out
}

// encode is the byte that stores value x in variable v at process p, or false if x is
// outside the variable's domain there.
func (pr *Program) encode(v, p, x int) (byte, bool) {
	if !pr.vars[v].neighbors {
		return byte(x), x >= 0 && x < pr.sizes[v][p]
	}
	nb := pr.g.nb[p]
	if x < 0 {
		k := -x - 1
		return byte(len(nb) + k), k < pr.vars[v].extra
	}
	for i, q := range nb {
		if q == x {
			return byte(i), true
		}
	}
	return 0, false
}

// atProcess evaluates a where-condition (parameters, the topology and p) for process p.
func (c *compiler) atProcess(x Expr, p int) (int, error) {
	ev, err := c.expr(x, scope{constant: true, process: true})
	if err != nil {
		return 0, err
	}
	return ev(&env{p: p, prog: c.prog}), nil
}

// builtins are the names the language gives: a declaration may not take one (n may be a
// parameter: a generated topology's size).
var builtins = map[string]bool{"p": true, "n": true, "root": true, "deg": true, "maxdeg": true, "algo": true,
	"left": true, "right": true, "true": true, "false": true, "procs": true, "neighbors": true, "flip": true}

// uniqueNames refuses a name declared twice across parameters, lets, variables and enumeration
// values, or a declaration of a builtin: the first would silently win where it is used.
// Enumeration values may repeat across enumerations (names checks that they agree).
func (c *compiler) uniqueNames() error {
	seen := map[string]string{}
	claim := func(id Ident, what string) error {
		if builtins[id.Name] && !(what == "parameter" && id.Name == "n") {
			return c.errorf(id.Pos, "%s is a name of the language; the %s needs another", id.Name, what)
		}
		if old, ok := seen[id.Name]; ok && !(old == "value" && what == "value") {
			return c.errorf(id.Pos, "%s is already a %s; the %s needs another name", id.Name, old, what)
		}
		seen[id.Name] = what
		return nil
	}
	for _, prm := range c.file.Params {
		if err := claim(prm.Name, "parameter"); err != nil {
			return err
		}
	}
	for _, l := range c.file.Lets {
		if err := claim(l.Name, "let"); err != nil {
			return err
		}
	}
	for _, v := range c.file.Vars {
		if err := claim(v.Name, "variable"); err != nil {
			return err
		}
		for _, id := range v.Domain.Names {
			if err := claim(id, "value"); err != nil {
				return err
			}
		}
	}
	return nil
}
