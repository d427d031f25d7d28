package lang

import "slices"

// The language has two types, conditions and integers, and a compiled expression is an int
// either way: without a check, a guard x + 1 or a count of integers would run, a non-zero
// integer read as true. The check runs once the file has compiled (the compiler's errors,
// about names and places, come first), over the expressions as the compiler sees them: lets
// expanded where they are used, a quantifier's name hiding the same name outside it.
//
//   - conditions: true, false, comparisons, and, or, not, forall, exists, enabled(q),
//     moved(q); a guard, a where-condition, the legitimate predicate, an invariant, an action
//     and the body of forall, exists and count are conditions;
//   - integers: numbers, parameters, variables, enumerations' names (their index), pointers
//     (a process or a name), p, n, root, deg, maxdeg, left, right, algo and its rule sets'
//     strings, the quantifiers' names, + - * / %, count, sum, min, max, argmin, argmax,
//     abs(E); a value assigned, an index, a parameter, a bound of a domain or a set and the
//     body of sum, min, max, argmin and argmax are integers;
//   - == and != compare two conditions or two integers; if C then A else B takes a condition
//     C and two branches of one type, which is its own; old(E) is E's type.

// typ is an expression's type.
type typ int

const (
	unknown typ = iota // a let that uses itself, a function the compiler refuses: no error here
	integer
	condition
)

func (t typ) String() string {
	if t == condition {
		return "a condition"
	}
	return "an integer expression"
}

// wanted is what an expression of type t must be, in an error.
func (t typ) wanted() string {
	if t == condition {
		return "a condition (true or false)"
	}
	return "an integer"
}

// typer types expressions. A let's type is remembered where no name bound around its use
// hides one it could read (a let, true, false).
type typer struct {
	c    *compiler
	memo map[int]typ
	busy map[int]bool
}

// types checks the type of every expression of the file where the compiler compiles it.
func (c *compiler) types() error {
	ty := &typer{c: c, memo: map[int]typ{}, busy: map[int]bool{}}
	f := c.file
	for _, prm := range f.Params {
		if err := ty.want(prm.Default, nil, integer, "the value of parameter "+prm.Name.Name, "it must be"); err != nil {
			return err
		}
		if err := ty.wantAll(nil, integer, "a parameter's bound", prm.Lo, prm.Hi); err != nil {
			return err
		}
	}
	if f.Topology != nil {
		if err := ty.wantAll(nil, integer, "the topology's argument", f.Topology.Args...); err != nil {
			return err
		}
	}
	for _, v := range f.Vars {
		if err := ty.wantAll(nil, integer, "a domain's bound", v.Domain.Lo, v.Domain.Hi); err != nil {
			return err
		}
		if err := ty.wantAll(nil, condition, "the where-condition", v.Where); err != nil {
			return err
		}
	}
	for _, r := range f.Rules {
		if err := ty.rule(r); err != nil {
			return err
		}
	}
	if err := ty.want(f.Legit, nil, condition, "the legitimate predicate", "it must be"); err != nil {
		return err
	}
	for _, n := range f.Invariants {
		if err := ty.want(n.Expr, nil, condition, "invariant "+n.Name.Name, "it must be"); err != nil {
			return err
		}
	}
	for _, n := range f.Actions {
		if err := ty.want(n.Expr, nil, condition, "action "+n.Name.Name, "it must be"); err != nil {
			return err
		}
	}
	for _, prop := range f.Properties {
		if err := ty.property(prop); err != nil {
			return err
		}
	}
	for _, n := range f.Characterise {
		if err := ty.want(n.Expr, nil, condition, "characterise "+n.Name.Name, "it must be"); err != nil {
			return err
		}
	}
	return ty.wantAll(nil, condition, "the init predicate", f.Init)
}

