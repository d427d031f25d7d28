package lang

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mc-checker/mc/models/topology"
)

// fileTopology is the topology read from a file: top when given, else the file's `topology
// "FILE.dot"` statement (a path relative to the protocol file), else nil.
func (c *compiler) fileTopology(top *topology.Graph) (*topology.Graph, error) {
	t := c.file.Topology
	switch {
	case top != nil:
		return top, nil
	case t == nil:
		return nil, c.errorf(Pos{1, 1}, "no topology (topology ring(n), or a \"file.dot\")")
	case t.File == "":
		return nil, nil
	}
	path := t.File
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(c.file.Path), path)
	}
	g, err := topology.ReadDot(path)
	if err != nil {
		return nil, c.errorf(t.Pos, "%v", err)
	}
	return g, nil
}

// fromFile adds to the given values what a topology file says: n, its number of nodes (a
// given n must agree), and its graph attributes that name parameters (`graph [K=5]`), unless
// given.
func (c *compiler) fromFile(given map[string]int, top *topology.Graph) (map[string]int, error) {
	if top == nil {
		return given, nil
	}
	declared := func(name string) bool {
		return slices.ContainsFunc(c.file.Params, func(p *Param) bool { return p.Name.Name == name })
	}
	out := map[string]int{}
	for k, v := range given {
		out[k] = v
	}
	if declared("n") {
		if v, ok := given["n"]; ok && v != top.N() {
			return nil, fmt.Errorf("%s: n = %d, but the topology %s has %d nodes", c.file.Path, v, top.Name, top.N())
		}
		out["n"] = top.N()
	}
	for k, text := range top.GraphAttrs {
		if _, ok := given[k]; ok || !declared(k) || k == "n" {
			continue
		}
		v, err := strconv.Atoi(text)
		if err != nil {
			return nil, fmt.Errorf("%s: graph attribute %s=%q gives parameter %s, which takes a number", top.Name, k, text, k)
		}
		out[k] = v
	}
	return out, nil
}

// Values is every parameter's value with the given ones (checked against their ranges) and
// the others' defaults, evaluated in order (a default may use earlier parameters), on the
// topology top (nil: the file's own): a topology file gives n and its graph attributes.
func (f *File) Values(given map[string]int, top *topology.Graph) (map[string]int, error) {
	c, _, err := prelude(f, given, top)
	if err != nil {
		return nil, err
	}
	return c.prog.Params, nil
}

// prelude starts a compilation: the topology file (top, or the file's own statement), what it
// says of the parameters, then every parameter's value; it returns the compiler and the
// topology file (nil for a generated topology).
func prelude(f *File, given map[string]int, top *topology.Graph) (*compiler, *topology.Graph, error) {
	c := &compiler{prog: &Program{file: f, Params: map[string]int{}, Ranges: map[string][2]int{}}, file: f, expanding: map[int]bool{}}
	if err := c.expansions(); err != nil { // before a parameter's default is compiled
		return nil, nil, err
	}
	top, err := c.fileTopology(top)
	if err != nil {
		return nil, nil, err
	}
	if given, err = c.fromFile(given, top); err != nil {
		return nil, nil, err
	}
	if err := c.params(given); err != nil {
		return nil, nil, err
	}
	return c, top, nil
}
