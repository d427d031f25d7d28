package models

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/topology"
)

// Param is an integer parameter of a model.
type Param struct {
	Name     string
	Default  int
	Min, Max int
	Doc      string
	// Names, when set, name the values Min..Max (Names[v-Min]); a value may be given by name.
	Names []string
}

// Format writes value v by its name, if the parameter names its values.
func (p *Param) Format(v int) string {
	if i := v - p.Min; i >= 0 && i < len(p.Names) {
		return p.Names[i]
	}
	return strconv.Itoa(v)
}

// Instance is a model built for given parameter values.
type Instance struct {
	Protocol model.Protocol
	// Init lists the initial configurations; nil means every configuration of the universe.
	Init []model.State
	// Properties are the protocol's legitimate set, invariants and goals, which the checker's
	// Spec takes whole.
	model.Properties
	LegitDoc string
	// Checks, when set, replace the entry's default checks for this instance.
	Checks []string
	// Notes are modelling choices the output states, e.g. what a send on a full channel does.
	Notes []string
}

// Entry describes one model of the catalogue.
type Entry struct {
	Name   string
	Doc    string
	Params []Param
	// Search is the parameter `mc sweep` minimises by default (e.g. Dijkstra's K).
	Search string
	// Checks are run when --check is not given.
	Checks []string
	// Daemon is the daemon the model runs under when --daemon is not given ("": central).
	Daemon string
	// Properties are its temporal properties as a protocol file states them, for mc list
	// (the temporal check decides them).
	Properties []string
	// Tree: the model runs on a spanning tree chosen by --topology (a path of n nodes by
	// default); Build then receives it.
	Tree bool
	// Asynchronous: one event per step, the central daemon only: a message-passing model, or
	// one whose moves write shared variables (CentralWhy says why, for the error). The
	// checker's table of combinations refuses the other daemons (checker.FeatureOneEvent).
	Asynchronous bool
	CentralWhy   string
	// Derive, when set, computes every parameter's value from those given (a protocol file's
	// default may be an expression of other parameters: K = n follows n); nil: the static
	// Defaults under the given values.
	Derive func(given map[string]int) (map[string]int, error)
	// Rounds: the protocol is written in synchronous rounds (every node moves every round,
	// reading last round's messages): the synchronous daemon only (checker.FeatureInRounds).
	Rounds bool
	Build  func(params map[string]int, tree *topology.Tree) (*Instance, error)
	// OnTopology, when set, is the model on the network of the file a --topology value names
	// (a protocol file runs on any graph): an entry of its own, whose n is the file's.
	OnTopology func(spec string) (*Entry, error)
	// Rooted: the model starts from rooted trees rather than running on a network tree;
	// --topology names them: every rooted labelled tree (RootedSets[0], the default), one per
	// isomorphism class (RootedSets[1]), or one tree rooted at its root (Build). BuildSet
	// builds the model on a set.
	Rooted   bool
	BuildSet func(params map[string]int, set string) (*Instance, error)
	// Commands are commands of the model's own beside check, sweep and the others.
	Commands []*Command
}

// RootedSets are the --topology values of a Rooted model that name sets of rooted trees.
var RootedSets = []string{"all", "iso"}

