package lang

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
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
	ch       *channel.Channel
	chans    map[[2]int]int
	breach   atomic.Pointer[breach] // the step that broke the language's rules, the one in the smallest configuration
	envs     sync.Pool              // of *env
}

// action is a rule of a process, with the value of its parameter (if the rule has one): what
// a Move's Rule indexes, in the process's list.
type action struct {
	rule, arg int
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
}

type compiledAssign struct {
	v     int
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

// compileRules compiles each rule for the processes its where-condition selects, and lists
// every process's actions.
func (c *compiler) compileRules() error {
	pr := c.prog
	pr.inst = make([][]action, pr.g.n)
	for i, r := range c.file.Rules {
		procs, err := c.procsOf(r)
		if err != nil {
			return err
		}
		sc := scope{process: true, procs: procs}
		args, err := c.ruleArgs(r, procs)
		if err != nil {
			return err
		}
		if r.Param != nil {
			sc.bound, sc.sets = []string{r.Param.Name}, []string{setName(r.Over)}
		}
		cr := &compiledRule{name: r.Name.Name, param: r.Param != nil}
		assigned := map[string]bool{}
		if _, isRange := r.Over.(*Binary); r.Param != nil && !isRange {
			cr.ofProcs = true
		}
		if r.Receive != nil {
			if cr.recv, sc, err = c.receive(r.Receive, sc); err != nil {
				return err
			}
		}
		if cr.guard, err = c.expr(r.Guard, sc); err != nil {
			return err
		}
		always := c.alwaysHolds(r.Guard, cr.guard, sc, procs)
		asc := sc
		asc.guarded = !always // an assignment runs only when the guard holds: where that is not sure, its reads and values are checked when it runs
		asc.draws = &cr.draws
		for _, a := range r.Assigns {
			if assigned[a.Var.Name] {
				return c.errorf(a.Var.Pos, "rule %s assigns %s twice", r.Name.Name, a.Var.Name)
			}
			assigned[a.Var.Name] = true
			v := c.varIndex(a.Var.Name)
			if v < 0 {
				return c.errorf(a.Var.Pos, "rule %s assigns %s, which is not a variable", r.Name.Name, a.Var.Name)
			}
			ev, err := c.expr(a.Value, asc)
			if err != nil {
				return err
			}
			cr.assigns = append(cr.assigns, compiledAssign{v, ev, a.Var.Pos})
			for _, p := range procs {
				if pr.refs[v][p] < 0 {
					return c.errorf(a.Var.Pos, "rule %s of %s assigns %s, which %s has not", r.Name.Name, c.prog.g.proc(p), a.Var.Name, c.prog.g.proc(p))
				}
				if !always || !c.processConstant(a.Value, sc) {
					continue
				}
				if x, ok := c.tryAt(ev, p); ok && !fits(pr, v, p, x) {
					return c.errorf(a.Var.Pos, "rule %s of %s would write %s = %d, outside its domain", r.Name.Name, c.prog.g.proc(p), a.Var.Name, x)
				}
			}
		}
		for _, snd := range r.Sends {
			cs, err := c.send(snd, asc)
			if err != nil {
				return err
			}
			cr.sends = append(cr.sends, cs)
		}
		if cr.outcomes, err = outcomes(cr.draws); err != nil {
			return c.errorf(r.Name.Pos, "rule %s has %v", r.Name.Name, err)
		}
		pr.rules = append(pr.rules, cr)
		for k, p := range procs {
			for _, arg := range args[k] {
				pr.inst[p] = append(pr.inst[p], action{i, arg})
			}
		}
	}
	return nil
}

// ruleArgs lists, for each process of procs, the values of rule r's parameter (one value, 0,
// for a rule without one). The set must be fixed by the process: procs, neighbors,
// neighbors(E) or LO..HI with E, LO and HI functions of the process.
func (c *compiler) ruleArgs(r *Rule, procs []int) ([][]int, error) {
	out := make([][]int, len(procs))
	if r.Param == nil {
		for k := range out {
			out[k] = []int{0}
		}
		return out, nil
	}
	fixed := true
	switch x := r.Over.(type) {
	case *Call:
		fixed = len(x.Args) == 1 && c.processConstant(x.Args[0], scope{})
	case *Binary:
		fixed = c.processConstant(x.L, scope{}) && c.processConstant(x.R, scope{})
	}
	if !fixed {
		at := r.Over.At()
		if b, ok := r.Over.(*Binary); ok {
			at = b.L.At() // the set's start, not its ".."
		}
		return nil, c.errorf(at, "rule %s's parameter ranges over a set the configuration changes: procs, neighbors, neighbors(E) or LO..HI, fixed by the process", r.Name.Name)
	}
	set, err := c.set(r.Over, scope{process: true})
	if err != nil {
		return nil, err
	}
	for k, p := range procs {
		out[k] = slices.Clone(set(&env{p: p, prog: c.prog}))
	}
	return out, nil
}

// procsOf lists the processes that have rule r.
func (c *compiler) procsOf(r *Rule) ([]int, error) {
	procs := []int{}
	for p := range c.prog.g.n {
		if r.Where != nil {
			ok, err := c.atProcess(r.Where, p)
			if err != nil {
				return nil, err
			}
			if ok == 0 {
				continue
			}
		}
		procs = append(procs, p)
	}
	return procs, nil
}

// fits reports whether x is a value of variable v at process p.
func fits(pr *Program, v, p, x int) bool {
	_, ok := pr.encode(v, p, x)
	return ok
}

// alwaysHolds reports whether a rule's guard is a function of the process that holds at every
// process of the rule (true, p >= 0, …): then its assignments run whenever the rule is
// considered, and what they would do wrong can be refused when the file is compiled.
func (c *compiler) alwaysHolds(guard Expr, ev evaluator, sc scope, procs []int) bool {
	if !c.processConstant(guard, sc) {
		return false
	}
	for _, p := range procs {
		if v, ok := c.tryAt(ev, p); !ok || v == 0 {
			return false
		}
	}
	return true
}

// tryAt evaluates a function of the process at process p, on no configuration, when the file
// is compiled; false if it breaches (a division by zero there is the run's to report, if the
// run ever evaluates it), and the breach is forgotten.
func (c *compiler) tryAt(ev evaluator, p int) (int, bool) {
	v := ev(&env{p: p, prog: c.prog})
	if c.prog.Violation() != nil {
		c.prog.breach.Store(nil)
		return 0, false
	}
	return v, true
}
