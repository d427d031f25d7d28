package model

import "github.com/mc-checker/mc/checker/model/prob"

// Step is one transition of a model, as the explorer sees it.
type Step struct {
	// Index is the position of this successor in the model's deterministic order, so a trace
	// is replayed from indices alone.
	Index int
	// Moves lists the process actions of the step; it is only valid during the yield call.
	// A model without processes leaves it empty and every step counts as one move.
	Moves []Move
	// Ticks is the time the step takes, in a timed model: 1 for a clock tick, else 0.
	Ticks int
	// Fault marks a step of the environment that corrupts a process (WithFaults): it is no
	// move of the process, counts as no move, and serves no fairness.
	Fault bool
	// Choice and Prob, in a Probabilistic model: the steps with one Choice are the outcomes
	// of one choice of the scheduler (consecutive, in Index order), and Prob is this
	// outcome's probability given that choice (the zero Prob is 1).
	Choice int
	Prob   prob.Prob
}

// Movers has bit p set iff process p moves in the step (for p < MaxFairProcs).
func (st Step) Movers() uint64 {
	if st.Fault {
		return 0
	}
	var m uint64
	for _, mv := range st.Moves {
		if mv.Proc >= 0 && mv.Proc < MaxFairProcs {
			m |= 1 << mv.Proc
		}
	}
	return m
}

// MoveCount is the number of process actions a step contributes to "moves".
func (st Step) MoveCount() int {
	if st.Fault {
		return 0
	}
	if len(st.Moves) == 0 {
		return 1
	}
	return len(st.Moves)
}

// Model is a transition system over the states of a schema: what the explorer checks.
// Protocols become models through a daemon (Daemonize); a hand-written Model is checked by the
// same explorer.
type Model interface {
	Schema() *Schema
	// Init yields the initial states. Models whose initial set is described over the universe
	// also say so (a method UniverseInit, see InitOverUniverse), which lets the checker use the
	// dense store instead.
	Init(yield func(State) bool)
	// Successors yields the successors of s in a deterministic order; the State passed to
	// yield is only valid during the call.
	Successors(s State, yield func(Step, State) bool)
}

// universal is implemented by models whose initial set is every configuration of the schema,
// "an arbitrary initial state" in self-stabilization, or those of them that satisfy a
// predicate (a bounded model whose variables may grow past their initial range): ask
// InitOverUniverse. Init lists them in rank order (variable 0 the least significant digit,
// as universe.Universe.Next steps), so that the hashed explorer may list every configuration
// itself, in parallel, and number them as Init would.
type universal interface {
	// UniverseInit reports whether the initial set is described over the universe and, if it
	// is restricted, the predicate that selects it (nil: every configuration).
	UniverseInit() (where Predicate, ok bool)
}

// Processes is implemented by models whose steps are moves of processes; weak fairness and the
// marking of enabled processes in traces need it.
type Processes interface {
	Procs() int
	// EnabledMask has bit p set iff process p has an enabled rule in s.
	EnabledMask(s State) uint64
	// RuleName names rule r of process p.
	RuleName(p, r int) string
}

// ProcessesOf is m's processes if its steps are moves of processes: the one question the
// checker and its reports ask about them (how many, which are enabled, the rules' names).
// It does not look through wrappers: a model over another says itself whether it has
// processes (a model with faults does, a symmetry reduction does not).
func ProcessesOf(m Model) (Processes, bool) {
	p, ok := m.(Processes)
	return p, ok
}

// MaxFairProcs is the number of processes weak fairness can track, one bit each.
const MaxFairProcs = 64

// InitOverUniverse reports whether m's initial set is described over its universe and, if
// it is restricted, the predicate that selects it (nil: every configuration): whether m has a
// method UniverseInit() (Predicate, bool) that says so.
func InitOverUniverse(m Model) (where Predicate, ok bool) {
	if u, ok := m.(universal); ok {
		return u.UniverseInit()
	}
	return nil, false
}

// Clocked is implemented by protocols with a clock process whose moves are ticks of time.
type Clocked interface {
	Clock() int
}

// Wrapper is implemented by models built over another (ByRotation's quotient, WithFaults):
// Unwrap is the model underneath. What the model is (Traits) a wrapper copies from it and
// edits; As looks through it for the behaviour it does not change.
type Wrapper interface {
	Unwrap() Model
}

// As is the first of m and the models it wraps (Wrapper) that implements T, looking at most
// 64 deep (a wrapper that unwraps to itself would otherwise loop forever).
func As[T any](m Model) (T, bool) {
	for depth := 0; m != nil && depth < 64; depth++ {
		if t, ok := m.(T); ok {
			return t, true
		}
		w, ok := m.(Wrapper)
		if !ok {
			break
		}
		m = w.Unwrap()
	}
	var zero T
	return zero, false
}

// Audited is implemented by models that check the protocol contract as they run (Daemonize
// with WithLint), and by protocols that check their own rules (a compiled protocol file):
// Violation is the first breach found so far, or nil. A model that breaks its contract has no
// verdict: the checker returns the breach as an error.
type Audited interface {
	Violation() error
}

// Behaviour is what a model does beyond Model, each nil where it does not: the explorer asks
// once (BehaviourOf) rather than probe the model with a type assertion per question. A model
// has one by having the method each field names; Daemonize's models have all four, and the
// library's wrappers (symmetry.ByRotation, faults.With) fork and forward their base's.
type Behaviour struct {
	// Fork (a method Fork() Model) gives a copy with scratch buffers of its own, for the
	// exclusive use of one goroutine, so that the explorer's workers expand states without
	// locks or allocations.
	Fork func() Model
	// Batch (AppendSuccessors(s State, out *Batch) bool) appends every successor of s at
	// once, in Successors' order, with no call per successor, and reports false, appending
	// nothing, if it cannot for this model (then Successors must be used). The explorer uses
	// it when it needs no more of a step than its index, moves and ticks.
	Batch func(s State, out *Batch) bool
	// Limit (Limit() error) is the first limit of its own the model met while it enumerated
	// successors, such as a daemon asked for the subsets of too many enabled processes, or
	// nil. The successors of the state that met it are incomplete, so the explorer stops there
	// and the run is inconclusive. Forks share their model's limit, and a limit once met
	// stays: build a new model for another run.
	Limit func() error
	// Violation (Audited) is the first breach of the protocol contract the model found, or nil.
	Violation func() error
}

// BehaviourOf is what m does beyond Model. It does not look through wrappers: a wrapper
// forks itself and forwards what its base does.
func BehaviourOf(m Model) Behaviour {
	var b Behaviour
	if f, ok := m.(interface{ Fork() Model }); ok {
		b.Fork = f.Fork
	}
	if x, ok := m.(interface {
		AppendSuccessors(s State, out *Batch) bool
	}); ok {
		b.Batch = x.AppendSuccessors
	}
	if l, ok := m.(interface{ Limit() error }); ok {
		b.Limit = l.Limit
	}
	if a, ok := m.(Audited); ok {
		b.Violation = a.Violation
	}
	return b
}