// rule types a rule: its set, its where-condition, its guard and the values it assigns (the
// last two with its parameter bound, as the compiler binds it).
func (ty *typer) rule(r *Rule) error {
	var bound []string
	if r.Param != nil {
		if err := ty.set(r.Over, nil); err != nil {
			return err
		}
		bound = []string{r.Param.Name}
	}
	if err := ty.wantAll(nil, condition, "the where-condition", r.Where); err != nil {
		return err
	}
	if rc := r.Receive; rc != nil {
		if err := ty.want(rc.From, bound, integer, "the process a rule receives from", "it must be"); err != nil {
			return err
		}
		for _, f := range rc.Fields {
			bound = append(slices.Clone(bound), f.Name)
		}
	}
	if err := ty.want(r.Guard, bound, condition, "the guard", "a guard must be"); err != nil {
		return err
	}
	for _, s := range r.Sends {
		if err := ty.want(s.To, bound, integer, "the process a rule sends to", "it must be"); err != nil {
			return err
		}
		if err := ty.wantAll(bound, integer, "a field of "+s.Kind.Name, s.Args...); err != nil {
			return err
		}
	}
	for _, a := range r.Assigns {
		if err := ty.want(a.Value, bound, integer, "the value assigned to "+a.Var.Name, "a variable holds"); err != nil {
			return err
		}
		if err := ty.wantAll(bound, integer, "the process whose "+a.Var.Name+" a rule assigns", a.Index); err != nil {
			return err
		}
	}
	return nil
}

// want checks that x is of type t, or says at x's start: "WHAT is …; RULE t".
func (ty *typer) want(x Expr, bound []string, t typ, what, rule string) error {
	got, err := ty.of(x, bound)
	if err != nil || got == t || got == unknown {
		return err
	}
	return ty.c.errorf(start(x), "%s is %s; %s %s", what, got, rule, t.wanted())
}

// wantAll checks that each of xs that is given is of type t.
func (ty *typer) wantAll(bound []string, t typ, what string, xs ...Expr) error {
	for _, x := range xs {
		if x == nil {
			continue
		}
		if err := ty.want(x, bound, t, what, "it must be"); err != nil {
			return err
		}
	}
	return nil
}

// start is where x's text begins: its leftmost operand's place (a Binary's own is its
// operator's, an Index's its variable's).
func start(x Expr) Pos {
	for {
		switch y := x.(type) {
		case *Binary:
			x = y.L
		case *Index:
			x = y.X
		default:
			return x.At()
		}
	}
}

// of is x's type, its operands checked.
func (ty *typer) of(x Expr, bound []string) (typ, error) {
	switch x := x.(type) {
	case *Name:
		return ty.name(x, bound)
	case *Index:
		return integer, ty.want(x.I, bound, integer, "the index of "+nameOf(x.X), "it must be")
	case *Unary:
		if x.Op == "not" {
			return condition, ty.want(x.X, bound, condition, "the operand of not", "it must be")
		}
		return integer, ty.want(x.X, bound, integer, "the operand of -", "it must be")
	case *Binary:
		return ty.binary(x, bound)
	case *Cond:
		return ty.cond(x, bound)
	case *Quant:
		return ty.quant(x, bound)
	case *Call:
		return ty.call(x, bound)
	}
	return integer, nil // a number; a string, which names a rule set (algo's value)
}

// name is a name's type: a bound name's, a process, is an integer; true and false are
// conditions; a let is its expression's, here.
func (ty *typer) name(x *Name, bound []string) (typ, error) {
	if innermost(bound, x.Name) >= 0 {
		return integer, nil
	}
	if x.Name == "true" || x.Name == "false" {
		return condition, nil
	}
	k := ty.c.letIndex(x.Name)
	if k < 0 {
		return integer, nil // a parameter, a variable, a value's name, n, p, …
	}
	if ty.busy[k] {
		return unknown, nil // the compiler refuses a let that uses itself
	}
	plain := !slices.ContainsFunc(bound, func(b string) bool { return b == "true" || b == "false" || ty.c.letIndex(b) >= 0 })
	if t, ok := ty.memo[k]; ok && plain {
		return t, nil
	}
	ty.busy[k] = true
	t, err := ty.of(ty.c.file.Lets[k].Expr, bound)
	delete(ty.busy, k)
	if err == nil && plain {
		ty.memo[k] = t
	}
	return t, err
}

