package faults

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/checker/plural"
)

// Faults at any time: a fault rewrites what one process owns, as often as a budget allows,
// before or during recovery. The budget left is part of the configuration, so that the
// explorer checks every interleaving of faults and moves; a fault is a step of its own
// (Step.Fault), named "fault" in traces, which rewrites at least one variable.

// Rule is the rule a fault step's move names (RuleName gives "fault").
const Rule = -1

// Spec says which faults may hit.
type Spec struct {
	// Budget is the most faults an execution suffers (k ≥ 1).
	Budget int
	// Vars restricts faults to the variables named so, or whose name is one of them followed
	// by a process number (x for x0, x1, …; x1 for x10, x11, …); nil: every variable a process
	// owns.
	Vars []string
	// Values restricts the values a fault writes (a value outside a variable's domain is
	// skipped); nil: every value of the domain.
	Values []byte
	// KeepStart keeps, as ghost variables named name@start, the configuration an execution
	// started from, for the end condition "back where it started" (Start).
	KeepStart bool
	// OneVariable: a fault rewrites one variable (or record) of one process; otherwise any
	// of them at once.
	OneVariable bool
}

// String states the restriction, for reports.
func (f Spec) String() string {
	s := "at most " + plural.Count(f.Budget, "fault") + ", each rewriting"
	switch {
	case f.Vars == nil && f.OneVariable:
		s += " one variable of one process"
	case f.Vars == nil:
		s += " any variables of one process"
	case f.OneVariable:
		s += " one of the variables " + strings.Join(f.Vars, ", ") + " of one process"
	default:
		s += " the variables " + strings.Join(f.Vars, ", ") + " of one process"
	}
	if f.Values != nil {
		var vals []string
		for _, v := range f.Values {
			vals = append(vals, fmt.Sprint(v))
		}
		s += " to values in {" + strings.Join(vals, ", ") + "}"
	}
	return s + ", at any time"
}

// MaxBudget bounds k: the budget is one byte of the configuration.
const MaxBudget = 32

// faulty is a model whose executions suffer faults. Its configurations are the base model's
// followed by one byte: the faults left.
type faulty struct {
	base   model.Model
	procs  model.Processes
	spec   Spec
	schema *model.Schema
	init   []model.State
	legit  model.Predicate
	digits [][]faultDigit // per process, the variables (and records) faults rewrite
	// A forked copy's buffers (Fork): the successor, a fault's move, a process's choices of
	// values. Nil in the shared model, which allocates: it may serve several callers at once.
	next   model.State
	move   []model.Move
	choice []int
}

// With is m (a model of processes, such as a daemon's) from the configurations from,
// with spec.Budget faults to spend. A configuration outside the end condition (legit, or with
// KeepStart the start) where no process can move suffers no fault: an execution may stop
// there, which is already a failure, so it stays a deadlock for the checks to report.
func With(m model.Model, spec Spec, from []model.State, legit model.Predicate) (model.Model, error) {
	procs, ok := m.(model.Processes)
	_, quotient := symmetry.QuotientOf(m)
	switch {
	case quotient:
		return nil, fmt.Errorf("faults hit one process, which a symmetry reduction does not tell from the others: recovery is refused with symmetry")
	case !ok:
		return nil, fmt.Errorf("faults hit processes: the model has none")
	case spec.Budget < 1 || spec.Budget > MaxBudget:
		return nil, fmt.Errorf("the fault budget must be 1..%d, not %d", MaxBudget, spec.Budget)
	case len(from) == 0:
		return nil, fmt.Errorf("faults need configurations to start from")
	}
	base := m.Schema()
	vars := slices.Clone(base.Vars)
	if spec.KeepStart {
		for _, v := range base.Vars {
			vars = append(vars, model.Var{Name: v.Name + "@start", Owner: model.Global, Domain: v.Domain,
				Doc: "x@start: x in the configuration the run started from, where it must end"})
		}
	}
	vars = append(vars, model.Var{Name: "faults left", Owner: model.Global, Domain: model.Range(spec.Budget + 1), Doc: "the faults the run may still make"})
	sch, err := base.Extend(vars[len(base.Vars):]...)
	if err != nil {
		return nil, err
	}
	f := &faulty{base: m, procs: procs, spec: spec, schema: sch, legit: legit}
	if err := f.faultable(); err != nil {
		return nil, err
	}
	for _, s := range from {
		if err := base.Valid(s); err != nil {
			return nil, fmt.Errorf("initial state: %w", err)
		}
		start := s.Clone()
		if spec.KeepStart {
			start = append(start, s...)
		}
		f.init = append(f.init, append(start, byte(spec.Budget)))
	}
	return f, nil
}

