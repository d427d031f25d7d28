package checker

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
)

// Verdict is the three-valued outcome of a check. Inconclusive is never a pass: a bound, a time
// limit or an interruption stopped the search before it could decide. It reads and writes
// itself as "holds", "violated" or "inconclusive" (in JSON and YAML too).
type Verdict int

const (
	Holds Verdict = iota
	Violated
	Inconclusive
)

var verdictNames = [...]string{"holds", "violated", "inconclusive"}

func (v Verdict) String() string { return verdictNames[v] }

// ParseVerdict reads holds, violated or inconclusive.
func ParseVerdict(s string) (Verdict, error) {
	for i, n := range verdictNames {
		if s == n {
			return Verdict(i), nil
		}
	}
	return 0, fmt.Errorf("unknown verdict %q (want holds, violated or inconclusive)", s)
}

func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

func (v *Verdict) UnmarshalText(text []byte) error {
	p, err := ParseVerdict(string(text))
	*v = p
	return err
}

// CheckResult is the outcome of one check.
type CheckResult struct {
	Name    string  `json:"name"`
	Verdict Verdict `json:"verdict"`
	// Detail says in words what was found, e.g. "a cycle of 6 steps avoids the legitimate set".
	Detail string `json:"detail,omitempty"`
	// Trace is the counterexample of a violation, replayed through the model before it was
	// returned.
	Trace *model.Trace `json:"-"`
	// Witness is a single configuration that shows a violation no execution can show: for
	// characterise, one that satisfies the predicate but is unreachable.
	Witness model.State `json:"-"`
}

// Stats describes the exploration. Its JSON is what mc check --json prints under "stats".
type Stats struct {
	// Universe is the product of the schema's domains, e.g. "8^8", and UniverseSize its value
	// (0 when it passes 2^64).
	Universe      string `json:"universe"`
	UniverseSize  uint64 `json:"universe_size"`
	InitialStates uint64 `json:"initial_states"`
	States        uint64 `json:"states"`
	Transitions   uint64 `json:"transitions"`
	// Depth is the BFS depth of the explored graph: 0 when every configuration is initial.
	Depth           uint32  `json:"depth"`
	Seconds         float64 `json:"seconds"`
	StatesPerSecond float64 `json:"states_per_second"`
	PeakMemoryBytes uint64  `json:"peak_memory_bytes"`
	// ExploreSeconds is the part of Seconds a hashed exploration took (BFS and numbering of
	// the initial states), the analyses aside: the explorer's rate is States / ExploreSeconds.
	ExploreSeconds float64 `json:"explore_seconds,omitempty"`
	// Interrupted: the run was cancelled (Ctrl-C, a time limit) before the analyses finished.
	// StoppedIn says where: "exploration" (States, Transitions and Depth are what the BFS had
	// committed) or "analyses" (the graph was complete).
	Interrupted bool   `json:"interrupted,omitempty"`
	StoppedIn   string `json:"stopped_in,omitempty"`
	// StoppedAt is how far the interrupted phase had got, when its size was known (the scan
	// over every configuration, the convergence search): States of Total.
	StoppedAt *Progress `json:"stopped_at,omitempty"`
	// Store is "dense" (the universe indexed by rank: exact), or for a hashed exploration
	// "memory", "disk" (the graph in files), "disk+runs" or "disk+badger" (and the visited
	// set spilled to sorted runs or to badger), with ", exact" when the visited set keys
	// whole states.
	Store string `json:"store"`
	// CollisionProbability bounds the chance that two distinct states shared a fingerprint
	// (hashed stores only), computed as TLC does: n(n-1)/2 pairs of 64-bit hashes.
	CollisionProbability float64 `json:"collision_probability,omitempty"`
	// Checkpoint is the directory where the explored graph was last saved, if it was;
	// Resumed says the run continued a saved one.
	Checkpoint string `json:"checkpoint,omitempty"`
	Resumed    bool   `json:"resumed,omitempty"`
	// SpilledStates is how many states of the visited set were beyond memory (in sorted runs
	// or badger) at the end of the exploration.
	SpilledStates uint64 `json:"spilled_states,omitempty"`
	// Symbolic describes a run of the symbolic engine (Store is then "symbolic").
	Symbolic *SymbolicStats `json:"symbolic,omitempty"`
	// Ranks are the configurations a shard checked (Options.Shard); nil: a whole run's.
	Ranks *Ranks `json:"ranks,omitempty"`
}

// SymbolicStats are the figures of the symbolic engine's search.
type SymbolicStats struct {
	// Order is the variable order, the processes from the top level down.
	Order []int `json:"order"`
	// Levels is the number of BDD variables (two a bit: current and next), PeakNodes the
	// largest the node table grew, Iterations the fixpoint iterations of every check.
	Levels     int `json:"levels"`
	PeakNodes  int `json:"peak_nodes"`
	Iterations int `json:"iterations"`
}

