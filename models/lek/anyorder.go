package lek

import (
	"bytes"
	"fmt"
	"slices"
)

// The paper's daemon lets a selected process run until it is no longer enabled, and does not
// say in which order it takes its enabled actions. Under Readings.Order = AnyOrder the daemon
// picks that order too: each action of the run may be any enabled one. A run's outcome is
// then one of the final local states those choices reach (neighbours fixed, as in every run),
// or "runs forever" when the choices can loop. Process p's rules are its outcomes, numbered
// by the first action of the run and then in the order of their encodings, so a trace still
// names the action a run begins with and replays from indices alone. Runs that begin with
// different actions may end alike: the step is then listed once under each.

// Orders are the names of Readings.Order's values.
var Orders = []string{"textual", "any"}

const (
	// TextualOrder: a run takes the first enabled action in the paper's order, every time.
	TextualOrder = 0
	// AnyOrder: a run takes any enabled action, every time.
	AnyOrder = 1
)

// runEnd is one outcome of a run in any order: the process's final state, or a loop.
type runEnd struct {
	me      proc
	runaway bool
}

// anyOrderEnabled appends p's rules in any order: for each enabled first action a, one rule
// per outcome of the runs beginning with a (rule a + j·len(actions) for the j-th).
func (r *Ring) anyOrderEnabled(v *view, dst []int) []int {
	for a := range r.actions {
		w := *v
		if r.apply(&r.actions[a], &w); w.me == v.me {
			continue
		}
		for j := range r.runEnds(&w) {
			dst = append(dst, a+j*len(r.actions))
		}
	}
	return dst
}

// anyOrderFire is the outcome of rule of the process of v in any order.
func (r *Ring) anyOrderFire(v *view, rule int) runEnd {
	w := *v
	r.apply(&r.actions[rule%len(r.actions)], &w)
	ends := r.runEnds(&w)
	return ends[min(rule/len(r.actions), len(ends)-1)]
}

// runEnds lists the outcomes of the runs in any order from v.me (once a first action has been
// taken): every final local state reachable, in the order of their encodings, then a loop if
// one is reachable (at the state that first closes one, in the search's order).
func (r *Ring) runEnds(v *view) []runEnd {
	const (
		onPath = 1
		done   = 2
	)
	mark := map[proc]int{}
	var finals []proc
	var loop *proc
	var visit func(me proc)
	visit = func(me proc) {
		mark[me] = onPath
		final := true
		for a := range r.actions {
			w := view{me: me, l: v.l, r: v.r}
			if r.apply(&r.actions[a], &w); w.me == me {
				continue
			}
			final = false
			switch mark[w.me] {
			case 0:
				visit(w.me)
			case onPath:
				if loop == nil {
					loop = &w.me
				}
			}
		}
		if final {
			finals = append(finals, me)
		}
		mark[me] = done
	}
	visit(v.me)
	ends := make([]runEnd, 0, len(finals)+1)
	for _, x := range finals {
		ends = append(ends, runEnd{me: x})
	}
	slices.SortFunc(ends, func(a, b runEnd) int { return bytes.Compare(r.f.bytes(&a.me), r.f.bytes(&b.me)) })
	if loop != nil {
		ends = append(ends, runEnd{me: *loop, runaway: true})
	}
	return ends
}

// anyOrderName names a rule in any order: its first action, and which of its outcomes.
func (r *Ring) anyOrderName(rule int) string {
	return fmt.Sprintf("%s, then any order (outcome %d)", r.actions[rule%len(r.actions)].name, rule/len(r.actions)+1)
}
