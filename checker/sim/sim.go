package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// Scheduler is how the daemon chooses among the moves it may make.
type Scheduler int

const (
	// Random: uniformly among the daemon's choices (the central daemon: an enabled process,
	// then one of its rules; the others: each enabled process moves with probability 1/2,
	// keeping the daemon's constraint, at least one).
	Random Scheduler = iota
	// First: always the lowest-numbered enabled process first (its first rule), a
	// deterministic adversary.
	First
	// Postpone: a step that does not reach the legitimate set when there is one (the central
	// daemon's choices tried in random order), an adversary that postpones stabilization.
	Postpone
)

// Schedulers are the schedulers' names, in order.
var Schedulers = []string{"random", "first", "postpone"}

func (s Scheduler) String() string { return Schedulers[s] }

// Options says what to simulate.
type Options struct {
	// Runs are the executions First, First+1, … First+Runs-1; execution i depends only on the
	// seed and i, so that a simulation split into ranges (shards) runs the same executions.
	First     int
	Runs      int
	Seed      uint64
	Daemon    model.Daemon
	Scheduler Scheduler
	// MaxSteps bounds a run: one that has not reached the legitimate set by then is reported.
	MaxSteps int
	Workers  int
	Legit    model.Predicate
	// Costs are summed over each run's steps, each paying Of of the configuration it reaches
	// (model.Cost), as the expected-time check measures them.
	Costs []model.Cost
	// Init lists the initial configurations to draw from; nil: every configuration of the
	// universe, uniformly.
	Init []model.State
	// Progress, if set, is called now and then with the runs done (from several goroutines).
	Progress func(done int)
	// Faults, if positive, turns each run into a recovery: from the legitimate configuration
	// the run reaches, a fault rewrites what a random process owns, and the others follow,
	// each after 0..FaultGap steps, until the first legitimate configuration after the first
	// fault; the figures count from the first fault. Trace gives such a run as an execution of
	// the model with faults (faults.With), its faults told by their ends (model.FaultStep).
	Faults, FaultGap int
	// EndAtStart, with Faults: a run recovers only back in the very configuration the first
	// fault hit (for silent protocols: the same leader, say); one that ends anywhere else,
	// legitimate or not, is stuck.
	EndAtStart bool
}

// Outcome is how a run ended.
type Outcome int

const (
	// NotRun: the run never started, the simulation having been interrupted first. It is
	// the zero value, so that a run nobody ran is not counted as stabilized.
	NotRun Outcome = iota
	// Stabilized: the run reached the legitimate set (or, with EndAtStart, its start).
	Stabilized
	// Deadlocked: no process is enabled outside the legitimate set: a counterexample.
	Deadlocked
	// Bounded: MaxSteps passed before the legitimate set.
	Bounded
)

// Run is one execution's figures.
type Run struct {
	Index                int
	Outcome              Outcome
	Moves, Steps, Rounds int
	Costs                []int // per Options.Costs
	// With faults: the faults that hit before the legitimate set, and the steps from the last.
	Faults, AfterLast int
}

// Result holds every run, by index.
type Result struct {
	Runs []Run
	// Costs are the names of Options.Costs.
	Costs []string
}

// Simulate runs opts.Runs executions of p under opts.Daemon on opts.Workers goroutines. A
// protocol that breaks its own rules (model.Audited: a protocol file's division by zero, say)
// makes the simulation that error, never figures.
func Simulate(ctx context.Context, p model.Protocol, opts Options) (*Result, error) {
	if err := opts.validate(p); err != nil {
		return nil, err
	}
	audit, _ := p.(model.Audited)
	if audit != nil { // a breach ends every run at its next step, instead of up to MaxSteps more
		legit := opts.Legit
		opts.Legit = func(s model.State) bool { return audit.Violation() != nil || legit(s) }
	}
	readers := readersOf(p)
	res := NoRuns(opts)
	res.Runs = make([]Run, opts.Runs)
	var done atomic.Int64
	par.ForChunks(ctx, uint64(opts.Runs), 64, max(1, opts.Workers), func(_ int, lo, hi uint64) {
		w := newWalker(p, readers, opts)
		for i := lo; i < hi && ctx.Err() == nil; i++ {
			res.Runs[i] = w.run(opts.First+int(i), nil)
		}
		if d := done.Add(int64(hi - lo)); opts.Progress != nil {
			opts.Progress(int(d))
		}
	})
	if ctx.Err() != nil {
		return res, context.Cause(ctx)
	}
	if audit != nil && audit.Violation() != nil {
		return nil, audit.Violation()
	}
	return res, nil
}

// NoRuns is the result of none of opts' runs (a shard of more shards than runs): no run, the
// costs named.
func NoRuns(opts Options) *Result {
	res := &Result{}
	for _, c := range opts.Costs {
		res.Costs = append(res.Costs, c.Name)
	}
	return res
}

func (o *Options) validate(p model.Protocol) error {
	n := p.Schema().Procs()
	switch {
	case o.Runs < 1:
		return fmt.Errorf("simulate at least one run")
	case o.First < 0:
		return fmt.Errorf("the first run's index must not be negative")
	case o.MaxSteps < 1:
		return fmt.Errorf("the step bound must be positive")
	case o.Faults < 0 || o.FaultGap < 0:
		return fmt.Errorf("faults and their gap must not be negative")
	case o.Legit == nil:
		return fmt.Errorf("a simulation needs a legitimate set")
	case o.EndAtStart && o.Faults == 0:
		return fmt.Errorf("ending back at the start is for recoveries: give faults")
	case o.Daemon != model.Central && o.Scheduler == Postpone:
		return fmt.Errorf("the postponing scheduler runs under the central daemon")
	case o.Scheduler == Postpone && isRandomized(p):
		return fmt.Errorf("the postponing scheduler looks at where a move leads, which a randomized protocol's coins decide after the choice: use the random or first scheduler")
	case n > model.MaxFairProcs && o.Daemon != model.Central:
		return fmt.Errorf("the %s daemon is simulated on at most %d processes", o.Daemon, model.MaxFairProcs)
	}
	return nil
}

// readersOf lists, for each process q, the processes whose guards may read q: they and q
// are the ones whose enabled rules a move of q can change.
func readersOf(p model.Protocol) [][]int {
	n := p.Schema().Procs()
	out := make([][]int, n)
	for q := range n {
		for _, r := range p.Neighbors(q) {
			if r >= 0 && r < n && !slices.Contains(out[r], q) {
				out[r] = append(out[r], q)
			}
		}
	}
	return out
}

// RunSeed is the generator of run i of a simulation seeded with seed.
func RunSeed(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
}

func isRandomized(p model.Protocol) bool {
	_, ok := p.(model.Randomized)
	return ok
}
