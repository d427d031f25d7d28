package symbolic

import (
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
)

// MaxView bounds the assignments of one process's view the engine enumerates to tabulate its
// rules (a process of degree d over domains of k values has k^(d+1) of them, times its own
// variables' next values for the relation).
const MaxView = 1 << 22

// view is what process p reads: its variables and its neighbours', by schema index, its own
// first.
type view struct {
	p    int
	vars []int
	own  []int
}

func (e *encoding) viewOf(proto model.Protocol, p int) (view, error) {
	w := view{p: p, own: e.owned[p]}
	w.vars = append(w.vars, w.own...)
	for _, q := range proto.Neighbors(p) {
		if q < 0 || q >= len(e.owned) {
			return w, fmt.Errorf("process %d has neighbour %d, outside the processes", p, q)
		}
		for _, v := range e.owned[q] {
			if !slices.Contains(w.vars, v) {
				w.vars = append(w.vars, v)
			}
		}
	}
	size := 1
	for _, v := range w.vars {
		size *= e.vars[v].size
		if size > MaxView {
			return w, fmt.Errorf("process %d's view (its variables and its neighbours') has more than %d assignments: too large to tabulate", p, MaxView)
		}
	}
	return w, nil
}

// local is one process's rules, tabulated over its view: for each assignment of the view (a
// mixed-radix index, the view's first variable least significant), the next values of the
// process's own variables for each enabled rule.
type local struct {
	view
	moves [][][]byte // moves[a][i]: the own variables' values after the i-th enabled rule
}

// tabulate evaluates proto's rules for process p on every assignment of its view, twice:
// once with every other variable at 0 and once at its largest value. The two must agree and
// every rule may write only p's variables; otherwise the protocol reads or writes outside its
// view and the engine refuses it (a relation built from its tables would be wrong).
func (e *encoding) tabulate(proto model.Protocol, w view) (*local, error) {
	size := 1
	for _, v := range w.vars {
		size *= e.vars[v].size
	}
	fills := e.fills()
	l := &local{view: w, moves: make([][][]byte, size)}
	var rules []int
	next := e.schema.NewState()
	for a := range size {
		var got [len(fills)][][]byte
		for f, s := range fills {
			e.assign(s, w.vars, a)
			rules = proto.Enabled(s, w.p, rules[:0])
			for _, r := range rules {
				copy(next, s)
				proto.Fire(s, []model.Move{{Proc: w.p, Rule: r}}, next)
				if err := writesOwn(e.schema, s, next, w.p); err != nil {
					return nil, err
				}
				own := make([]byte, len(w.own))
				for i, v := range w.own {
					own[i] = next[v]
				}
				got[f] = append(got[f], own)
			}
		}
		for f := 1; f < len(fills); f++ {
			if !slices.EqualFunc(got[0], got[f], slices.Equal) {
				return nil, fmt.Errorf("process %d's rules read a variable outside its view (its own and its neighbours'): at %s and at %s they differ",
					w.p, e.schema.Format(fills[0]), e.schema.Format(fills[f]))
			}
		}
		l.moves[a] = got[0]
	}
	return l, nil
}

// fills are the values the variables outside a view take while it is tabulated: all 0, all
// at their largest, and spread (variable v at v·7+3 modulo its domain). A rule whose result
// changes between them reads outside its view.
type fills [3]model.State

func (e *encoding) fills() fills {
	var f fills
	for i := range f {
		f[i] = e.schema.NewState()
	}
	for v, c := range e.vars {
		f[1][v] = byte(c.size - 1)
		f[2][v] = byte((v*7 + 3) % c.size)
	}
	return f
}

// assign writes view assignment a (mixed radix) into s.
func (e *encoding) assign(s model.State, vars []int, a int) {
	for _, v := range vars {
		k := e.vars[v].size
		s[v] = byte(a % k)
		a /= k
	}
}

// index is the mixed-radix index of the values vals of vars.
func (e *encoding) index(vars []int, vals []int) int {
	a := 0
	for i := len(vars) - 1; i >= 0; i-- {
		a = a*e.vars[vars[i]].size + vals[i]
	}
	return a
}

func writesOwn(s *model.Schema, from, to model.State, p int) error {
	for v := range from {
		if from[v] != to[v] && s.Vars[v].Owner != model.Owner(p) {
			return fmt.Errorf("process %d's rule writes %s, which it does not own", p, s.Vars[v].Name)
		}
	}
	return nil
}

// enabled is the BDD of "process p has an enabled rule", over the current levels.
func (e *encoding) enabled(l *local) bdd.Node {
	fields := make([]field, len(l.vars))
	for i, v := range l.vars {
		fields[i] = field{v: v}
	}
	return e.table(fields, func(vals []int) bool { return len(l.moves[e.index(l.vars, vals)]) > 0 })
}

// step is the BDD of process p's moves: the view now, p's own variables next.
func (e *encoding) step(l *local) bdd.Node {
	fields := make([]field, 0, len(l.vars)+len(l.own))
	for _, v := range l.vars {
		fields = append(fields, field{v: v})
	}
	for _, v := range l.own {
		fields = append(fields, field{v: v, next: true})
	}
	n := len(l.vars)
	return e.table(fields, func(vals []int) bool {
		for _, own := range l.moves[e.index(l.vars, vals[:n])] {
			same := true
			for i, b := range own {
				same = same && int(b) == vals[n+i]
			}
			if same {
				return true
			}
		}
		return false
	})
}

// unchanged is the BDD of "process p's variables keep their values".
func (e *encoding) unchanged(p int) bdd.Node {
	a := bdd.True
	for _, v := range e.owned[p] {
		a = e.m.And(a, e.table([]field{{v: v}, {v: v, next: true}}, func(vals []int) bool { return vals[0] == vals[1] }))
	}
	return a
}

// localFact tabulates a Local over p's view as a BDD over the current levels, checking as
// tabulate does that it reads nothing else.
func (e *encoding) localFact(f form.Local, w view) (bdd.Node, error) {
	fills := e.fills()
	fields := make([]field, len(w.vars))
	for i, v := range w.vars {
		fields[i] = field{v: v}
	}
	var bad error
	a := e.table(fields, func(vals []int) bool {
		var got [len(fills)]bool
		for i, s := range fills {
			for j, v := range w.vars {
				s[v] = byte(vals[j])
			}
			got[i] = f(s, w.p)
			if got[i] != got[0] && bad == nil {
				bad = fmt.Errorf("a local predicate of process %d reads a variable outside its view (its own and its neighbours'): at %s and at %s it differs",
					w.p, e.schema.Format(fills[0]), e.schema.Format(s))
			}
		}
		return got[0]
	})
	return a, bad
}
