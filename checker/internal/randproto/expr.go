package randproto

import (
	"fmt"
	"strings"
)

// Op is an expression's operator.
type Op int

const (
	Lit   Op = iota // the integer Val
	Self            // variable Val of the process the expression is about
	Left            // variable Val of its left neighbour on a ring (rules only)
	Right           // variable Val of its right neighbour on a ring (rules only)
	Bound           // variable Val of the neighbour a quantifier binds
	Add
	Sub
	Mul
	Mod // Args[0] % Val, the mathematical modulo (Val > 0)
	Eq
	Ne
	Lt
	Le
	And
	Or
	Not
	If      // if Args[0] then Args[1] else Args[2]
	Exists  // some neighbour satisfies Args[0]
	Forall  // every neighbour satisfies Args[0]
	Count   // the neighbours that satisfy Args[0]
	Sum     // Args[0] summed over the neighbours
	Min     // Args[0]'s least value over the neighbours (which must not be empty)
	Max     // its largest
	Enabled // the process has an enabled rule (local facts of predicates only)
	Arg     // variable Val of the neighbour a rule's parameter names (rules with a parameter only)
)

// Expr is an expression about one process (the rule's, or the one a census counts): what it
// reads of its own variables, of its ring neighbours, and through quantifiers over its
// neighbours, of each of them. Quantifiers do not nest.
type Expr struct {
	Op   Op
	Val  int
	Args []*Expr
}

// isBool reports whether e is a condition rather than an integer.
func (e *Expr) isBool() bool {
	switch e.Op {
	case Eq, Ne, Lt, Le, And, Or, Not, Exists, Forall, Enabled:
		return true
	case If:
		return e.Args[1].isBool()
	}
	return false
}

// env is what an expression reads when it is evaluated: the configuration, the process it is
// about, and the neighbour a quantifier binds.
type env struct {
	p     *Protocol
	s     []byte
	self  int
	bound int
	arg   int // the rule's parameter, or -1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (e *Expr) eval(v *env) int {
	a := e.Args
	switch e.Op {
	case Lit:
		return e.Val
	case Self:
		return int(v.s[v.p.ref(v.self, e.Val)])
	case Left:
		return int(v.s[v.p.ref(v.p.left(v.self), e.Val)])
	case Right:
		return int(v.s[v.p.ref(v.p.right(v.self), e.Val)])
	case Bound:
		return int(v.s[v.p.ref(v.bound, e.Val)])
	case Arg:
		return int(v.s[v.p.ref(v.arg, e.Val)])
	case Add:
		return a[0].eval(v) + a[1].eval(v)
	case Sub:
		return a[0].eval(v) - a[1].eval(v)
	case Mul:
		return a[0].eval(v) * a[1].eval(v)
	case Mod:
		return ((a[0].eval(v) % e.Val) + e.Val) % e.Val
	case Eq:
		return b2i(a[0].eval(v) == a[1].eval(v))
	case Ne:
		return b2i(a[0].eval(v) != a[1].eval(v))
	case Lt:
		return b2i(a[0].eval(v) < a[1].eval(v))
	case Le:
		return b2i(a[0].eval(v) <= a[1].eval(v))
	case And:
		return b2i(a[0].eval(v) != 0 && a[1].eval(v) != 0)
	case Or:
		return b2i(a[0].eval(v) != 0 || a[1].eval(v) != 0)
	case Not:
		return b2i(a[0].eval(v) == 0)
	case If:
		if a[0].eval(v) != 0 {
			return a[1].eval(v)
		}
		return a[2].eval(v)
	case Enabled:
		return b2i(v.p.enabled(v.s, v.self))
	}
	return e.quantify(v)
}

// quantify evaluates a quantifier over the neighbours of v.self.
func (e *Expr) quantify(v *env) int {
	nb := v.p.Reads[v.self]
	saved := v.bound
	defer func() { v.bound = saved }()
	acc := 0
	switch e.Op {
	case Forall:
		acc = 1
	case Min, Max:
		if len(nb) == 0 {
			panic("randproto: min or max over no neighbour") // the generator never writes one
		}
	}
	for i, q := range nb {
		v.bound = q
		x := e.Args[0].eval(v)
		switch e.Op {
		case Exists:
			acc |= b2i(x != 0)
		case Forall:
			acc &= b2i(x != 0)
		case Count:
			acc += b2i(x != 0)
		case Sum:
			acc += x
		case Min:
			if i == 0 || x < acc {
				acc = x
			}
		case Max:
			if i == 0 || x > acc {
				acc = x
			}
		}
	}
	return acc
}

// names is how an expression is written in a context: in a rule the process's own x is `x`
// and a quantifier binds q over `neighbors`; in a census over `q in procs` it is `x[q]` and a
// quantifier binds r over `neighbors(q)`.
type names struct {
	self, bound, over string
}

var (
	inRule   = names{self: "", bound: "q", over: "neighbors"}
	inCensus = names{self: "q", bound: "r", over: "neighbors(q)"}
)

var infix = map[Op]string{Add: "+", Sub: "-", Mul: "*", Eq: "==", Ne: "!=", Lt: "<", Le: "<=", And: "and", Or: "or"}
var quantName = map[Op]string{Exists: "exists", Forall: "forall", Count: "count", Sum: "sum", Min: "min", Max: "max"}

// gcl writes e in the language, fully parenthesised, with the variables' names vars.
func (e *Expr) gcl(b *strings.Builder, vars []Var, n names) {
	a := e.Args
	switch e.Op {
	case Lit:
		fmt.Fprint(b, e.Val)
	case Self:
		b.WriteString(vars[e.Val].Name)
		if n.self != "" {
			b.WriteString("[" + n.self + "]")
		}
	case Left:
		b.WriteString(vars[e.Val].Name + "[left]")
	case Right:
		b.WriteString(vars[e.Val].Name + "[right]")
	case Bound:
		b.WriteString(vars[e.Val].Name + "[" + n.bound + "]")
	case Arg:
		b.WriteString(vars[e.Val].Name + "[nb]")
	case Mod:
		b.WriteString("(")
		a[0].gcl(b, vars, n)
		fmt.Fprintf(b, " %% %d)", e.Val)
	case Not:
		b.WriteString("(not ")
		a[0].gcl(b, vars, n)
		b.WriteString(")")
	case If:
		b.WriteString("(if ")
		a[0].gcl(b, vars, n)
		b.WriteString(" then ")
		a[1].gcl(b, vars, n)
		b.WriteString(" else ")
		a[2].gcl(b, vars, n)
		b.WriteString(")")
	case Enabled:
		b.WriteString("enabled(" + n.self + ")")
	case Exists, Forall, Count, Sum, Min, Max:
		fmt.Fprintf(b, "%s(%s in %s : ", quantName[e.Op], n.bound, n.over)
		a[0].gcl(b, vars, n)
		b.WriteString(")")
	default:
		b.WriteString("(")
		a[0].gcl(b, vars, n)
		b.WriteString(" " + infix[e.Op] + " ")
		a[1].gcl(b, vars, n)
		b.WriteString(")")
	}
}

// text is e written in the language.
func (e *Expr) text(vars []Var, n names) string {
	var b strings.Builder
	e.gcl(&b, vars, n)
	return b.String()
}
