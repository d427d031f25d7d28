package lang

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
)

// Program is a protocol file compiled for given parameter values: a model.Protocol whose
// guards and statements are closures over the configuration's bytes.
type Program struct {
	file   *File
	Params map[string]int
	g      *graph
	schema *model.Schema
	refs   [][]int // refs[v][p]: variable v of process p's index in the state, or -1
	sizes  []int   // the domain size of each variable
	rules  []*compiledRule
	ruleOf [][]int // the rules each process has, in the file's order
	legit  evaluator
	invs   []evaluator
	breach atomic.Pointer[error] // the first step that broke the language's rules
	envs   sync.Pool             // of *env
}

type compiledRule struct {
	name    string
	guard   evaluator
	assigns []compiledAssign
}

type compiledAssign struct {
	v     int
	value evaluator
}

// env is what an expression reads: the configuration, the process (-1 outside a rule), and
// the values of the names quantifiers bind.
type env struct {
	s     model.State
	p     int
	bound [maxBound]int
	prog  *Program
}

// maxBound is how deep quantifiers nest.
const maxBound = 8

type evaluator func(e *env) int

// Compile compiles a parsed file with the given parameter values (the others take their
// defaults).
func Compile(f *File, values map[string]int) (*Program, error) {
	pr := &Program{file: f, Params: map[string]int{}}
	c := &compiler{prog: pr, file: f}
	if err := c.params(values); err != nil {
		return nil, err
	}
	if err := c.topology(); err != nil {
		return nil, err
	}
	if err := c.variables(); err != nil {
		return nil, err
	}
	if err := c.compileRules(); err != nil {
		return nil, err
	}
	if f.Legit == nil {
		return nil, c.errorf(Pos{1, 1}, "no legitimate predicate (legitimate : ...)")
	}
	var err error
	if pr.legit, err = c.expr(f.Legit, scope{global: true}); err != nil {
		return nil, err
	}
	for _, inv := range f.Invariants {
		ev, err := c.expr(inv.Expr, scope{global: true})
		if err != nil {
			return nil, err
		}
		pr.invs = append(pr.invs, ev)
	}
	return pr, nil
}

type compiler struct {
	prog *Program
	file *File
	lx   *lexer // for error lines
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

func (c *compiler) topology() error {
	t := c.file.Topology
	if t == nil {
		return c.errorf(Pos{1, 1}, "no topology (topology ring(n), or a \"file.dot\")")
	}
	if t.File != "" {
		return c.errorf(t.Pos, "topologies from .dot files are not read yet")
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
	c.prog.g = g
	return nil
}

// variables lays out the state: process by process, each process's variables in the file's
// order; a variable whose where-condition fails for a process is not the process's.
func (c *compiler) variables() error {
	pr := c.prog
	b := model.NewBuilder(pr.g.n)
	pr.refs = make([][]int, len(c.file.Vars))
	sizes := make([]model.Domain, len(c.file.Vars))
	for v, d := range c.file.Vars {
		dom, err := c.domain(d)
		if err != nil {
			return err
		}
		sizes[v] = dom
		pr.sizes = append(pr.sizes, dom.Size)
		pr.refs[v] = make([]int, pr.g.n)
	}
	for p := range pr.g.n {
		for v, d := range c.file.Vars {
			pr.refs[v][p] = -1
			if d.Where != nil {
				ok, err := c.atProcess(d.Where, p)
				if err != nil || ok == 0 {
					if err != nil {
						return err
					}
					continue
				}
			}
			pr.refs[v][p] = int(b.Var(fmt.Sprintf("%s%d", d.Name.Name, p), model.Owner(p), sizes[v]))
		}
	}
	s, err := b.Schema()
	pr.schema = s
	return err
}

// atProcess evaluates a where-condition (parameters and p) for process p.
func (c *compiler) atProcess(x Expr, p int) (int, error) {
	ev, err := c.expr(x, scope{constant: true, process: true})
	if err != nil {
		return 0, err
	}
	return ev(&env{p: p, prog: c.prog}), nil
}

func (c *compiler) domain(d *Var) (model.Domain, error) {
	if d.Domain.Names != nil {
		var names []string
		for _, id := range d.Domain.Names {
			names = append(names, id.Name)
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

func (c *compiler) compileRules() error {
	pr := c.prog
	pr.ruleOf = make([][]int, pr.g.n)
	for i, r := range c.file.Rules {
		cr := &compiledRule{name: r.Name.Name}
		var err error
		if cr.guard, err = c.expr(r.Guard, scope{process: true}); err != nil {
			return err
		}
		for _, a := range r.Assigns {
			v := slices.IndexFunc(c.file.Vars, func(d *Var) bool { return d.Name.Name == a.Var.Name })
			if v < 0 {
				return c.errorf(a.Var.Pos, "rule %s assigns %s, which is not a variable", r.Name.Name, a.Var.Name)
			}
			ev, err := c.expr(a.Value, scope{process: true})
			if err != nil {
				return err
			}
			cr.assigns = append(cr.assigns, compiledAssign{v, ev})
		}
		pr.rules = append(pr.rules, cr)
		for p := range pr.g.n {
			if r.Where != nil {
				ok, err := c.atProcess(r.Where, p)
				if err != nil {
					return err
				}
				if ok == 0 {
					continue
				}
			}
			for _, a := range cr.assigns {
				if pr.refs[a.v][p] < 0 {
					return c.errorf(r.Name.Pos, "rule %s of process %d assigns %s, which process %d has not", r.Name.Name, p, c.file.Vars[a.v].Name.Name, p)
				}
			}
			pr.ruleOf[p] = append(pr.ruleOf[p], i)
		}
	}
	return nil
}

// Values is every parameter's value with the given ones (checked against their ranges) and
// the others' defaults, evaluated in order (a default may use earlier parameters).
func (f *File) Values(given map[string]int) (map[string]int, error) {
	pr := &Program{file: f, Params: map[string]int{}}
	c := &compiler{prog: pr, file: f}
	if err := c.params(given); err != nil {
		return nil, err
	}
	return pr.Params, nil
}
