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
	AfterLast                     Spread
	Stabilized, Deadlocked, Bound int
	// FirstFailed are the indices of the first runs (at most MaxFailedShown) that did not
	// stabilize, to re-run them alone.
	FirstFailed []int
}

// MaxFailedShown bounds Summary.FirstFailed.
const MaxFailedShown = 10

// Summarize summarises the runs.
func (r *Result) Summarize() Summary {
	var s Summary
	var moves, steps, rounds, afterLast []int
	for _, run := range r.Runs {
		switch run.Outcome {
		case Stabilized:
			s.Stabilized++
			moves, steps, rounds = append(moves, run.Moves), append(steps, run.Steps), append(rounds, run.Rounds)
			afterLast = append(afterLast, run.AfterLast)
		case Deadlocked:
			s.Deadlocked++
		case Bounded:
			s.Bound++
		}
		if (run.Outcome == Deadlocked || run.Outcome == Bounded) && len(s.FirstFailed) < MaxFailedShown {
			s.FirstFailed = append(s.FirstFailed, run.Index)
		}
	}
	s.Moves, s.Steps, s.Rounds, s.AfterLast = spread(moves), spread(steps), spread(rounds), spread(afterLast)
	return s
}

func spread(v []int) Spread {
	if len(v) == 0 {
		return Spread{}
	}
	slices.Sort(v)
	rank := func(q float64) int { // nearest rank, 1-based
		return v[max(0, int(q*float64(len(v))+0.999999)-1)]
	}
	sum := 0.0
	for _, x := range v {
		sum += float64(x)
	}
	return Spread{Min: v[0], Median: rank(0.5), P99: rank(0.99), Max: v[len(v)-1], Mean: sum / float64(len(v))}
}

// Trace re-runs execution i alone and returns it as a trace of m, the protocol under the
// daemon (each step found among m's successors by its moves and its target, so that it
// replays by index like every trace).
func Trace(p model.Protocol, m model.Model, opts Options, i int) (*model.Trace, error) {
	w := newWalker(p, readersOf(p), opts)
	t := &model.Trace{LoopStart: -1}
	var failed error
	w.run(i, func(moves []model.Move, s model.State) {
		if failed != nil {
			return
		}
		if moves == nil {
			t.States = append(t.States, s.Clone())
			return
		}
		from := t.States[len(t.States)-1]
		index := -1
		m.Successors(from, func(st model.Step, to model.State) bool {
			if to.Equal(s) && sameMoves(st.Moves, moves) {
				index = st.Index
				return false
			}
			return true
		})
		if index < 0 {
			failed = fmt.Errorf("step %d of run %d is not a step of the model", len(t.Steps)+1, i)
			if limit := model.BehaviourOf(m).Limit; limit != nil {
				if err := limit(); err != nil { // the successors were cut: say why
					failed = fmt.Errorf("step %d of run %d: %w", len(t.Steps)+1, i, err)
				}
			}
			return
		}
		t.States, t.Steps = append(t.States, s.Clone()), append(t.Steps, index)
	})
	if failed != nil {
		return nil, failed
	}
	if len(t.States) == 0 {
		return nil, errors.New("the run recorded nothing")
	}
	return t, nil
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
