package lang

import (
	"slices"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
)

// The symbolic engine cannot evaluate a predicate on every configuration: it needs the
// legitimate set and the invariants as a model.Form, a Boolean combination of censuses of
// local facts. A predicate of a file has one when it is written so:
//
//	form    = "true" | "false" | "not" form | form "and" form | form "or" form
//	        | "if" form "then" form "else" form | a let whose expression is a form
//	        | forall(q in procs : E) | exists(q in procs : E) | count(q in procs : E) OP C
//
// where C is a constant (the parameters, n, …) and E is local to q: read as the guard of a
// rule of process q (q renamed p), the language's static check of a rule's reads accepts it,
// and enabled(E) names q itself. A read the check cannot decide (an index read from the
// configuration) is accepted: the symbolic engine tabulates each local fact over its process's
// view and refuses one that reads outside it. The Forms evaluate the same closures as the
// compiled predicate, so their Holds agree with it.

// form is the predicate x (a predicate of the whole configuration, compiled in the global
// scope) as a model.Form, or nil when it is not a census of local facts.
func (c *compiler) form(x Expr) model.Form {
	if c.processConstant(x, scope{}) {
		if v, ok := c.constantValue(x); ok {
			if v != 0 {
				return form.All{}
			}
			return form.Any{}
		}
		return nil
	}
	switch x := x.(type) {
	case *Name:
		k := c.letIndex(x.Name)
		if k < 0 || c.expanding[k] {
			return nil
		}
		c.expanding[k] = true
		defer delete(c.expanding, k)
		return c.form(c.file.Lets[k].Expr)
	case *Unary:
		if x.Op != "not" {
			return nil
		}
		if f := c.form(x.X); f != nil {
			return form.Not{Of: f}
		}
	case *Binary:
		switch x.Op {
		case "and", "or":
			l, r := c.form(x.L), c.form(x.R)
			if l == nil || r == nil {
				return nil
			}
			if x.Op == "and" {
				return form.And(l, r)
			}
			return form.Or(l, r)
		}
		if compareOps[x.Op] == nil {
			return nil
		}
		if q, ok := x.L.(*Quant); ok && q.Op == "count" {
			return c.countForm(q, x.Op, x.R)
		}
		if q, ok := x.R.(*Quant); ok && q.Op == "count" { // C OP count(...): count OP' C
			return c.countForm(q, mirrored[x.Op], x.L)
		}
	case *Cond:
		i := c.form(x.If)
		if i == nil {
			return nil
		}
		if c.processConstant(x.If, scope{}) { // a constant condition: its branch
			if a, ok := i.(form.All); ok && len(a) == 0 {
				return c.form(x.Then)
			}
			return c.form(x.Else)
		}
		t, e := c.form(x.Then), c.form(x.Else)
		if t == nil || e == nil {
			return nil
		}
		return form.Any{form.All{i, t}, form.All{form.Not{Of: i}, e}}
	case *Quant:
		n := c.prog.g.n
		switch x.Op {
		case "forall":
			return c.census(x, n, n)
		case "exists":
			return c.census(x, 1, n)
		}
	}
	return c.fixedLocal(x)
}

// fixedLocal is x, a predicate of the whole configuration that reads a process named by a
// constant index (x[0] == 1), as a local fact of the first such process k:
// count(q in procs : q == k and x) == 1, which holds exactly where x does, whichever k. It is
// a census when x reads only k's view (the symbolic engine refuses a fact that reads outside
// it); nil where x names no process so.
func (c *compiler) fixedLocal(x Expr) model.Form {
	k, ok := c.constantIndex(x, nil)
	if !ok || k < 0 || k >= c.prog.g.n {
		return nil
	}
	at := x.At()
	q := Ident{"fixed#", at} // a name no file can bind
	is := &Binary{Pos: at, Op: "==", L: &Name{q}, R: &Num{Pos: at, Value: k}}
	count := &Quant{Pos: at, Op: "count", Var: q, Over: &Name{Ident{"procs", at}}, Body: &Binary{Pos: at, Op: "and", L: is, R: x}}
	return c.countForm(count, "==", &Num{Pos: at, Value: 1})
}

// constantIndex is the value of the first index of x that is a constant expression of the
// parameters (bound: the names quantifiers bind there).
func (c *compiler) constantIndex(x Expr, bound []string) (int, bool) {
	var subs []Expr
	switch y := x.(type) {
	case *Index:
		if c.processConstant(y.I, scope{bound: bound}) {
			if k, ok := c.constantValue(y.I); ok {
				return k, true
			}
		}
		subs = []Expr{y.I}
	case *Unary:
		subs = []Expr{y.X}
	case *Binary:
		subs = []Expr{y.L, y.R}
	case *Cond:
		subs = []Expr{y.If, y.Then, y.Else}
	case *Call:
		subs = y.Args
	case *Quant:
		if k, ok := c.constantIndex(y.Over, bound); ok {
			return k, true
		}
		return c.constantIndex(y.Body, append(slices.Clone(bound), y.Var.Name))
	}
	for _, z := range subs {
		if k, ok := c.constantIndex(z, bound); ok {
			return k, true
		}
	}
	return 0, false
}