// Trees resolves a --topology value for n nodes: "path", "star", "tree:K" (the K-th labelled
// tree, 0-based), "all" (every labelled tree) or the path of a Graphviz file. Each tree is
// named by the value that gives it alone, so a saved run can be rebuilt. "all" lists every
// tree at once; a run over all of them takes them one at a time (LabelledTree).
func Trees(spec string, n int) ([]*topology.Tree, error) {
	if spec != "all" {
		t, err := Topology(spec, n)
		if err != nil {
			return nil, err
		}
		return []*topology.Tree{t}, nil
	}
	var out []*topology.Tree
	for k := range topology.Count(n) {
		t, err := LabelledTree(n, k)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// LabelledTree is the k-th labelled tree on n nodes, named tree:k.
func LabelledTree(n, k int) (*topology.Tree, error) {
	t, err := topology.TreeAt(n, k)
	if err == nil {
		t.Name = fmt.Sprintf("tree:%d", k)
	}
	return t, err
}

// Topology resolves a --topology value that names one tree: path (the default), star,
// tree:K or a Graphviz file.
func Topology(spec string, n int) (*topology.Tree, error) {
	var t *topology.Tree
	var err error
	switch {
	case spec == "" || spec == "path":
		t, err = topology.Path(n)
		spec = "path"
	case spec == "star":
		t, err = topology.Star(n)
	case strings.HasPrefix(spec, "tree:"):
		k, perr := strconv.Atoi(strings.TrimPrefix(spec, "tree:"))
		if perr != nil {
			return nil, fmt.Errorf("topology %q: want tree:K with K a number", spec)
		}
		if c := topology.Count(n); k < 0 || k >= c {
			return nil, fmt.Errorf("topology %q: there are %d labelled trees on %d nodes (tree:0..tree:%d)", spec, c, n, c-1)
		}
		return LabelledTree(n, k)
	case strings.HasSuffix(spec, ".dot") || strings.HasSuffix(spec, ".gv"):
		t, err = topology.FromDot(spec)
	case spec == "all":
		return nil, fmt.Errorf("topology all is every labelled tree on %d nodes; one run takes one", n)
	default:
		return nil, fmt.Errorf("unknown topology %q (want path, star, tree:K, all or a .dot file)", spec)
	}
	if err != nil {
		return nil, err
	}
	t.Name = spec
	return t, nil
}

var catalogue = map[string]*Entry{}

func register(e *Entry) { catalogue[e.Name] = e }

// Register adds a model to the catalogue, for a program that embeds the catalogue with models
// of its own, and for tests, and returns what takes it out again. It fails on a name already
// taken. The catalogue is not safe for concurrent registration.
func Register(e *Entry) (remove func(), err error) {
	if _, taken := catalogue[e.Name]; taken || e.Name == "" {
		return nil, fmt.Errorf("a model named %q is already in the catalogue", e.Name)
	}
	register(e)
	return func() { delete(catalogue, e.Name) }, nil
}

// All lists the models by name.
func All() []*Entry {
	var out []*Entry
	for _, e := range catalogue {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup finds a model by name, or reads a protocol file (a name ending in .gcl) into an
// entry of its own, which mc list does not show.
func Lookup(name string) (*Entry, error) {
	if e, ok := catalogue[name]; ok {
		return e, nil
	}
	if strings.HasSuffix(name, ".gcl") { // read each time: a file is not added to the catalogue
		return FromFile(name)
	}
	var names []string
	for _, e := range All() {
		names = append(names, e.Name)
	}
	return nil, fmt.Errorf("unknown model %q (known: %s)", name, strings.Join(names, ", "))
}

// Param is the parameter of that name, or nil.
func (e *Entry) Param(name string) *Param {
	p, _ := e.param(name)
	return p
}

func (e *Entry) param(name string) (*Param, error) {
	for i := range e.Params {
		if e.Params[i].Name == name {
			return &e.Params[i], nil
		}
	}
	var names []string
	for _, p := range e.Params {
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("model %s has no parameter %q (it has %s)", e.Name, name, strings.Join(names, ", "))
}

// Range is the values lo..hi of one parameter, as "n=3..8" (or a single value).
type Range struct {
	Name   string
	Lo, Hi int
}

// ParseAssignments reads "name=v" or "name=lo..hi" items, checking names, bounds, and that no
// parameter is given twice.
func (e *Entry) ParseAssignments(items []string) ([]Range, error) {
	var out []Range
	given := map[string]bool{}
	for _, it := range items {
		name, val, ok := strings.Cut(it, "=")
		if !ok {
			return nil, fmt.Errorf("parameter %q: want name=value", it)
		}
		p, err := e.param(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		if given[p.Name] {
			return nil, fmt.Errorf("parameter %s is given twice", p.Name)
		}
		given[p.Name] = true
		r := Range{Name: p.Name}
		loText, hiText, isRange := strings.Cut(val, "..")
		if r.Lo, err = p.parse(loText); err != nil {
			return nil, err
		}
		r.Hi = r.Lo
		if isRange {
			if r.Hi, err = p.parse(hiText); err != nil {
				return nil, err
			}
			if r.Hi < r.Lo {
				return nil, fmt.Errorf("parameter %s: empty range %d..%d", p.Name, r.Lo, r.Hi)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

func (p *Param) parse(text string) (int, error) {
	text = strings.TrimSpace(text)
	for i, name := range p.Names {
		if text == name {
			return p.Min + i, nil
		}
	}
	v, err := strconv.Atoi(text)
	if err != nil && len(p.Names) > 0 {
		return 0, fmt.Errorf("parameter %s: %q is not one of %s", p.Name, text, strings.Join(p.Names, ", "))
	}
	if err != nil {
		return 0, fmt.Errorf("parameter %s: %q is not an integer", p.Name, text)
	}
	return v, p.check(v)
}

// check refuses a value outside the parameter's range.
func (p *Param) check(v int) error {
	if v < p.Min || v > p.Max {
		return fmt.Errorf("parameter %s = %d is outside %d..%d", p.Name, v, p.Min, p.Max)
	}
	return nil
}

// Resolve validates parameter values given by name (a proof file's, a saved run's) and fills
// in the defaults of the others: an unknown name or a value outside its range is an error.
// It is what every command applies to a run before anything is built.
func (e *Entry) Resolve(given map[string]int) (map[string]int, error) {
	names := make([]string, 0, len(given))
	for name := range given {
		names = append(names, name)
	}
	sort.Strings(names) // the same error for the same input
	for _, name := range names {
		p, err := e.param(name)
		if err != nil {
			return nil, err
		}
		if err := p.check(given[name]); err != nil {
			return nil, err
		}
	}
	return e.over(given)
}

// CheckTree refuses a tree whose size is outside the range of the model's n: a topology file
// is measured before the model is built on it.
func (e *Entry) CheckTree(t *topology.Tree) error {
	p, err := e.param("n")
	if err != nil {
		return err
	}
	if err := p.check(t.N()); err != nil {
		return fmt.Errorf("topology %s has %d nodes; model %s runs on %d..%d", t.Name, t.N(), e.Name, p.Min, p.Max)
	}
	return nil
}

// Values applies single-valued assignments over the defaults; ranges are an error here.
func (e *Entry) Values(items []string) (map[string]int, error) {
	given, err := e.Given(items)
	if err != nil {
		return nil, err
	}
	return e.over(given)
}

// Given is the values single-valued assignments give, checked, without the defaults (which
// a protocol file on a topology file derives from it: n is the file's).
func (e *Entry) Given(items []string) (map[string]int, error) {
	ranges, err := e.ParseAssignments(items)
	if err != nil {
		return nil, err
	}
	given := map[string]int{}
	for _, r := range ranges {
		if r.Lo != r.Hi {
			return nil, fmt.Errorf("parameter %s: a range %d..%d is only allowed in a sweep", r.Name, r.Lo, r.Hi)
		}
		given[r.Name] = r.Lo
	}
	if _, err := e.over(given); err != nil {
		return nil, err
	}
	return given, nil
}

// over is the values of every parameter with the given ones over the defaults (or derived).
func (e *Entry) over(given map[string]int) (map[string]int, error) {
	if e.Derive != nil {
		return e.Derive(given)
	}
	vals := e.Defaults()
	for name, v := range given {
		vals[name] = v
	}
	return vals, nil
}

// Defaults is a fresh map of the default values.
func (e *Entry) Defaults() map[string]int {
	vals := map[string]int{}
	for _, p := range e.Params {
		vals[p.Name] = p.Default
	}
	return vals
}
