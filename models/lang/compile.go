package lang

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
	"github.com/mc-checker/mc/models/topology"
)

// Program is a protocol file compiled for given parameter values: a model.Protocol whose
// guards and statements are closures over the configuration's bytes.
type Program struct {
	file   *File
	Params map[string]int
	Ranges map[string][2]int // the declared ranges (in LO..HI), evaluated with these values
	g      *graph
	schema *model.Schema
	refs   [][]int // refs[v][p]: variable v of process p's index in the state, or -1
	sizes  [][]int // sizes[v][p]: the size of variable v's domain at process p
	vars   []varInfo
	values map[string]int // the values of the enumerations' names
	rules  []*compiledRule
	inst   [][]action          // the actions each process has: its rules in the file's order, a rule with a parameter once per member
	foot   [][]model.Footprint // foot[p][r]: what action r of p reads and writes (footprint.go)
	legit  evaluator
	invs   []evaluator
	// LegitForm is the legitimate predicate as a census of local facts (form.go), which the
	// symbolic engine needs, or nil when it is not written as one; invForms, the invariants'.
	LegitForm model.Form
	invForms  []model.Form
	acts      []evaluator
	props     []*compiledProperty // temporal properties (propcompile.go)
	initPred  evaluator           // the init predicate, or nil
	chars     []evaluator         // the characterisations
	// messages: the kinds by name and in order, the links' channel, each link's variable
	// (from, to), channels.go
	msgIndex map[string]int
	msgs     []messageKind
	ch       medium // every link's channel: a FIFO or a bag
	chans    map[[2]int]int
	breach   atomic.Pointer[breach] // the step that broke the language's rules, the one in the smallest configuration
	envs     sync.Pool              // of *env
}

// action is a rule of a process, with the value of its parameter (if the rule has one): what
// a Move's Rule indexes, in the process's list. A rule that receives from a bag is one action
// per combination of its message's fields (recv, in the radix of channels.go): which message
// of the bag it takes is the daemon's choice; recv is -1 for every other action.
type action struct {
	rule, arg, recv int
}

type compiledRule struct {
	name    string
	param   bool // the guard and assignments read the parameter in bound slot 0
	ofProcs bool // the parameter is a process (procs, neighbors): names print its label
	guard   evaluator
	assigns []compiledAssign
	// draws are its assigned values' draws, outcomes their product distribution (coins.go)
	draws    []drawSpec
	outcomes []prob.Prob
	// recv and sends are its messages (channels.go)
	recv  *compiledRecv
	sends []compiledSend
	// indexed: an assignment writes a shared variable through an index (shared.go)
	indexed bool
}

type compiledAssign struct {
	v     int
	index evaluator // the process whose shared variable it writes, or nil for its own (shared.go)
	value evaluator
	at    Pos // the assigned variable's place, for a breach
}

// env is what an expression reads: the configuration, the process (-1 outside a rule), and
// the values of the names quantifiers bind.
type env struct {
	s     model.State
	old   model.State  // an action invariant's step's start
	moves []model.Move // and its moves
	p     int
	bound [maxBound]int
	draw  []int // the outcome of each draw of the firing rule (coins.go)
	prog  *Program
	// trial: a breach is not recorded, only noted in failed (Program.Try)
	trial, failed bool
}

// maxBound is how deep quantifiers nest.
const maxBound = 8

type evaluator func(e *env) int

