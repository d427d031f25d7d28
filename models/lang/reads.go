package lang

import "slices"

// neighbourRead checks a rule's read x[I] statically, where it can: a rule reads only its
// process's and its neighbours' variables (composite atomicity over a neighbourhood).
//   - I bound over neighbors, or a pointer variable of the process: a neighbour, or a value
//     the read refuses at run time (a pointer's name);
//   - I bound over procs: a read of any process, refused here;
//   - I a function of the process alone (p, left, (p+1)%n, 0, …): evaluated for every process
//     that has the rule, and a non-neighbour or a missing one (left at a path's end) refused
//     here, unless the read is guarded (inside a branch or the right of and/or), where it may
//     never happen;
//   - anything else is checked when it is read: a breach, reported with the trace.
func (c *compiler) neighbourRead(x *Index, sc scope) error {
	if sc.procs == nil {
		return nil // the legitimate predicate and the invariants read every process
	}
	name := x.X.(*Name).Name
	if n, ok := x.I.(*Name); ok {
		if k := innermost(sc.bound, n.Name); k >= 0 {
			if sc.sets[k] == "procs" {
				return c.errorf(x.I.At(), "%s ranges over procs, and a rule reads its neighbours only: write %s in neighbors", n.Name, n.Name)
			}
			return nil
		}
	}
	if !c.processConstant(x.I, sc) {
		return nil
	}
	ev, err := c.expr(x.I, scope{process: true})
	if err != nil {
		return err
	}
	for _, p := range sc.procs {
		q, ok := c.tryAt(ev, p)
		switch {
		case !ok || sc.guarded || q >= 0 && q < c.prog.g.n && c.prog.g.reads(p, q):
			// a guarded read may never happen: it is checked if it does
		case q < 0 || q >= c.prog.g.n:
			if side, ok := x.I.(*Name); ok && (side.Name == "left" || side.Name == "right") {
				return c.errorf(x.I.At(), "%s has no %s neighbour: left and right are a ring's or a path's, and on a directed graph the one process a process reads (left) and the one that reads it (right); on other graphs quantify over neighbors", c.prog.g.proc(p), side.Name)
			}
			return c.errorf(x.I.At(), "%s would read %s of process %d, which does not exist", c.prog.g.proc(p), name, q)
		default:
			return c.errorf(x.I.At(), "%s would read %s of %s, which is not its neighbour (a rule reads its process's and its neighbours' variables)", c.prog.g.proc(p), name, c.prog.g.proc(q))
		}
	}
	return nil
}

// processConstant reports whether x depends on the process and the parameters alone (no
// variable, no bound name, no let that reads either): its value at each process is known
// before any configuration, and evaluating it reads no configuration.
func (c *compiler) processConstant(x Expr, sc scope) bool {
	switch x := x.(type) {
	case *Num, *Str:
		return true
	case *Name:
		if slices.Contains(sc.bound, x.Name) || c.varIndex(x.Name) >= 0 {
			return false
		}
		if k := c.letIndex(x.Name); k >= 0 {
			if c.expanding[k] {
				return false // a let that uses itself: its compilation says so
			}
			c.expanding[k] = true
			defer delete(c.expanding, k)
			return c.processConstant(c.file.Lets[k].Expr, sc)
		}
		return true
	case *Unary:
		return c.processConstant(x.X, sc)
	case *Binary:
		return c.processConstant(x.L, sc) && c.processConstant(x.R, sc)
	case *Cond:
		return c.processConstant(x.If, sc) && c.processConstant(x.Then, sc) && c.processConstant(x.Else, sc)
	}
	return false
}

// innermost is the slot of the innermost binding of name among the bound names, or -1: an
// inner quantifier's q hides an outer q.
func innermost(bound []string, name string) int {
	for k := len(bound) - 1; k >= 0; k-- {
		if bound[k] == name {
			return k
		}
	}
	return -1
}
