package symbolic

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
)

// form builds a model.Form as a BDD over the current levels: a Count's local fact is
// tabulated over each process's view, and the census is a counter over the processes.
func (e *encoding) form(f model.Form, views []view) (bdd.Node, error) {
	m := e.m
	switch f := f.(type) {
	case form.Count:
		if f.Procs != len(views) {
			return bdd.False, fmt.Errorf("a count over %d processes, in a protocol of %d", f.Procs, len(views))
		}
		if f.Min > f.Max || f.Max < 0 || f.Min > f.Procs {
			return bdd.False, nil
		}
		facts := make([]bdd.Node, len(views))
		for p, w := range views {
			a, err := e.localFact(f.Local, w)
			if err != nil {
				return bdd.False, err
			}
			facts[p] = a
		}
		return e.between(facts, max(f.Min, 0), min(f.Max, f.Procs)), nil
	case form.Not:
		a, err := e.form(f.Of, views)
		return m.Not(a), err
	case form.All:
		return e.fold(f, views, bdd.True, m.And)
	case form.Any:
		return e.fold(f, views, bdd.False, m.Or)
	}
	return bdd.False, fmt.Errorf("the symbolic engine does not know the form %T", f)
}

// fold combines forms with op, from unit.
func (e *encoding) fold(forms []model.Form, views []view, unit bdd.Node, op func(a, b bdd.Node) bdd.Node) (bdd.Node, error) {
	out := unit
	for _, g := range forms {
		a, err := e.form(g, views)
		if err != nil {
			return bdd.False, err
		}
		out = op(out, a)
	}
	return out, nil
}

// between is "from lo to hi of the sets hold": a counter that saturates at hi+1, so it costs
// n·(hi+2) operations rather than n².
func (e *encoding) between(sets []bdd.Node, lo, hi int) bdd.Node {
	m := e.m
	if lo == len(sets) { // every one: a conjunction
		out := bdd.True
		for _, s := range sets {
			out = m.And(out, s)
		}
		return out
	}
	count := e.tally(sets, hi+1)
	out := bdd.False
	for k := lo; k <= hi && k < len(count); k++ {
		out = m.Or(out, count[k])
	}
	return out
}

// tally[k] is the BDD of "exactly k of the sets hold", for k = 0..top-1, and tally[top] of
// "top or more" (top = len(sets): every count exact). Saturating at top costs n·(top+1)
// operations rather than n².
func (e *encoding) tally(sets []bdd.Node, top int) []bdd.Node {
	m := e.m
	count := []bdd.Node{bdd.True}
	for _, s := range sets {
		next := make([]bdd.Node, min(len(count)+1, top+1))
		for k := range next {
			next[k] = bdd.False
			if k < len(count) {
				next[k] = m.And(m.Not(s), count[k])
			}
			if k > 0 {
				next[k] = m.Or(next[k], m.And(s, count[k-1]))
			}
		}
		if len(next) == len(count) { // saturated: "top or more" stays so
			next[top] = m.Or(next[top], m.And(s, count[top]))
		}
		count = next
	}
	return count
}
