package lang

import "slices"

// Shared variables: `shared var x : D` declares x at every process, as var does, but x is a
// variable of the network (channel.DeclareNetwork), which the process and its neighbours all
// write: a rule of p assigns x[q] := V for q = p or a neighbour of p. It is how a move hands
// something to a neighbour without a message, as Israeli and Jalfon's token passing does (and
// PRISM's global variables). Two moves of one step could write one variable, so a file with a
// shared variable runs one event a step, the central daemon only, as a file with channels.

// sharedOf are the variables of shared variable v that a rule of p may write: p's and its
// neighbours' (those that have v).
func (pr *Program) sharedOf(v, p int) []int {
	var out []int
	for _, q := range append([]int{p}, pr.g.nb[p]...) {
		if ref := pr.refs[v][q]; ref >= 0 && !slices.Contains(out, ref) {
			out = append(out, ref)
		}
	}
	return out
}

// indexedAssign compiles rule r's x[INDEX] := VALUE (ev, already compiled), for x shared.
// Where the guard always holds and the index is a function of the process, a process that is
// neither p nor a neighbour, or has no x, is refused here; elsewhere the step that writes it
// is a breach (sharedTarget).
func (c *compiler) indexedAssign(r *Rule, a *Assign, v int, ev evaluator, procs []int, sc, asc scope, always bool) (compiledAssign, error) {
	pr := c.prog
	if !pr.vars[v].shared {
		return compiledAssign{}, c.errorf(a.Var.Pos, "rule %s assigns %s[...], but a rule assigns only its own process's variables: write %s := ..., or declare it shared var %s", r.Name.Name, a.Var.Name, a.Var.Name, a.Var.Name)
	}
	index, err := c.expr(a.Index, asc)
	if err != nil {
		return compiledAssign{}, err
	}
	if always && c.processConstant(a.Index, sc) {
		for _, p := range procs {
			q, ok := c.tryAt(index, p)
			if !ok {
				continue
			}
			if why := pr.unwritable(v, p, q); why != "" {
				return compiledAssign{}, c.errorf(start(a.Index), "rule %s of %s assigns %s[%d]: %s", r.Name.Name, pr.g.proc(p), a.Var.Name, q, why)
			}
		}
	}
	return compiledAssign{v: v, index: index, value: ev, at: a.Var.Pos}, nil
}

// unwritable says why p may not write shared variable v of process q, or "".
func (pr *Program) unwritable(v, p, q int) string {
	switch {
	case q < 0 || q >= pr.g.n:
		return "no such process"
	case q != p && !slices.Contains(pr.g.nb[p], q):
		return "a rule writes only its process's and its neighbours' variables"
	case pr.refs[v][q] < 0:
		return "that process has no " + pr.vars[v].name
	}
	return ""
}

// sharedTarget evaluates the index of p's assignment as (of rule r) in e: the process whose
// variable it writes, or false and a breach.
func (pr *Program) sharedTarget(e *env, p, r int, as compiledAssign) (int, bool) {
	q := as.index(e)
	if why := pr.unwritable(as.v, p, q); why != "" {
		e.fail(as.at, "rule %s of %s assigns %s[%d]: %s", pr.rules[r].name, procName{pr.g, p}, pr.vars[as.v].name, q, why)
		return 0, false
	}
	return q, true
}

// OneEvent says why the file runs one event a step (the central daemon only): it passes
// messages on channels, or a move writes a neighbour's shared variable; "" where it does not.
func (f *File) OneEvent() string {
	switch {
	case f.Channel != nil:
		return "it passes messages on channels, one event a step"
	case slices.ContainsFunc(f.Vars, func(v *Var) bool { return v.Shared }):
		return "a move writes its neighbours' shared variables, which two moves of one step could both write"
	}
	return ""
}
