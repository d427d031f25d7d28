package por

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
)

// Name is the reduction's name, as Traits.Reduced and --reduce say it.
const Name = "por"

// reduced is a protocol under the central daemon, maybe with faults, whose successors are
// those of a stubborn set's moves (see doc.go for what it keeps, and why).
type reduced struct {
	base   model.Model // the unreduced model
	procs  model.Processes
	pr     model.Protocol // the protocol under the daemon (through the lint, with --lint)
	sets   *Sets
	budget faults.Budget   // nil without faults
	width  int             // the protocol's configuration: a prefix of the model's
	goal   model.Predicate // where the checks' executions end, each silent; nil: none
	limit  *firstLimit     // shared by the forks
	fork   bool            // a forked copy: enabled is its own
	on     [][]int         // a forked copy's scratch: every process's enabled rules
}

// Reduce is m explored through stubborn sets. m is a protocol under the central daemon
// (model.Daemonize), or such a model with faults (faults.With) whose budget is spent before
// anything is reduced; the protocol declares its footprints (model.Footprinted). goal is
// where the checks' executions must end (the legitimate set, or recovery's end), nil when
// only deadlocks are checked: the reduction keeps convergence to it only if every goal
// configuration is silent, so Reduce must be able to see them all. The goal must be the
// legitimate set the checker is then asked to check (Spec.Legit; for recovery, its end),
// as the command line gives both: the table (silent-goal) can only see that one was given. It checks those of a
// model that starts from its universe as it expands them (the run stops, inconclusive, at a
// goal configuration with a move: Limit), and a recovery's up front, among its starts, which
// hold every goal configuration when the end is the start itself or when the starts are every
// legitimate configuration of the universe. Other goals are refused.
func Reduce(m model.Model, goal model.Predicate) (model.Model, error) {
	r := &reduced{base: m, goal: goal, limit: new(firstLimit)}
	daemonModel := m
	if b, ok := m.(faults.Budget); ok {
		r.budget = b
		daemonModel = m.(model.Wrapper).Unwrap()
	}
	pr, d, ok := model.ProtocolOf(daemonModel)
	switch {
	case !ok:
		return nil, errors.New("the partial-order reduction needs a protocol under a daemon (model.Daemonize), maybe with faults (faults.With)")
	case d != model.Central:
		return nil, fmt.Errorf("the partial-order reduction is built for the central daemon (one move a step), not the %s daemon", d)
	case model.TraitsOf(m).Probabilistic:
		return nil, errors.New("the partial-order reduction does not apply to randomized protocols")
	}
	foot, ok := model.FootprintsOf(pr)
	if !ok {
		return nil, errors.New("the partial-order reduction needs the protocol's footprints (model.Footprinted): a protocol file has them; a Go protocol declares them")
	}
	r.pr, r.sets, r.width = pr, newSets(pr, foot), pr.Schema().Width()
	r.procs, _ = model.ProcessesOf(m)
	if err := r.goalSeen(daemonModel); err != nil {
		return nil, err
	}
	return r, nil
}

// goalSeen checks that every goal configuration will be seen silent: those of a universe as
// they are expanded, a recovery's among its starts now.
func (r *reduced) goalSeen(daemonModel model.Model) error {
	if r.goal == nil {
		return nil
	}
	if r.budget == nil {
		// Every configuration initial, so every goal configuration is expanded and seen: not
		// with a restriction (model.Where), whose goal configurations outside it closure
		// would never see.
		if where, universe := model.InitOverUniverse(r.base); !universe || where != nil {
			return errors.New("the partial-order reduction keeps convergence and closure only from every configuration (where it sees every legitimate one silent), and this model starts from some")
		}
		return nil
	}
	if _, universe := model.InitOverUniverse(daemonModel); !r.budget.FaultSpec().KeepStart && !universe {
		return errors.New("the partial-order reduction keeps recovery only where it sees every configuration a recovery ends in silent: " +
			"with a model that lists its initial configurations, ask for the start itself (--end start)")
	}
	var err error
	r.base.Init(func(s model.State) bool {
		if p, rule, moves := r.firstEnabled(s); moves {
			err = fmt.Errorf("the partial-order reduction keeps recovery only to silent configurations, and the start %s enables %s's %s",
				r.pr.Schema().Format(s[:r.width]), r.pr.Schema().ProcName(p), r.pr.RuleName(p, rule))
		}
		return err == nil
	})
	return err
}

// firstEnabled is the first enabled move at s, if any.
func (r *reduced) firstEnabled(s model.State) (p, rule int, ok bool) {
	for p := range r.pr.Schema().Procs() {
		if rules := r.pr.Enabled(s[:r.width], p, nil); len(rules) > 0 {
			return p, rules[0], true
		}
	}
	return 0, 0, false
}