// binary types an operator: and, or on conditions; ==, != on two of one type; <, <=, >, >=
// and arithmetic on integers.
func (ty *typer) binary(x *Binary, bound []string) (typ, error) {
	switch x.Op {
	case "and", "or":
		return condition, ty.sides(x, bound, condition)
	case "==", "!=":
		l, err := ty.of(x.L, bound)
		if err != nil {
			return unknown, err
		}
		r, err := ty.of(x.R, bound)
		if err == nil && l != r && l != unknown && r != unknown {
			err = ty.c.errorf(x.Pos, "%s compares %s with %s; compare two conditions or two integers", x.Op, l, r)
		}
		return condition, err
	case "<", "<=", ">", ">=":
		return condition, ty.sides(x, bound, integer)
	case "..":
		return unknown, ty.sides(x, bound, integer) // a set's, outside a set refused by the compiler
	}
	return integer, ty.sides(x, bound, integer)
}

// sides checks that both sides of x are of type t.
func (ty *typer) sides(x *Binary, bound []string, t typ) error {
	rule := "each side of " + x.Op + " must be"
	if err := ty.want(x.L, bound, t, "the left side of "+x.Op, rule); err != nil {
		return err
	}
	return ty.want(x.R, bound, t, "the right side of "+x.Op, rule)
}

// cond types if C then A else B: C a condition, A and B of one type, which is its.
func (ty *typer) cond(x *Cond, bound []string) (typ, error) {
	if err := ty.want(x.If, bound, condition, "the condition of an if", "it must be"); err != nil {
		return unknown, err
	}
	a, err := ty.of(x.Then, bound)
	if err != nil {
		return unknown, err
	}
	b, err := ty.of(x.Else, bound)
	if err == nil && a != b && a != unknown && b != unknown {
		err = ty.c.errorf(start(x.Else), "the branches of an if differ: then is %s, else %s; both must be of one type", a, b)
	}
	if a == unknown {
		return b, err
	}
	return a, err
}

// quant types a quantifier: forall and exists are conditions of a condition, count an integer
// of a condition, the others integers of an integer.
func (ty *typer) quant(x *Quant, bound []string) (typ, error) {
	if err := ty.set(x.Over, bound); err != nil {
		return unknown, err
	}
	inner := append(slices.Clone(bound), x.Var.Name)
	body, result := integer, integer
	switch x.Op {
	case "forall", "exists":
		body, result = condition, condition
	case "count":
		body = condition
	}
	return result, ty.want(x.Body, inner, body, "the body of "+x.Op, "it must be")
}

// set types a quantifier's or a rule's set: procs, neighbors, neighbors(E) or LO..HI, E, LO
// and HI integers.
func (ty *typer) set(x Expr, bound []string) error {
	switch x := x.(type) {
	case *Name:
		return nil
	case *Call:
		return ty.wantAll(bound, integer, "the argument of "+x.Fun.Name, x.Args...)
	case *Binary:
		if x.Op == ".." {
			return ty.wantAll(bound, integer, "a set's bound", x.L, x.R)
		}
	}
	_, err := ty.of(x, bound) // not a set: the compiler refuses it
	return err
}

// call types the language's functions: enabled(q) and moved(q) are conditions of a process,
// abs(E) an integer, old(E) E's type.
func (ty *typer) call(x *Call, bound []string) (typ, error) {
	if isDraw(x) { // an integer drawn: its bounds, weights and values are integers
		return integer, ty.wantAll(bound, integer, "an argument of "+x.Fun.Name, x.Args...)
	}
	if x.Fun.Name == "inflight" && len(x.Args) == 2 {
		return integer, ty.wantAll(bound, integer, "an argument of inflight", x.Args...)
	}
	if len(x.Args) != 1 {
		return unknown, nil // the compiler refuses it
	}
	switch x.Fun.Name {
	case "enabled", "moved":
		return condition, ty.wantAll(bound, integer, "the argument of "+x.Fun.Name, x.Args...)
	case "abs":
		return integer, ty.wantAll(bound, integer, "the argument of abs", x.Args...)
	case "inflight":
		return integer, ty.wantAll(bound, integer, "an argument of inflight", x.Args...)
	case "old":
		return ty.of(x.Args[0], bound)
	}
	return unknown, nil
}

// nameOf is the name an indexed expression is, or "the expression".
func nameOf(x Expr) string {
	if n, ok := x.(*Name); ok {
		return n.Name
	}
	return "the expression"
}
