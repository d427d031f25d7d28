package lang

import (
	"bytes"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/topology"
)

// scope says what an expression may read: constant (parameters only), process (p and, unless
// constant, the process's and its neighbours' variables), global (every process's variables
// by index, enabled(q)); bound names the quantifiers' variables, innermost last.
type scope struct {
	constant, process, global bool
	bound                     []string
	sets                      []string // the set each bound name ranges over: procs, neighbors or ..
	// procs, in a rule, are the processes that have it; guarded says the expression is
	// evaluated only when a condition holds (a branch, the right of and/or), so a read there
	// that would be a non-neighbour's for some process may never happen.
	procs   []int
	guarded bool
	action  bool // an action invariant's: old(E) and moved(q) read the step
	// census: the body of a census of the legitimate predicate or an invariant, compiled as a
	// rule's guard to check that it is local to its process (form.go): enabled(p) is allowed.
	census bool
	// draws: the draws of the rule whose assigned values are compiled (coins.go), nil
	// elsewhere; inQuant: inside a quantifier's body.
	draws   *[]drawSpec
	inQuant bool
}

func (c *compiler) expr(x Expr, sc scope) (evaluator, error) {
	switch x := x.(type) {
	case *Num:
		v := x.Value
		return func(*env) int { return v }, nil
	case *Str:
		return c.str(x)
	case *Name:
		return c.name(x, sc)
	case *Index:
		return c.index(x, sc)
	case *Unary:
		return c.unary(x, sc)
	case *Binary:
		return c.binaryOp(x, sc)
	case *Cond:
		return c.cond(x, sc)
	case *Quant:
		return c.quant(x, sc)
	case *Call:
		return c.call(x, sc)
	}
	return nil, c.errorf(x.At(), "an expression the compiler does not know")
}

// name resolves a name: a bound variable, p, a parameter, a value of an enumeration, left or
// right, or one of the process's own variables.
func (c *compiler) name(x *Name, sc scope) (evaluator, error) {
	pr := c.prog
	if k := innermost(sc.bound, x.Name); k >= 0 { // the innermost binding
		return func(e *env) int { return e.bound[k] }, nil
	}
	switch x.Name {
	case "p":
		if !sc.process {
			return nil, c.errorf(x.Pos, "p is the process of a rule or a variable's condition; here there is none")
		}
		return func(e *env) int { return e.p }, nil
	case "true":
		return func(*env) int { return 1 }, nil
	case "false":
		return func(*env) int { return 0 }, nil
	case "left", "right":
		if !sc.process || sc.constant {
			return nil, c.errorf(x.Pos, "%s is a neighbour of a rule's process", x.Name)
		}
		side := pr.g.left
		if x.Name == "right" {
			side = pr.g.right
		}
		return func(e *env) int { return side[e.p] }, nil
	}
	if v, ok := pr.Params[x.Name]; ok {
		return func(*env) int { return v }, nil
	}
	if k := c.letIndex(x.Name); k >= 0 {
		return c.let(x, k, sc)
	}
	if ev, ok, err := c.topologyName(x, sc); ok || err != nil {
		return ev, err
	}
	if v, ok := pr.values[x.Name]; ok {
		return func(*env) int { return v }, nil
	}
	v := c.varIndex(x.Name)
	switch {
	case v < 0:
		return nil, c.errorf(x.Pos, "unknown name %s", x.Name)
	case sc.constant || !sc.process:
		return nil, c.errorf(x.Pos, "%s is a variable of a process: here write %s[q] for process q", x.Name, x.Name)
	}
	at := x.Pos
	return func(e *env) int { return e.read(v, e.p, at) }, nil
}