// mirrored is the comparison with its sides swapped: C < count is count > C.
var mirrored = map[string]string{"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

// countForm is count(q in procs : E) OP C, C a constant, as a census: the counts 0..n that
// satisfy the comparison form one interval, but for !=, which is the interval's complement.
func (c *compiler) countForm(q *Quant, op string, bound Expr) model.Form {
	if !c.processConstant(bound, scope{}) {
		return nil
	}
	k, ok := c.constantValue(bound)
	if !ok {
		return nil
	}
	n := c.prog.g.n
	lo, hi := 0, n
	switch op {
	case "==", "!=":
		lo, hi = k, k
	case "<":
		hi = k - 1
	case "<=":
		hi = k
	case ">":
		lo = k + 1
	case ">=":
		lo = k
	}
	lo, hi = max(lo, 0), min(hi, n)
	f := c.census(q, lo, hi)
	switch {
	case f == nil:
		return nil
	case op == "!=" && lo > hi: // C outside 0..n: every count differs from it
		return form.All{}
	case op == "!=":
		return form.Not{Of: f}
	case lo > hi:
		return form.Any{}
	}
	return f
}

// census is "between lo and hi processes q satisfy x's body", x a quantifier over procs whose
// body is local to q; nil otherwise.
func (c *compiler) census(x *Quant, lo, hi int) model.Form {
	if set, ok := x.Over.(*Name); !ok || set.Name != "procs" {
		return nil
	}
	if !c.localTo(x.Body, x.Var.Name) {
		return nil
	}
	// the body as the compiled predicate evaluates it: in the global scope, q in slot 0
	body, err := c.expr(x.Body, scope{global: true, bound: []string{x.Var.Name}, sets: []string{"procs"}, guarded: true})
	if err != nil {
		return nil
	}
	pr := c.prog
	local := func(s model.State, p int) bool {
		e := pr.env(s, -1)
		e.bound[0] = p
		v := body(e) != 0
		pr.envs.Put(e)
		return v
	}
	return form.Count{Procs: pr.g.n, Local: local, Min: lo, Max: hi}
}

// localTo reports whether x, the body of a quantifier binding q over procs, is local to q:
// whether, with q renamed p and its lets expanded, it compiles as the guard of a rule that
// every process has, which the static check of a rule's reads (neighbourRead) passes, and
// enabled(E) there names the process itself (scope.census).
func (c *compiler) localTo(x Expr, q string) bool {
	body, ok := c.asProcess(x, q, nil)
	if !ok {
		return false
	}
	all := make([]int, c.prog.g.n)
	for p := range all {
		all[p] = p
	}
	_, err := c.expr(body, scope{process: true, procs: all, census: true})
	return err == nil
}

// asProcess is x with the free occurrences of q renamed p and the lets it uses expanded (a
// let is a macro: it reads the names bound where it is used); false when an inner quantifier
// binds p, which the renaming would capture.
func (c *compiler) asProcess(x Expr, q string, bound []string) (Expr, bool) {
	sub := func(y Expr) (Expr, bool) { return c.asProcess(y, q, bound) }
	switch x := x.(type) {
	case *Name:
		if innermost(bound, x.Name) >= 0 {
			return x, true
		}
		if x.Name == q {
			return &Name{Ident{"p", x.Pos}}, true
		}
		k := c.letIndex(x.Name)
		if k < 0 {
			return x, true
		}
		if c.expanding[k] {
			return nil, false
		}
		c.expanding[k] = true
		defer delete(c.expanding, k)
		return sub(c.file.Lets[k].Expr)
	case *Index:
		i, ok := sub(x.I)
		return &Index{X: x.X, I: i}, ok
	case *Unary:
		y, ok := sub(x.X)
		return &Unary{Pos: x.Pos, Op: x.Op, X: y}, ok
	case *Binary:
		l, okl := sub(x.L)
		r, okr := sub(x.R)
		return &Binary{Pos: x.Pos, Op: x.Op, L: l, R: r}, okl && okr
	case *Cond:
		i, oki := sub(x.If)
		t, okt := sub(x.Then)
		e, oke := sub(x.Else)
		return &Cond{Pos: x.Pos, If: i, Then: t, Else: e}, oki && okt && oke
	case *Quant:
		if x.Var.Name == "p" {
			return nil, false
		}
		over, ok := sub(x.Over)
		if !ok {
			return nil, false
		}
		body, ok := c.asProcess(x.Body, q, append(slices.Clone(bound), x.Var.Name))
		return &Quant{Pos: x.Pos, Op: x.Op, Var: x.Var, Over: over, Body: body}, ok
	case *Call:
		out := &Call{Fun: x.Fun}
		for _, a := range x.Args {
			y, ok := sub(a)
			if !ok {
				return nil, false
			}
			out.Args = append(out.Args, y)
		}
		return out, true
	}
	return x, true // a number, a string
}

// constantValue evaluates an expression of the parameters alone when the file is compiled;
// false if it is not one, or breaches (which is forgotten: the run reports it if it happens).
func (c *compiler) constantValue(x Expr) (int, bool) {
	ev, err := c.expr(x, scope{constant: true})
	if err != nil {
		return 0, false
	}
	return c.tryAt(ev, -1)
}