// Metrics are the worst-case stabilization figures, with a witness execution each. They are
// set only when the worst-case check holds: every execution reaches the legitimate set.
type Metrics struct {
	WorstCaseMoves *uint64 `json:"worst_case_moves"`
	WorstCaseSteps *uint64 `json:"worst_case_steps"`
	// WorstCaseTicks is the longest time before the legitimate set, in a timed model.
	WorstCaseTicks *uint64 `json:"worst_case_ticks,omitempty"`
	// WorstCaseRounds is the most rounds before the legitimate set (models of processes);
	// RoundEnds lists the steps of RoundsWitness after which a round ends.
	WorstCaseRounds *uint64      `json:"worst_case_rounds,omitempty"`
	RoundsWitness   *model.Trace `json:"-"`
	RoundEnds       []int        `json:"-"`
	MovesWitness    *model.Trace `json:"-"`
	StepsWitness    *model.Trace `json:"-"`
	TicksWitness    *model.Trace `json:"-"`
}

// Recovery holds the worst cases of the recovery check, with their witnesses (from an initial
// configuration through the fault the measure starts after).
type Recovery struct {
	// FirstSteps and FirstMoves: from the first fault to the first legitimate configuration
	// after it (further faults may hit on the way: steps count them, moves do not).
	FirstSteps *uint64 `json:"recovery_steps_from_first_fault,omitempty"`
	FirstMoves *uint64 `json:"recovery_moves_from_first_fault,omitempty"`
	// LastSteps: from the last fault, fault-free.
	LastSteps *uint64 `json:"recovery_steps_from_last_fault,omitempty"`
	// FirstRounds and LastRounds, with Spec.Rounds: the rounds from the first fault (further
	// faults allowed) and from the last (fault-free), a round starting at the fault.
	FirstRounds  *uint64      `json:"recovery_rounds_from_first_fault,omitempty"`
	LastRounds   *uint64      `json:"recovery_rounds_from_last_fault,omitempty"`
	FirstWitness *model.Trace `json:"-"`
	LastWitness  *model.Trace `json:"-"`
}

// Result is what a run of the checker found.
type Result struct {
	Checks []CheckResult
	Stats  Stats
	Metrics
	Recovery Recovery
	// Expected holds the expected-time check's figures, when it ran and every reached
	// configuration converges with probability 1.
	Expected *Expected
}

// Expected is the expected time to the legitimate set, worst over the schedulers, from the
// initial configurations: the worst of them and their average (the uniform distribution over
// them; under symmetry each representative weighs its orbit's size).
type Expected struct {
	Steps *ExpectedFigure `json:"steps"`
	// Moves, unless every step is one move (the central daemon): then they are the steps.
	Moves *ExpectedFigure `json:"moves,omitempty"`
	// Rounds under the synchronous daemon, where every step is a round.
	Rounds *ExpectedFigure `json:"rounds,omitempty"`
	// Costs are the model's costs (model.Cost), in its order.
	Costs []CostFigure `json:"costs,omitempty"`
	// Chain: "Markov chain" (one choice a configuration) or "Markov decision process".
	Chain string `json:"chain"`
	// Exact says whether the figures are exact rationals; otherwise Why says what stopped the
	// exact solution, and the bounds are the interval iteration's, Precision apart.
	Exact      bool    `json:"exact"`
	Why        string  `json:"why_not_exact,omitempty"`
	Precision  float64 `json:"precision"`
	Iterations int     `json:"iterations"`
	// Wide: the iteration stopped at its bound before the bounds were Precision apart (they
	// are sound, only wider).
	Wide bool `json:"wide,omitempty"`
	// Primes is the most primes a block's exact solution needed.
	Primes int `json:"primes,omitempty"`
}

// CostFigure is a model cost's expected total until the legitimate set.
type CostFigure struct {
	Name string `json:"name"`
	*ExpectedFigure
}

// ExpectedFigure is one measure's worst and average expectation.
type ExpectedFigure struct {
	Worst   Bound `json:"worst"`
	Average Bound `json:"average"`
	// WorstFrom is an initial configuration whose expectation is the worst.
	WorstFrom model.State `json:"-"`
}

// Bound encloses a real value: Lo ≤ value ≤ Hi; Exact is the value as a fraction "a/b"
// (or an integer) when it was computed exactly, and then Lo and Hi are its float64.
type Bound struct {
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	Exact string  `json:"exact,omitempty"`
}

// Verdict summarises the checks: violated if one is, else inconclusive if one is, else holds.
func (r *Result) Verdict() Verdict {
	v := Holds
	for _, c := range r.Checks {
		if c.Verdict == Violated {
			return Violated
		}
		if c.Verdict == Inconclusive {
			v = Inconclusive
		}
	}
	return v
}

// Progress is reported during long runs, possibly from several goroutines at once: Phase
// ("initial", "explore", "scan", "converge"), the states explored or scanned so far, the
// states a scan goes through (0 when unknown), and for an exploration its transitions and
// BFS depth.
type Progress = explore.Progress

// InternalError reports a counterexample that failed its replay: a bug in the checker or a
// model that is not deterministic. It is never printed as a trace.
type InternalError struct {
	Check string
	Err   error
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error: the %s counterexample does not replay: %v", e.Check, e.Err)
}

// ResidentBytes is the memory the process holds now (its resident set, where the system
// tells it): the figure whose peak Stats.PeakMemoryBytes reports, so that a progress display
// that shows it never shows more than the summary after it.
func ResidentBytes() uint64 { return sys.ResidentBytes() }
