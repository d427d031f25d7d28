package lang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker/model"
)

func (c *compiler) call(x *Call, sc scope) (evaluator, error) {
	if isDraw(x) {
		return c.drawCall(x, sc)
	}
	var args []evaluator
	for _, a := range x.Args {
		ev, err := c.expr(a, sc)
		if err != nil {
			return nil, err
		}
		args = append(args, ev)
	}
	switch {
	case x.Fun.Name == "enabled" && sc.constant:
		// a domain or a parameter is evaluated before the rules exist, and reads no configuration
		return nil, c.errorf(x.Fun.Pos, "enabled(q) reads the configuration: it has no place in a constant expression (a parameter, a domain)")
	case x.Fun.Name == "enabled" && len(args) == 1 && sc.census:
		// a census's process's own guards read its neighbourhood; another process's, beyond
		if q, ok := x.Args[0].(*Name); !ok || q.Name != "p" || innermost(sc.bound, "p") >= 0 {
			return nil, c.errorf(x.Fun.Pos, "enabled(E) of a process other than the census's reads beyond its neighbours")
		}
		return func(*env) int { return 0 }, nil // never evaluated: the census checks reads only
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
	case x.Fun.Name == "inflight" && len(args) == 2 && !sc.process && !sc.constant:
		pr := c.prog
		if pr.ch == nil {
			return nil, c.errorf(x.Fun.Pos, "inflight counts the messages of a channel, and none is declared (channel fifo(CAPACITY))")
		}
		return func(e *env) int {
			if ref := pr.chanOf(args[0](e), args[1](e)); ref >= 0 {
				return pr.ch.Len(e.s[ref])
			}
			return 0 // no channel: nothing in flight
		}, nil
	case x.Fun.Name == "abs" && len(args) == 1:
		a := args[0]
		return func(e *env) int { // its argument once: abs(abs(…)) would double at each level
			v := a(e)
			return max(v, -v)
		}, nil
	}
	return nil, c.errorf(x.Fun.Pos, "unknown function %s/%d (enabled(q) in the legitimate predicate and invariants, old(E) and moved(q) in actions, abs(x), inflight(q, r) outside rules, and flip, random(LO..HI), pick(W : E, …) in the values a rule assigns)", x.Fun.Name, len(args))
}

// Schema, Neighbors, Enabled, Fire and RuleName make a Program a model.Protocol.

func (pr *Program) Schema() *model.Schema { return pr.schema }

// Rules and Footprint make a Program a model.Footprinted: its actions' footprints, derived
// from the rules' text (footprint.go).
func (pr *Program) Rules(p int) int                    { return len(pr.inst[p]) }
func (pr *Program) Footprint(p, r int) model.Footprint { return pr.foot[p][r] }
func (pr *Program) Neighbors(p int) []int              { return pr.g.nb[p] }

// RuleName is the rule of p's r-th action, with its parameter's value: propose(p3).
func (pr *Program) RuleName(p, r int) string {
	a := pr.inst[p][r]
	cr := pr.rules[a.rule]
	var args []string
	switch {
	case cr.ofProcs:
		args = append(args, pr.g.labels[a.arg])
	case cr.param:
		args = append(args, fmt.Sprint(a.arg))
	}
	if a.recv >= 0 && len(pr.msgs[cr.recv.msg].sizes) > 0 { // a bag's receive: the message it takes
		args = append(args, pr.fieldsName(pr.file.Rules[a.rule].Receive, pr.msgs[cr.recv.msg], a.recv))
	}
	if len(args) == 0 {
		return cr.name
	}
	return cr.name + "(" + strings.Join(args, ", ") + ")"
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
	r := pr.rules[a.rule]
	if r.recv != nil {
		if _, _, ok := pr.received(e, p, r.recv, a.recv); !ok {
			return false
		}
	}
	return r.guard(e) != 0 && (len(r.sends) == 0 || pr.sendsFit(e, p, r))
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

// Try makes a Program a model.Trial: move m's guard and, if it holds, its statement on s,
// into next, with no breach recorded; false if either breaks the language's rules there.
func (pr *Program) Try(s model.State, m model.Move, next model.State) (enabled, ok bool) {
	e := &env{prog: pr, s: s, p: m.Proc, trial: true}
	if enabled = pr.holds(e, m.Proc, m.Rule); enabled && !e.failed {
		pr.fire(e, m.Proc, m.Rule, next)
	}
	return enabled, !e.failed
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
		pr.setDraws(e, pr.rules[pr.inst[m.Proc][m.Rule].rule], m.Outcome)
		pr.fire(e, m.Proc, m.Rule, next)
	}
}