// Compile compiles a parsed file with the given parameter values (the others take their
// defaults) on a topology: top, read from a file, or nil for the file's own topology statement.
func Compile(f *File, values map[string]int, top *topology.Graph) (prog *Program, err error) {
	defer func() { // a bug of the compiler is an error of the run, not a crash (the fuzzer looks for it)
		if r := recover(); r != nil {
			prog, err = nil, fmt.Errorf("%s: internal error of mc's compiler: %v", f.Path, r)
		}
	}()
	if err := (&compiler{file: f}).uniqueNames(); err != nil {
		return nil, err
	}
	c, top, err := prelude(f, values, top)
	if err != nil {
		return nil, err
	}
	pr := c.prog
	if err := c.topology(top); err != nil {
		return nil, err
	}
	if err := c.variables(); err != nil {
		return nil, err
	}
	if err := c.compileRules(); err != nil {
		return nil, err
	}
	c.footprints()
	if f.Legit == nil {
		return nil, c.errorf(Pos{1, 1}, "no legitimate predicate (legitimate : ...)")
	}
	if pr.legit, err = c.expr(f.Legit, scope{global: true}); err != nil {
		return nil, err
	}
	for _, inv := range f.Invariants {
		ev, err := c.expr(inv.Expr, scope{global: true})
		if err != nil {
			return nil, err
		}
		pr.invs = append(pr.invs, ev)
		pr.invForms = append(pr.invForms, c.form(inv.Expr))
	}
	pr.LegitForm = c.form(f.Legit)
	for _, act := range f.Actions {
		ev, err := c.expr(act.Expr, scope{global: true, action: true})
		if err != nil {
			return nil, err
		}
		pr.acts = append(pr.acts, ev)
	}
	if err := c.properties(); err != nil {
		return nil, err
	}
	if f.Init != nil {
		if pr.initPred, err = c.expr(f.Init, scope{global: true}); err != nil {
			return nil, err
		}
	}
	for _, ch := range f.Characterise {
		ev, err := c.expr(ch.Expr, scope{global: true})
		if err != nil {
			return nil, err
		}
		pr.chars = append(pr.chars, ev)
	}
	if err := c.types(); err != nil { // once every name is known: the compiler's errors come first
		return nil, err
	}
	return pr, nil
}

type compiler struct {
	prog      *Program
	file      *File
	expanding map[int]bool // the lets being expanded, to refuse a let that uses itself
	lx        *lexer       // for error lines
	letIdx    map[string]int
	varIdx    map[string]int
}

func (c *compiler) errorf(at Pos, format string, args ...any) error {
	if c.lx == nil {
		c.lx = newLexer(c.file.Path, c.file.Src)
	}
	return c.lx.errorf(at, format, args...)
}

// params evaluates the parameters in order, over their defaults.
func (c *compiler) params(values map[string]int) error {
	for name := range values {
		if !slices.ContainsFunc(c.file.Params, func(p *Param) bool { return p.Name.Name == name }) {
			return fmt.Errorf("%s: no parameter %s", c.file.Path, name)
		}
	}
	for _, prm := range c.file.Params {
		v, given := values[prm.Name.Name]
		if !given {
			var err error
			if v, err = c.constant(prm.Default); err != nil {
				return err
			}
		}
		if prm.Lo != nil {
			lo, err := c.constant(prm.Lo)
			if err != nil {
				return err
			}
			hi, err := c.constant(prm.Hi)
			if err != nil {
				return err
			}
			if v < lo || v > hi {
				return c.errorf(prm.Name.Pos, "parameter %s = %d is outside %d..%d", prm.Name.Name, v, lo, hi)
			}
			c.prog.Ranges[prm.Name.Name] = [2]int{lo, hi}
		}
		c.prog.Params[prm.Name.Name] = v
	}
	return nil
}

// constant evaluates an expression of the parameters alone.
func (c *compiler) constant(x Expr) (int, error) {
	ev, err := c.expr(x, scope{constant: true})
	if err != nil {
		return 0, err
	}
	e := &env{p: -1, prog: c.prog}
	v := ev(e)
	if err := c.prog.Violation(); err != nil {
		return 0, c.errorf(x.At(), "%v", err)
	}
	return v, nil
}

// topology builds the topology: top, read from a file, or the file's generated one.
func (c *compiler) topology(top *topology.Graph) error {
	t := c.file.Topology
	if top != nil {
		g, err := fromFile(top)
		if err != nil && t != nil && t.File != "" {
			return c.errorf(t.Pos, "%v", err)
		}
		c.prog.g = g
		return err
	}
	var args []int
	for _, a := range t.Args {
		v, err := c.constant(a)
		if err != nil {
			return err
		}
		args = append(args, v)
	}
	g, err := generate(t.Kind, args)
	if err != nil {
		return c.errorf(t.Pos, "%v", err)
	}
	if v, ok := c.prog.Params["n"]; ok && v != g.n {
		return c.errorf(t.Pos, "parameter n = %d, but the topology has %d processes: n is the number of processes", v, g.n)
	}
	c.prog.g = g
	return nil
}
