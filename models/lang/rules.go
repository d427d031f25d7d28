package lang

import "slices"

// The rules compiled: each rule for the processes that have it (its where-condition), its
// parameter's values at each, its guard, assignments, messages and coins.

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
		args, err := c.ruleArgs(r, procs)
		if err != nil {
			return err
		}
		cr, err := c.rule(r, procs)
		if err != nil {
			return err
		}
		pr.rules = append(pr.rules, cr)
		recvs := 1 // a bag's receive: one action per combination of the message's fields
		if cr.recv != nil && c.file.Channel.Bag {
			recvs = kinds(pr.msgs[cr.recv.msg].sizes)
		}
		for k, p := range procs {
			for _, arg := range args[k] {
				for recv := range recvs {
					if cr.recv == nil || !c.file.Channel.Bag {
						recv = -1
					}
					pr.inst[p] = append(pr.inst[p], action{i, arg, recv})
				}
			}
		}
	}
	return nil
}

// rule compiles one rule for the processes procs: its receive, guard, assignments, sends and
// the distribution of its draws' outcomes.
func (c *compiler) rule(r *Rule, procs []int) (*compiledRule, error) {
	sc := scope{process: true, procs: procs}
	if r.Param != nil {
		sc.bound, sc.sets = []string{r.Param.Name}, []string{setName(r.Over)}
	}
	cr := &compiledRule{name: r.Name.Name, param: r.Param != nil}
	if _, isRange := r.Over.(*Binary); r.Param != nil && !isRange {
		cr.ofProcs = true
	}
	var err error
	if r.Receive != nil {
		if cr.recv, sc, err = c.receive(r.Receive, sc); err != nil {
			return nil, err
		}
	}
	if cr.guard, err = c.expr(r.Guard, sc); err != nil {
		return nil, err
	}
	always := c.alwaysHolds(r.Guard, cr.guard, sc, procs)
	asc := sc
	asc.guarded = !always // an assignment runs only when the guard holds: where that is not sure, its reads and values are checked when it runs
	asc.draws = &cr.draws
	assigned := map[string]bool{}
	for _, a := range r.Assigns {
		if assigned[a.Var.Name] && a.Index == nil {
			return nil, c.errorf(a.Var.Pos, "rule %s assigns %s twice", r.Name.Name, a.Var.Name)
		}
		assigned[a.Var.Name] = a.Index == nil || assigned[a.Var.Name]
		ca, err := c.assign(r, a, procs, sc, asc, always)
		if err != nil {
			return nil, err
		}
		cr.assigns = append(cr.assigns, ca)
		cr.indexed = cr.indexed || ca.index != nil
	}
	for _, snd := range r.Sends {
		cs, err := c.send(snd, asc)
		if err != nil {
			return nil, err
		}
		cr.sends = append(cr.sends, cs)
	}
	if cr.outcomes, err = outcomes(cr.draws); err != nil {
		return nil, c.errorf(r.Name.Pos, "rule %s has %v", r.Name.Name, err)
	}
	return cr, nil
}

// assign compiles one assignment of rule r in scope asc, and refuses, where the guard always
// holds (always) and the value is a function of the process, a value outside the domain.
func (c *compiler) assign(r *Rule, a *Assign, procs []int, sc, asc scope, always bool) (compiledAssign, error) {
	pr := c.prog
	v := c.varIndex(a.Var.Name)
	if v < 0 {
		return compiledAssign{}, c.errorf(a.Var.Pos, "rule %s assigns %s, which is not a variable", r.Name.Name, a.Var.Name)
	}
	ev, err := c.expr(a.Value, asc)
	if err != nil {
		return compiledAssign{}, err
	}
	if a.Index != nil {
		return c.indexedAssign(r, a, v, ev, procs, sc, asc, always)
	}
	for _, p := range procs {
		if pr.refs[v][p] < 0 {
			return compiledAssign{}, c.errorf(a.Var.Pos, "rule %s of %s assigns %s, which %s has not", r.Name.Name, pr.g.proc(p), a.Var.Name, pr.g.proc(p))
		}
		if !always || !c.processConstant(a.Value, sc) {
			continue
		}
		if x, ok := c.tryAt(ev, p); ok && !fits(pr, v, p, x) {
			return compiledAssign{}, c.errorf(a.Var.Pos, "rule %s of %s would write %s = %d, outside its domain", r.Name.Name, pr.g.proc(p), a.Var.Name, x)
		}
	}
	return compiledAssign{v: v, value: ev, at: a.Var.Pos}, nil
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
