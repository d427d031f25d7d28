package lang

import (
	"fmt"
	"math"

	"github.com/mc-checker/mc/checker/model"
)

// maxRange bounds a range a quantifier runs over: more is a mistake, not a protocol.
const maxRange = 1 << 16

// set compiles a quantifier's set: procs, neighbors (the rule's process's), neighbors(q) (q's:
// the processes q reads; empty for no process), or LO..HI.
func (c *compiler) set(x Expr, sc scope) (func(e *env) []int, error) {
	pr := c.prog
	if n, ok := x.(*Name); ok {
		switch n.Name {
		case "procs":
			all := make([]int, pr.g.n)
			for i := range all {
				all[i] = i
			}
			return func(*env) []int { return all }, nil
		case "neighbors":
			if !sc.process {
				return nil, c.errorf(n.Pos, "neighbors are a rule's process's: here there is none")
			}
			return func(e *env) []int { return pr.g.nb[e.p] }, nil
		}
	}
	if call, ok := x.(*Call); ok && call.Fun.Name == "neighbors" && len(call.Args) == 1 {
		q, err := c.expr(call.Args[0], sc)
		if err != nil {
			return nil, err
		}
		return func(e *env) []int {
			if v := q(e); v >= 0 && v < pr.g.n {
				return pr.g.nb[v]
			}
			return nil
		}, nil
	}
	b, ok := x.(*Binary)
	if !ok || b.Op != ".." {
		return nil, c.errorf(x.At(), "expected a set: procs, neighbors, neighbors(q) or LO..HI")
	}
	lo, err := c.expr(b.L, sc)
	if err != nil {
		return nil, err
	}
	hi, err := c.expr(b.R, sc)
	if err != nil {
		return nil, err
	}
	at := b.Pos
	return func(e *env) []int {
		l, h := lo(e), hi(e)
		if h-l >= maxRange || h < l && l-h < 0 { // the second: h - l overflowed
			pr.fail(pr.errorAt(at, "a range of %d..%d: at most %d values", l, h, maxRange))
			return nil
		}
		var out []int
		for i := l; i <= h; i++ {
			out = append(out, i)
		}
		return out
	}, nil
}

func (c *compiler) quant(x *Quant, sc scope) (evaluator, error) {
	over, err := c.set(x.Over, sc)
	if err != nil {
		return nil, err
	}
	inner := sc
	inner.bound = append(append([]string(nil), sc.bound...), x.Var.Name)
	inner.sets = append(append([]string(nil), sc.sets...), setName(x.Over))
	if !inner.constant {
		inner.global = true // a bound process's variables are read by index
	}
	body, err := c.expr(x.Body, inner)
	if err != nil {
		return nil, err
	}
	k := len(sc.bound)
	if k >= maxBound {
		return nil, c.errorf(x.Pos, "quantifiers nest at most %d deep", maxBound)
	}
	op := x.Op
	if op == "argmin" || op == "argmax" {
		return arg(over, body, k, op == "argmax"), nil
	}
	return fold(op, over, body, k, nil), nil
}

// fold is a quantifier's loop, one closure per operator (no switch per member). forall and
// exists stop at the first member that decides them; count stops once it reaches stopAt's
// value, when given (a comparison with it is then decided: see countCompare).
func fold(op string, over func(*env) []int, body evaluator, k int, stopAt evaluator) evaluator {
	switch op {
	case "forall", "exists":
		want := b2i(op == "exists")
		return func(e *env) int {
			for _, q := range over(e) {
				e.bound[k] = q
				if b2i(body(e) != 0) == want {
					return want
				}
			}
			return 1 - want
		}
	case "count":
		return func(e *env) int {
			limit := math.MaxInt
			if stopAt != nil {
				limit = stopAt(e)
			}
			acc := 0
			for _, q := range over(e) {
				e.bound[k] = q
				if body(e) != 0 {
					if acc++; acc >= limit {
						break
					}
				}
			}
			return acc
		}
	}
	start := map[string]int{"sum": 0, "min": math.MaxInt, "max": math.MinInt}[op]
	combine := map[string]func(a, b int) int{"sum": func(a, b int) int { return a + b },
		"min": func(a, b int) int { return min(a, b) }, "max": func(a, b int) int { return max(a, b) }}[op]
	return func(e *env) int {
		acc := start
		for _, q := range over(e) {
			e.bound[k] = q
			acc = combine(acc, body(e))
		}
		return acc
	}
}