// topologyName resolves the names the topology gives, once it is built: n, root (the root's
// index), maxdeg (the largest degree), and at a process deg (its degree) and algo (its rule
// set, compared with a string: algo == "root").
func (c *compiler) topologyName(x *Name, sc scope) (evaluator, bool, error) {
	g := c.prog.g
	if g == nil {
		switch x.Name {
		case "root", "maxdeg", "deg", "algo":
			return nil, true, c.errorf(x.Pos, "%s is the topology's, and the parameters come before it (a topology's arguments are parameters): use %s in domains, rules and predicates", x.Name, x.Name)
		}
		return nil, false, nil
	}
	switch x.Name {
	case "n", "root", "maxdeg":
		v := map[string]int{"n": g.n, "root": g.root, "maxdeg": g.maxDegree()}[x.Name]
		return func(*env) int { return v }, true, nil
	case "deg", "algo":
		if !sc.process {
			return nil, true, c.errorf(x.Pos, "%s is a rule's process's; here there is none", x.Name)
		}
		if x.Name == "algo" {
			return func(e *env) int { return g.algo[e.p] }, true, nil
		}
		return func(e *env) int { return len(g.nb[e.p]) }, true, nil
	}
	return nil, false, nil
}

// str is a rule set's name, compared with algo: "root.ml" and "root" are the same.
func (c *compiler) str(x *Str) (evaluator, error) {
	g := c.prog.g
	if g == nil {
		return nil, c.errorf(x.Pos, "a string names a rule set (algo == \"root\"); there is no topology yet")
	}
	k := slices.Index(g.algos, topology.AlgoName(x.Value))
	if k < 0 {
		return nil, c.errorf(x.Pos, "no process of the topology has the rule set %q (it has %s)", x.Value, strings.Join(g.algos, ", "))
	}
	return func(*env) int { return k }, nil
}

// read is variable v of process q, read by the current process (if any) at the place at: a
// breach if q is not the process or a neighbour, or has no such variable.
func (e *env) read(v, q int, at Pos) int {
	pr := e.prog
	switch {
	case q < 0 || q >= pr.g.n:
		e.fail(at, "%s reads %s of process %d, which does not exist", procName{pr.g, e.p}, pr.vars[v].name, q)
		return 0
	case e.p >= 0 && !pr.g.reads(e.p, q):
		e.fail(at, "%s reads %s of %s, which is not its neighbour", procName{pr.g, e.p}, pr.vars[v].name, procName{pr.g, q})
		return 0
	}
	r := pr.refs[v][q]
	if r < 0 {
		e.fail(at, "%s has no variable %s", procName{pr.g, q}, pr.vars[v].name)
		return 0
	}
	return pr.decode(v, q, e.s[r])
}

// errorAt is a breach at a place of the file, with its line and a caret, as a compile error.
func (pr *Program) errorAt(at Pos, format string, args ...any) error {
	return newLexer(pr.file.Path, pr.file.Src).errorf(at, format, args...)
}

func (c *compiler) index(x *Index, sc scope) (evaluator, error) {
	n, ok := x.X.(*Name)
	v := -1
	if ok {
		v = c.varIndex(n.Name)
	}
	if v < 0 {
		return nil, c.errorf(x.At(), "only a variable can be indexed by a process: x[q]")
	}
	if sc.constant {
		return nil, c.errorf(x.At(), "%s[...] reads the configuration, which is not known here", n.Name)
	}
	if err := c.neighbourRead(x, sc); err != nil {
		return nil, err
	}
	i, err := c.expr(x.I, sc)
	if err != nil {
		return nil, err
	}
	at := x.I.At()
	return func(e *env) int { return e.read(v, i(e), at) }, nil
}

func (c *compiler) unary(x *Unary, sc scope) (evaluator, error) {
	a, err := c.expr(x.X, sc)
	if err != nil {
		return nil, err
	}
	if x.Op == "-" {
		return func(e *env) int { return -a(e) }, nil
	}
	return func(e *env) int { return b2i(a(e) == 0) }, nil
}