// fire writes the assignments of p's i-th action, read from e.s, into next (its draws' outcome
// in e.draw: Fire sets it).
func (pr *Program) fire(e *env, p, i int, next model.State) {
	a := pr.inst[p][i]
	e.p, e.bound[0] = p, a.arg
	r := pr.rules[a.rule]
	if r.recv != nil {
		ref, kind, ok := pr.received(e, p, r.recv, a.recv)
		if ok {
			next[ref], ok = pr.ch.Take(next[ref], kind) // before the sends: a push in the same step adds at the tail
		}
		if !ok {
			e.fail(r.recv.at, "%s fires rule %s without its message in its channel", pr.g.proc(p), r.name)
			return
		}
	}
	var written []int // where the rule writes through an index: the variables this move wrote
	for _, as := range r.assigns {
		q := p
		if as.index != nil {
			var ok bool
			if q, ok = pr.sharedTarget(e, p, a.rule, as); !ok {
				continue
			}
		}
		v := as.value(e)
		raw, ok := pr.encode(as.v, q, v)
		if !ok {
			format, args := pr.outside(as, p, q, a.rule, v)
			e.fail(as.at, format, args...)
			continue
		}
		ref := pr.refs[as.v][q]
		if r.indexed {
			if slices.Contains(written, ref) {
				e.fail(as.at, "rule %s of %s writes %s[%s] twice in one move", r.name, procName{pr.g, p}, pr.vars[as.v].name, procName{pr.g, q})
				continue
			}
			written = append(written, ref)
		}
		next[ref] = raw
	}
	if len(r.sends) > 0 {
		pr.pushSends(e, p, r, next) // after the assignments, which read the old configuration
	}
}

// AppendCentral writes the central daemon's successors of s (model.CentralBatch): process by
// process, action by action, with one environment for the whole state.
func (pr *Program) AppendCentral(s model.State, out *model.Batch) {
	e := pr.env(s, -1)
	defer pr.envs.Put(e)
	e.draw = e.draw[:0] // no outcomes: a draw here is a model error (the daemon batches only without coins)
	for p := range pr.g.n {
		for i := range pr.inst[p] {
			if pr.holds(e, p, i) {
				pr.fire(e, p, i, out.Central(s, p))
			}
		}
	}
}

// Legit is the legitimate predicate.
func (pr *Program) Legit(s model.State) bool { return pr.eval(pr.legit, s, nil, nil) }

// Invariants are the file's invariants, by name, each with its census of local facts where it
// is written as one (Form; nil otherwise).
func (pr *Program) Invariants() []model.Property {
	var out []model.Property
	for i, inv := range pr.file.Invariants {
		ev := pr.invs[i]
		out = append(out, model.Property{Name: inv.Name.Name, Holds: func(s model.State) bool { return pr.eval(ev, s, nil, nil) },
			Form: pr.invForms[i]})
	}
	return out
}

// Characterisations are the file's characterise predicates, by name.
func (pr *Program) Characterisations() []model.Property {
	var out []model.Property
	for i, ch := range pr.file.Characterise {
		ev := pr.chars[i]
		out = append(out, model.Property{Name: ch.Name.Name, Holds: func(s model.State) bool { return pr.eval(ev, s, nil, nil) }})
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
			return pr.eval(ev, to, from, step.Moves)
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

// outside says what rule r of process p did, writing value v outside a's variable's domain.
// It is a format and its arguments, written only if fail keeps the breach: a run meets it at
// every step that breaks the rule.
func (pr *Program) outside(a compiledAssign, p, q, r, v int) (string, []any) {
	name := pr.vars[a.v].name
	if pr.vars[a.v].neighbors {
		return "rule %s of %s writes %s = %d, which is neither one of its neighbours nor one of its names", []any{pr.rules[r].name, procName{pr.g, p}, name, v}
	}
	if q != p {
		return "rule %s of %s writes %s[%s] = %d, outside 0..%d", []any{pr.rules[r].name, procName{pr.g, p}, name, procName{pr.g, q}, v, pr.sizes[a.v][q] - 1}
	}
	return "rule %s of %s writes %s = %d, outside 0..%d", []any{pr.rules[r].name, procName{pr.g, p}, name, v, pr.sizes[a.v][p] - 1}
}

// eval evaluates a predicate of the whole configuration s (an action's: from old by moves)
// in a pooled environment: invariants are asked of every state.
func (pr *Program) eval(ev evaluator, s, old model.State, moves []model.Move) bool {
	e := pr.env(s, -1)
	e.old, e.moves = old, moves
	v := ev(e) != 0
	e.old, e.moves = nil, nil
	pr.envs.Put(e)
	return v
}