// countCompare compiles count(q in S : B) OP R so that the count stops as soon as the
// comparison is decided: at R+1 members (R for >=). In Dijkstra's legitimate predicate,
// count(...) == 1, most configurations are decided by their first two enabled processes.
func (c *compiler) countCompare(x *Binary, q *Quant, sc scope) (evaluator, error) {
	r, err := c.expr(x.R, sc)
	if err != nil {
		return nil, err
	}
	over, err := c.set(q.Over, sc)
	if err != nil {
		return nil, err
	}
	inner := sc
	inner.bound = append(append([]string(nil), sc.bound...), q.Var.Name)
	inner.sets = append(append([]string(nil), sc.sets...), setName(q.Over))
	if !inner.constant {
		inner.global = true
	}
	body, err := c.expr(q.Body, inner)
	if err != nil {
		return nil, err
	}
	k := len(sc.bound)
	if k >= maxBound {
		return nil, c.errorf(q.Pos, "quantifiers nest at most %d deep", maxBound)
	}
	extra := b2i(x.Op != ">=")
	stop := func(e *env) int { return max(r(e)+extra, 0) }
	count := fold("count", over, body, k, stop)
	cmp := compareOps[x.Op]
	return func(e *env) int { return b2i(cmp(count(e), r(e))) }, nil
}

var compareOps = map[string]func(a, b int) bool{
	"==": func(a, b int) bool { return a == b }, "!=": func(a, b int) bool { return a != b },
	"<": func(a, b int) bool { return a < b }, "<=": func(a, b int) bool { return a <= b },
	">": func(a, b int) bool { return a > b }, ">=": func(a, b int) bool { return a >= b },
}

func (c *compiler) call(x *Call, sc scope) (evaluator, error) {
	var args []evaluator
	for _, a := range x.Args {
		ev, err := c.expr(a, sc)
		if err != nil {
			return nil, err
		}
		args = append(args, ev)
	}
	switch {
	case x.Fun.Name == "enabled" && len(args) == 1 && !sc.process:
		pr := c.prog
		return func(e *env) int {
			q := args[0](e)
			if q < 0 || q >= pr.g.n {
				return 0
			}
			return b2i(pr.enabledIn(e, q))
		}, nil
	case x.Fun.Name == "old" && len(args) == 1 && sc.action:
		return func(e *env) int {
			now := e.s
			e.s = e.old
			v := args[0](e)
			e.s = now
			return v
		}, nil
	case x.Fun.Name == "moved" && len(args) == 1 && sc.action:
		return func(e *env) int {
			q := args[0](e)
			for _, m := range e.moves {
				if m.Proc == q {
					return 1
				}
			}
			return 0
		}, nil
	case x.Fun.Name == "abs" && len(args) == 1:
		return func(e *env) int { return max(args[0](e), -args[0](e)) }, nil
	}
	return nil, c.errorf(x.Fun.Pos, "unknown function %s/%d (enabled(q) in the legitimate predicate and invariants, old(E) and moved(q) in actions, abs(x))", x.Fun.Name, len(args))
}

// Schema, Neighbors, Enabled, Fire and RuleName make a Program a model.Protocol.

func (pr *Program) Schema() *model.Schema { return pr.schema }
func (pr *Program) Neighbors(p int) []int { return pr.g.nb[p] }

// RuleName is the rule of p's r-th action, with its parameter's value: propose(p3).
func (pr *Program) RuleName(p, r int) string {
	a := pr.inst[p][r]
	cr := pr.rules[a.rule]
	if !cr.param {
		return cr.name
	}
	if cr.ofProcs {
		return cr.name + "(" + pr.g.labels[a.arg] + ")"
	}
	return fmt.Sprintf("%s(%d)", cr.name, a.arg)
}

// Enabled lists p's actions whose guards hold.
func (pr *Program) Enabled(s model.State, p int, dst []int) []int {
	e := pr.env(s, p)
	defer pr.envs.Put(e)
	for i := range pr.inst[p] {
		if pr.holds(e, p, i) {
			dst = append(dst, i)
		}
	}
	return dst
}

// holds evaluates the guard of p's i-th action in e, its parameter bound in slot 0.
func (pr *Program) holds(e *env, p, i int) bool {
	a := pr.inst[p][i]
	e.p, e.bound[0] = p, a.arg
	return pr.rules[a.rule].guard(e) != 0
}

// enabledIn reports whether process q has an enabled action, evaluated in e (whose process and
// bound names it restores: a guard's quantifiers use the same slots).
func (pr *Program) enabledIn(e *env, q int) bool {
	p, bound := e.p, e.bound
	on := false
	for i := range pr.inst[q] {
		if on = pr.holds(e, q, i); on {
			break
		}
	}
	e.p, e.bound = p, bound
	return on
}