func (c *compiler) binaryOp(x *Binary, sc scope) (evaluator, error) {
	if x.Op == ".." {
		return nil, c.errorf(x.Pos, "a range LO..HI is a set: it goes in a quantifier")
	}
	if q, ok := x.L.(*Quant); ok && q.Op == "count" && compareOps[x.Op] != nil {
		return c.countCompare(x, q, sc)
	}
	a, err := c.expr(x.L, sc)
	if err != nil {
		return nil, err
	}
	right := sc
	right.guarded = sc.guarded || x.Op == "and" || x.Op == "or" // evaluated only when L allows
	b, err := c.expr(x.R, right)
	if err != nil {
		return nil, err
	}
	switch x.Op {
	case "or":
		return func(e *env) int { return b2i(a(e) != 0 || b(e) != 0) }, nil
	case "and":
		return func(e *env) int { return b2i(a(e) != 0 && b(e) != 0) }, nil
	case "==":
		return func(e *env) int { return b2i(a(e) == b(e)) }, nil
	case "!=":
		return func(e *env) int { return b2i(a(e) != b(e)) }, nil
	case "<":
		return func(e *env) int { return b2i(a(e) < b(e)) }, nil
	case "<=":
		return func(e *env) int { return b2i(a(e) <= b(e)) }, nil
	case ">":
		return func(e *env) int { return b2i(a(e) > b(e)) }, nil
	case ">=":
		return func(e *env) int { return b2i(a(e) >= b(e)) }, nil
	case "+":
		return func(e *env) int { return a(e) + b(e) }, nil
	case "-":
		return func(e *env) int { return a(e) - b(e) }, nil
	case "*":
		return func(e *env) int { return a(e) * b(e) }, nil
	}
	at := x.Pos
	return func(e *env) int {
		d := b(e)
		if d == 0 {
			e.fail(at, "division by zero")
			return 0
		}
		if x.Op == "/" {
			return a(e) / d
		}
		return ((a(e) % d) + d) % d // mathematical modulo: -1 % n is n-1
	}, nil
}

func (c *compiler) cond(x *Cond, sc scope) (evaluator, error) {
	i, err := c.expr(x.If, sc)
	if err != nil {
		return nil, err
	}
	branch := sc
	branch.guarded = true
	t, err := c.expr(x.Then, branch)
	if err != nil {
		return nil, err
	}
	f, err := c.expr(x.Else, branch)
	if err != nil {
		return nil, err
	}
	return func(e *env) int {
		if i(e) != 0 {
			return t(e)
		}
		return f(e)
	}, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// breach is a step that broke the language's rules, in the configuration it read (nil when
// the file is compiled).
type breach struct {
	state model.State
	err   error
}

// fail records a breach at a place of the file in e's configuration. Of the breaches a run
// meets, the one in the smallest configuration (by its encoding, then by message) is kept,
// as the lint keeps its own, so that the report does not depend on which worker met which
// first; the message, with its source line and caret, is written only for a breach that may
// be kept.
func (e *env) fail(at Pos, format string, args ...any) {
	if e.trial {
		e.failed = true
		return
	}
	pr := e.prog
	cur := pr.breach.Load()
	if cur != nil && bytes.Compare(cur.state, e.s) < 0 {
		return
	}
	b := &breach{state: e.s.Clone(), err: pr.errorAt(at, format, args...)}
	for ; ; cur = pr.breach.Load() {
		if cur != nil && (bytes.Compare(cur.state, b.state) < 0 || bytes.Equal(cur.state, b.state) && cur.err.Error() <= b.err.Error()) {
			return
		}
		if pr.breach.CompareAndSwap(cur, b) {
			return
		}
	}
}

// Violation is the kept step that broke the language's rules (a read of a non-neighbour, a
// value outside a domain, a division by zero), or nil: the daemon's model reports it
// (model.Audited), and the checker returns it as a model error with its configuration (a
// *model.StateError) and a path to it, never a verdict.
func (pr *Program) Violation() error {
	b := pr.breach.Load()
	switch {
	case b == nil:
		return nil
	case b.state == nil:
		return b.err
	}
	return &model.StateError{Err: b.err, State: b.state}
}

// let compiles a use of the k-th let: its expression in the scope of the use, as a macro, so
// it reads the names the use's quantifiers bind (let close = abs(x[q] - x[r]) <= 1, used inside
// forall(q …: forall(r …: close))).
func (c *compiler) let(x *Name, k int, sc scope) (evaluator, error) {
	if c.expanding[k] {
		return nil, c.errorf(x.Pos, "%s is defined in terms of itself", x.Name)
	}
	c.expanding[k] = true
	defer delete(c.expanding, k)
	return c.expr(c.file.Lets[k].Expr, sc)
}