// faultable lists each process's fault variables and their candidate values.
func (f *faulty) faultable() error {
	matched, err := f.faultDigits(recordsOf(f.base))
	if err != nil {
		return err
	}
	for _, name := range f.spec.Vars {
		if !matched[name] {
			return fmt.Errorf("no variable of a process is named %s (or %s followed by a process)", name, name)
		}
	}
	for _, digits := range f.digits {
		for _, d := range digits {
			if len(d.values) > 0 {
				return nil
			}
		}
	}
	return fmt.Errorf("no fault can hit: %s, and no variable faults may rewrite has such a value in its domain", f.spec)
}

// chosen reports whether faults rewrite the variable named name, and under which name.
func (f *faulty) chosen(name string) (string, bool) {
	if f.spec.Vars == nil {
		return "", true
	}
	for _, want := range f.spec.Vars {
		// the name, or the name followed by a process number: x for x0, x12; x1 for x10, x11
		// (stripping every trailing digit would make a base name that ends in one unnamable)
		if rest, ok := strings.CutPrefix(name, want); ok && strings.Trim(rest, "0123456789") == "" {
			return want, true
		}
	}
	return "", false
}

func (f *faulty) Schema() *model.Schema { return f.schema }

func (f *faulty) Init(yield func(model.State) bool) {
	for _, s := range f.init {
		if !yield(s) {
			return
		}
	}
}

// Successors: the base model's steps, the faults left unchanged; then, while faults are left,
// every fault of every process in order.
func (f *faulty) Successors(s model.State, yield func(model.Step, model.State) bool) {
	w := f.base.Schema().Width()
	left := s[len(s)-1]
	next := f.next
	if next == nil {
		next = make(model.State, len(s))
	}
	copy(next, s)
	index, moved, stop := 0, false, false
	f.base.Successors(s[:w], func(st model.Step, t model.State) bool {
		moved = true
		copy(next, t) // the start and the budget stay as they are
		next[len(s)-1] = left
		st.Index = index
		index++
		stop = !yield(st, next)
		return !stop
	})
	if stop || left == 0 || !moved && !f.ended(s) {
		return
	}
	for p, digits := range f.digits {
		if !f.faultsOf(p, digits, s, next, &index, yield) {
			return
		}
	}
}

// ended is the end condition at s: back at the start with KeepStart, else legitimate.
func (f *faulty) ended(s model.State) bool {
	w := f.base.Schema().Width()
	if f.spec.KeepStart {
		return string(s[:w]) == string(s[w:2*w])
	}
	return f.legit(s[:w])
}

// faultsOf yields every rewrite of process p's fault variables that changes one: with
// OneVariable each variable alone, to each of its values in order; otherwise every
// combination, in the mixed-radix order of their choices, where each variable either keeps
// its value or takes one of its candidates (so the process scope contains the variable
// scope even when the candidates are restricted and leave out the value a variable holds).
func (f *faulty) faultsOf(p int, digits []faultDigit, s, next model.State, index *int, yield func(model.Step, model.State) bool) bool {
	if len(digits) == 0 {
		return true
	}
	moves := f.move
	if moves == nil {
		moves = make([]model.Move, 1)
	}
	moves[0] = model.Move{Proc: p, Rule: Rule} // a step's moves are read during its yield only
	emit := func() bool {
		next[len(s)-1]--
		ok := yield(model.Step{Index: *index, Choice: *index, Moves: moves, Fault: true}, next) // a choice of its own: the base's are numbered below its first fault's index
		*index++
		return ok
	}
	if f.spec.OneVariable {
		for _, d := range digits {
			for i := range d.values {
				copy(next, s)
				if d.write(s, next, i) && !emit() {
					return false
				}
			}
		}
		return true
	}
	// choices[i] is digit i's choice: 0..len(values)-1 a candidate, len(values) "keep", which
	// is offered only when the variable holds none of its candidates (otherwise keeping it is
	// writing that candidate, and the step would be yielded twice).
	scratch := f.choice
	if f.next == nil || cap(scratch) < 2*len(digits) {
		scratch = make([]int, 2*len(digits))
	}
	scratch = scratch[:2*len(digits)]
	clear(scratch)
	choices, radix := scratch[:len(digits)], scratch[len(digits):]
	for i, d := range digits {
		radix[i] = len(d.values)
		if !d.holdsCandidate(s) {
			radix[i]++
		}
	}
	for {
		copy(next, s)
		changed := false
		for i, d := range digits {
			if choices[i] < len(d.values) {
				changed = d.write(s, next, choices[i]) || changed
			}
		}
		if changed && !emit() {
			return false
		}
		if !advance(choices, radix) {
			return true
		}
	}
}