// env is a pooled environment: expressions take it by pointer through closures, so a fresh
// one a call would be allocated on the heap.
func (pr *Program) env(s model.State, p int) *env {
	e, _ := pr.envs.Get().(*env)
	if e == nil {
		e = &env{prog: pr}
	}
	e.s, e.p = s, p
	return e
}

// Fire applies the moves, each reading s: a value outside its variable's domain is a breach,
// never a wrap.
func (pr *Program) Fire(s model.State, moves []model.Move, next model.State) {
	e := pr.env(s, -1)
	defer pr.envs.Put(e)
	for _, m := range moves {
		pr.fire(e, m.Proc, m.Rule, next)
	}
}

// fire writes the assignments of p's i-th action, read from e.s, into next.
func (pr *Program) fire(e *env, p, i int, next model.State) {
	a := pr.inst[p][i]
	e.p, e.bound[0] = p, a.arg
	for _, as := range pr.rules[a.rule].assigns {
		v := as.value(e)
		raw, ok := pr.encode(as.v, p, v)
		if !ok {
			pr.fail(pr.outside(as, p, a.rule, v))
			continue
		}
		next[pr.refs[as.v][p]] = raw
	}
}

// AppendCentral writes the central daemon's successors of s (model.CentralBatch): process by
// process, action by action, with one environment for the whole state.
func (pr *Program) AppendCentral(s model.State, dst []byte) []byte {
	e := pr.env(s, -1)
	defer pr.envs.Put(e)
	for p := range pr.g.n {
		for i := range pr.inst[p] {
			if pr.holds(e, p, i) {
				at := len(dst)
				dst = append(dst, s...)
				pr.fire(e, p, i, dst[at:])
			}
		}
	}
	return dst
}

// Legit is the legitimate predicate.
func (pr *Program) Legit(s model.State) bool {
	e := pr.env(s, -1)
	defer pr.envs.Put(e)
	return pr.legit(e) != 0
}

// Invariants are the file's invariants, by name.
func (pr *Program) Invariants() []model.Property {
	var out []model.Property
	for i, inv := range pr.file.Invariants {
		ev := pr.invs[i]
		out = append(out, model.Property{Name: inv.Name.Name, Holds: func(s model.State) bool { return ev(&env{s: s, p: -1, prog: pr}) != 0 }})
	}
	return out
}

// Actions are the file's action invariants, by name: each reads the step's end, old(E) its
// start, moved(q) its moves.
func (pr *Program) Actions() []model.ActionProperty {
	var out []model.ActionProperty
	for i, act := range pr.file.Actions {
		ev := pr.acts[i]
		out = append(out, model.ActionProperty{Name: act.Name.Name, Holds: func(from model.State, step model.Step, to model.State) bool {
			return ev(&env{s: to, old: from, moves: step.Moves, p: -1, prog: pr}) != 0
		}})
	}
	return out
}

// Checks are the file's default checks.
func (pr *Program) Checks() []string {
	var out []string
	for _, c := range pr.file.Checks {
		out = append(out, c.Name)
	}
	return out
}

// outside is the breach of rule r of process p writing value v outside a's variable's domain.
func (pr *Program) outside(a compiledAssign, p, r, v int) error {
	name := pr.vars[a.v].name
	if pr.vars[a.v].neighbors {
		return pr.errorAt(a.at, "rule %s of process %d writes %s = %d, which is neither a neighbour of %d nor one of its names", pr.rules[r].name, p, name, v, p)
	}
	return pr.errorAt(a.at, "rule %s of process %d writes %s = %d, outside 0..%d", pr.rules[r].name, p, name, v, pr.sizes[a.v][p]-1)
}

// setName is procs, neighbors, or "" for another set (a range, neighbors(q)): what the static
// check of a rule's reads knows of a bound name.
func setName(x Expr) string {
	if n, ok := x.(*Name); ok {
		return n.Name
	}
	return ""
}

// arg is argmin (argmax with most): the first member of the set, in increasing order, whose
// body is least (greatest); -1 for an empty set.
func arg(over func(*env) []int, body evaluator, k int, most bool) evaluator {
	return func(e *env) int {
		best, at := 0, -1
		for _, q := range over(e) {
			e.bound[k] = q
			v := body(e)
			if at < 0 || !most && v < best || most && v > best {
				best, at = v, q
			}
		}
		return at
	}
}
