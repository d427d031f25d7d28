package lang

import "math"

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
		if h >= l && (h-l < 0 || h-l >= maxRange) { // h - l < 0: the difference overflowed
			e.fail(at, "a range of %d..%d: at most %d values", l, h, maxRange)
			return nil
		}
		var out []int
		for i := l; i <= h; i++ {
			out = append(out, i)
		}
		return out
	}, nil
}

// quantParts compiles a quantifier's set and body, the body in a scope that binds its name in
// slot k (the next free one).
func (c *compiler) quantParts(x *Quant, sc scope) (over func(*env) []int, body evaluator, k int, err error) {
	if over, err = c.set(x.Over, sc); err != nil {
		return nil, nil, 0, err
	}
	if k = len(sc.bound); k >= maxBound {
		return nil, nil, 0, c.errorf(x.Pos, "quantifiers nest at most %d deep", maxBound)
	}
	inner := sc
	inner.bound = append(append([]string(nil), sc.bound...), x.Var.Name)
	inner.sets = append(append([]string(nil), sc.sets...), setName(x.Over))
	if !inner.constant {
		inner.global = true // a bound process's variables are read by index
	}
	inner.guarded = true // the body runs only for members: none for an empty set
	inner.inQuant = true
	body, err = c.expr(x.Body, inner)
	return over, body, k, err
}

func (c *compiler) quant(x *Quant, sc scope) (evaluator, error) {
	over, body, k, err := c.quantParts(x, sc)
	if err != nil {
		return nil, err
	}
	op := x.Op
	at := x.Pos
	empty := func(e *env) { e.fail(at, "%s over an empty set", op) } // no member, no value
	switch op {
	case "argmin", "argmax":
		return arg(over, body, k, op == "argmax", empty), nil
	case "min", "max":
		return extreme(over, body, k, op == "max", empty), nil
	}
	return fold(op, over, body, k), nil
}

// fold is the loop of forall, exists, count and sum, one closure per operator (no switch per
// member). forall and exists stop at the first member that decides them.
func fold(op string, over func(*env) []int, body evaluator, k int) evaluator {
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
		count := countUpTo(over, body, k)
		return func(e *env) int { return count(e, math.MaxInt) }
	}
	return func(e *env) int { // sum
		acc := 0
		for _, q := range over(e) {
			e.bound[k] = q
			acc += body(e)
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
	over, body, k, err := c.quantParts(q, sc)
	if err != nil {
		return nil, err
	}
	extra := b2i(x.Op != ">=")
	count := countUpTo(over, body, k)
	cmp := compareOps[x.Op]
	return func(e *env) int {
		bound := r(e) // once: a bound with a comparison of counts in it would double at each level
		return b2i(cmp(count(e, max(bound+extra, 0)), bound))
	}, nil
}

// countUpTo is count's loop: the members whose body holds, counted up to limit (past it, the
// comparison that asks is decided).
func countUpTo(over func(*env) []int, body evaluator, k int) func(e *env, limit int) int {
	return func(e *env, limit int) int {
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

var compareOps = map[string]func(a, b int) bool{
	"==": func(a, b int) bool { return a == b }, "!=": func(a, b int) bool { return a != b },
	"<": func(a, b int) bool { return a < b }, "<=": func(a, b int) bool { return a <= b },
	">": func(a, b int) bool { return a > b }, ">=": func(a, b int) bool { return a >= b },
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
// body is least (greatest). An empty set has none: a breach (empty), the value -1 (a range
// may have -1 as a member: found, not the value, says whether one was seen).
func arg(over func(*env) []int, body evaluator, k int, most bool, empty func(*env)) evaluator {
	return func(e *env) int {
		best, at, found := 0, -1, false
		for _, q := range over(e) {
			e.bound[k] = q
			v := body(e)
			if !found || !most && v < best || most && v > best {
				best, at, found = v, q, true
			}
		}
		if !found {
			empty(e)
		}
		return at
	}
}

// extreme is min (max with most) of the body over the set; an empty set has none: a breach
// (empty), the value 0.
func extreme(over func(*env) []int, body evaluator, k int, most bool, empty func(*env)) evaluator {
	return func(e *env) int {
		members := over(e)
		if len(members) == 0 {
			empty(e)
			return 0
		}
		e.bound[k] = members[0]
		acc := body(e)
		for _, q := range members[1:] {
			e.bound[k] = q
			if v := body(e); !most && v < acc || most && v > acc {
				acc = v
			}
		}
		return acc
	}
}