// Successors yields the base model's successors through the moves of a stubborn set at s, in
// the base's order and with its step indices (a trace replays through the base), or all of
// them where faults are left.
func (r *reduced) Successors(s model.State, yield func(model.Step, model.State) bool) {
	if r.budget != nil && r.budget.Left(s) > 0 {
		r.base.Successors(s, yield)
		return
	}
	on := r.enabled(s)
	moves, all := r.sets.Stubborn(on)
	if len(moves) > 0 && r.goal != nil && r.goal(s) {
		r.limit.set(fmt.Errorf("the partial-order reduction keeps convergence only to silent configurations, and %s, in the goal, enables %s's %s",
			r.pr.Schema().Format(s[:r.width]), r.pr.Schema().ProcName(moves[0].Proc), r.pr.RuleName(moves[0].Proc, moves[0].Rule)))
		return
	}
	r.base.Successors(s, func(st model.Step, t model.State) bool {
		if !all && !st.Fault && !stubborn(moves, st.Moves[0]) {
			return true
		}
		return yield(st, t)
	})
}

// enabled is every process's enabled rules at s, in the fork's scratch.
func (r *reduced) enabled(s model.State) [][]int {
	on := r.on
	if !r.fork {
		on = make([][]int, r.pr.Schema().Procs())
	}
	for p := range on {
		on[p] = r.pr.Enabled(s[:r.width], p, on[p][:0])
	}
	return on
}

// stubborn reports whether mv is one of moves.
func stubborn(moves []model.Move, mv model.Move) bool {
	for _, m := range moves {
		if m.Proc == mv.Proc && m.Rule == mv.Rule {
			return true
		}
	}
	return false
}

func (r *reduced) Schema() *model.Schema             { return r.base.Schema() }
func (r *reduced) Init(yield func(model.State) bool) { r.base.Init(yield) }
func (r *reduced) Unwrap() model.Model               { return r.base }

// Goal is where the checks' executions end, seen silent; nil: deadlocks only.
func (r *reduced) Goal() model.Predicate { return r.goal }

// Unreduced is the model every trace of the reduction is an execution of, and is replayed
// through.
func (r *reduced) Unreduced() model.Model { return r.base }

// The reduction does not say that it starts from its universe (UniverseInit), though it
// keeps the base's initial configurations: it is explored by BFS over a hashed store, whose
// explorer stops at a limit (Limit: a goal configuration with a move), which the dense
// store's implicit graph would not see.

func (r *reduced) Procs() int                       { return r.procs.Procs() }
func (r *reduced) EnabledMask(s model.State) uint64 { return r.procs.EnabledMask(s) }
func (r *reduced) RuleName(p, rule int) string      { return r.procs.RuleName(p, rule) }

// Traits are the base's, reduced: the configurations a run reaches and its steps are fewer.
func (r *reduced) Traits() model.Traits {
	t := model.TraitsOf(r.base)
	t.Reduced = Name
	t.Identity = Name + " over " + t.Identity
	return t
}

// Fork gives a worker a copy with scratch of its own, over its own fork of the base.
func (r *reduced) Fork() model.Model {
	c := *r
	if fork := model.BehaviourOf(r.base).Fork; fork != nil {
		c.base = fork()
	}
	c.fork, c.on = true, make([][]int, r.pr.Schema().Procs())
	return &c
}

// Limit is the first goal configuration met with a move, else the base's limit.
func (r *reduced) Limit() error {
	if err := r.limit.get(); err != nil {
		return err
	}
	if limit := model.BehaviourOf(r.base).Limit; limit != nil {
		return limit()
	}
	return nil
}

// Violation is the base's breach of the protocol contract, if any.
func (r *reduced) Violation() error {
	if violation := model.BehaviourOf(r.base).Violation; violation != nil {
		return violation()
	}
	return nil
}

// Reduction is a model explored through stubborn sets (Reduce).
type Reduction interface {
	model.Model
	Unreduced() model.Model
	// Goal is the goal Reduce was given: the legitimate set the checks must use, or nil.
	Goal() model.Predicate
}

// ReductionOf is m as a partial-order reduction, if it is one (it does not look through
// wrappers: the reduction is outermost).
func ReductionOf(m model.Model) (Reduction, bool) {
	r, ok := m.(*reduced)
	return r, ok
}

// firstLimit is the first limit met, safe for concurrent use.
type firstLimit struct{ err atomic.Pointer[error] }

func (f *firstLimit) set(err error) { f.err.CompareAndSwap(nil, &err) }

func (f *firstLimit) get() error {
	if e := f.err.Load(); e != nil {
		return *e
	}
	return nil
}