// advance steps the mixed-radix odometer of choices (digit 0 fastest), and reports false when
// it wraps around to every digit 0: every combination has been met.
func advance(choices, radix []int) bool {
	for i := range choices {
		if choices[i]++; choices[i] < radix[i] {
			return true
		}
		choices[i] = 0
	}
	return false
}

// Limit is the base model's (model.Behaviour.Limit).
func (f *faulty) Limit() error {
	if limit := model.BehaviourOf(f.base).Limit; limit != nil {
		return limit()
	}
	return nil
}

// Violation is the base model's breach of the contract (model.Behaviour.Violation), if it
// has one.
func (f *faulty) Violation() error {
	if violation := model.BehaviourOf(f.base).Violation; violation != nil {
		return violation()
	}
	return nil
}

// Fork gives a worker a copy with a buffer of its own, and its own fork of the base.
func (f *faulty) Fork() model.Model {
	c := *f
	if fork := model.BehaviourOf(f.base).Fork; fork != nil {
		c.base = fork()
	}
	most := 0
	for _, digits := range f.digits {
		most = max(most, 2*len(digits))
	}
	c.next, c.move, c.choice = f.schema.NewState(), make([]model.Move, 1), make([]int, most)
	return &c
}

func (f *faulty) Procs() int { return f.procs.Procs() }
func (f *faulty) EnabledMask(s model.State) uint64 {
	return f.procs.EnabledMask(f.Base(s))
}

func (f *faulty) RuleName(p, r int) string {
	if r == Rule {
		return "fault"
	}
	return f.procs.RuleName(p, r)
}

// Traits are the base model's but two: a fault is a step that is no process's move, so a
// step is not known to be one move, and the relation is named with its faults (for
// checkpoints). Faults take no time (a timed base stays timed), and a fault is a choice of the
// environment, of probability 1 (a probabilistic base stays probabilistic).
func (f *faulty) Traits() model.Traits {
	t := model.TraitsOf(f.base)
	t.OneMovePerStep = false
	t.Identity += " with " + f.spec.String()
	return t
}

// Budget is implemented by models that suffer faults: the budget they started with, and
// the faults left in a configuration.
type Budget interface {
	FaultSpec() Spec
	Left(s model.State) int
}

func (f *faulty) FaultSpec() Spec { return f.spec }

// Left is the faults an execution may still make from s.
func (f *faulty) Left(s model.State) int { return int(s[len(s)-1]) }

// Unwrap is the model the faults hit.
func (f *faulty) Unwrap() model.Model { return f.base }

// Base is the configuration of the base model within a faulty model's configuration s.
func (f *faulty) Base(s model.State) model.State { return s[:f.base.Schema().Width()] }

// Start is the end condition "back in the configuration the execution started from", on the
// configurations of a model with faults that keeps its start (Spec.KeepStart).
func Start(m model.Model) (model.Predicate, error) {
	f, ok := m.(*faulty)
	if !ok || !f.spec.KeepStart {
		return nil, fmt.Errorf("the end condition \"start\" needs a model with faults that keeps its start")
	}
	w := f.base.Schema().Width()
	return func(s model.State) bool { return string(s[:w]) == string(s[w:2*w]) }, nil
}

// OnBase lifts a predicate of the base model's configurations to a model with faults.
func OnBase(m model.Model, p model.Predicate) model.Predicate {
	f, ok := m.(*faulty)
	if !ok {
		return p
	}
	w := f.base.Schema().Width()
	return func(s model.State) bool { return p(s[:w]) }
}

// BudgetOf is m's fault budget, looking through the models that wrap it (model.As); false for
// a model without faults. It is the one question the checker asks about faults: whether the
// recovery check applies, and with what budget.
func BudgetOf(m model.Model) (Budget, bool) { return model.As[Budget](m) }
