package sim

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// Spread is a distribution's summary: the minimum, the median, the 99th percentile (nearest
// rank), the maximum, and the mean (which estimates an expected time: mc check --check
// expected-time computes it).
type Spread struct {
	Min    int     `json:"min"`
	Median int     `json:"median"`
	P99    int     `json:"p99"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
}

// Summary is the distribution of the stabilized runs' figures, and how many runs ended each
// way.
type Summary struct {
	Moves, Steps, Rounds Spread
	// AfterLast: with faults, the steps from the last fault.
	AfterLast Spread
	// Costs are Options.Costs' distributions, in their order.
	Costs                         []CostSpread
	Stabilized, Deadlocked, Bound int
	// FirstFailed are the indices of the first runs (at most MaxFailedShown) that did not
	// stabilize, to re-run them alone.
	FirstFailed []int
}

// CostSpread is a model cost's distribution over the stabilized runs.
type CostSpread struct {
	Name string `json:"name"`
	Spread
}

// MaxFailedShown bounds Summary.FirstFailed.
const MaxFailedShown = 10

// Summarize summarises the runs.
func (r *Result) Summarize() Summary { return r.Partial().Summary() }

// Trace re-runs execution i alone and returns it as a trace of m, the protocol under the
// daemon (each step found among m's successors by its moves and its target, so that it
// replays by index like every trace). With faults, m is the protocol with them (faults.With,
// started where the first fault hits, with the start kept if EndAtStart): the trace starts
// at the legitimate configuration the first fault hit, and its faults are FaultSteps.
func Trace(p model.Protocol, m model.Model, opts Options, i int) (*model.Trace, error) {
	w := newWalker(p, readersOf(p), opts)
	r := &recorder{m: m, t: &model.Trace{LoopStart: -1}, run: i, faults: opts.Faults, keepStart: opts.EndAtStart}
	w.run(i, r.record)
	if r.failed != nil {
		return nil, r.failed
	}
	if len(r.t.States) == 0 {
		return nil, errors.New("the run recorded nothing")
	}
	if r.faults > 0 && !r.faulted {
		return nil, fmt.Errorf("run %d never reached the legitimate set, where faults hit: simulate it without --faults", i)
	}
	return r.t, nil
}

// recorder builds a run's trace as the walker records it.
type recorder struct {
	m         model.Model
	t         *model.Trace
	run       int
	failed    error
	faults    int  // the budget, or 0: no faults
	keepStart bool // with faults: the configurations keep the start
	faulted   bool // the first fault has hit
	left      int
	start     model.State
}

// record takes the initial configuration and each fault (moves nil), and each step.
func (r *recorder) record(moves []model.Move, s model.State) {
	switch {
	case r.failed != nil:
	case moves == nil && len(r.t.States) == 0: // the initial configuration
		r.t.States = append(r.t.States, s.Clone())
	case moves == nil:
		r.fault(s)
	case r.faults > 0 && !r.faulted: // the walk to the legitimate set, before the recovery
		r.t.States[0] = s.Clone()
	default:
		r.step(moves, r.extend(s))
	}
}

// fault records a fault that led to s. The first starts the recovery's trace, at the
// configuration it hit.
func (r *recorder) fault(s model.State) {
	if !r.faulted {
		r.faulted, r.left = true, r.faults
		r.start = r.t.States[len(r.t.States)-1].Clone()
		r.t.States = []model.State{r.extend(r.start)}
	}
	r.left--
	r.t.States, r.t.Steps = append(r.t.States, r.extend(s)), append(r.t.Steps, model.FaultStep)
}

// extend is s as a configuration of m: with faults, followed by the start if it is kept and
// the faults left.
func (r *recorder) extend(s model.State) model.State {
	out := s.Clone()
	if r.faults == 0 {
		return out
	}
	if r.keepStart {
		out = append(out, r.start...)
	}
	return append(out, byte(r.left))
}

// step records a step of the given moves to s, found among m's successors.
func (r *recorder) step(moves []model.Move, s model.State) {
	from := r.t.States[len(r.t.States)-1]
	index := -1
	r.m.Successors(from, func(st model.Step, to model.State) bool {
		if st.Fault { // the faults come after every move, and may be too many to go through
			return false
		}
		if to.Equal(s) && sameMoves(st.Moves, moves) {
			index = st.Index
			return false
		}
		return true
	})
	if index < 0 {
		r.failed = fmt.Errorf("step %d of run %d is not a step of the model", len(r.t.Steps)+1, r.run)
		if limit := model.BehaviourOf(r.m).Limit; limit != nil {
			if err := limit(); err != nil { // the successors were cut: say why
				r.failed = fmt.Errorf("step %d of run %d: %w", len(r.t.Steps)+1, r.run, err)
			}
		}
		return
	}
	r.t.States, r.t.Steps = append(r.t.States, s), append(r.t.Steps, index)
}

func sameMoves(a, b []model.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}
