package summary

import (
	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
)

// Report is a run as JSON: the result's own fields (Stats, and the figures of
// Metrics, are tagged in package checker) and its traces with values and rules by name.
type Report struct {
	About
	Verdict checker.Verdict `json:"verdict"`
	Checks  []Check         `json:"checks"`
	Stats   checker.Stats   `json:"stats"`
	Metrics Metrics         `json:"metrics"`
	// Recovery holds the recovery check's worst cases.
	Recovery *checker.Recovery `json:"recovery,omitempty"`
	// Expected holds the expected-time check's figures.
	Expected *Expected `json:"expected,omitempty"`
}

// Check is a check's result with its trace.
type Check struct {
	checker.CheckResult
	Trace *trace.JSON `json:"trace,omitempty"`
	// Witness is a configuration that shows the violation by itself, e.g. one that satisfies a
	// characterisation but is unreachable; it has no trace.
	Witness *trace.JSON `json:"witness,omitempty"`
}

// Metrics are the run's figures with their witnesses.
type Metrics struct {
	checker.Metrics
	MovesWitness *trace.JSON `json:"worst_case_moves_witness,omitempty"`
	StepsWitness *trace.JSON `json:"worst_case_steps_witness,omitempty"`
	TicksWitness *trace.JSON `json:"worst_case_ticks_witness,omitempty"`
	// RoundsWitness is the worst case in rounds; RoundEnds the steps after which its rounds
	// end (0-based).
	RoundsWitness *trace.JSON `json:"worst_case_rounds_witness,omitempty"`
	RoundEnds     []int       `json:"worst_case_round_ends,omitempty"`
}

// Expected is the expected-time figures with the worst configurations by name.
type Expected struct {
	*checker.Expected
	WorstFrom *trace.JSON `json:"worst_steps_from,omitempty"`
}

func encodeExpected(m model.Model, e *checker.Expected) (*Expected, error) {
	if e == nil {
		return nil, nil
	}
	out := &Expected{Expected: e}
	var err error
	if e.Steps != nil && e.Steps.WorstFrom != nil {
		out.WorstFrom, err = trace.Encode(m, &model.Trace{States: []model.State{e.Steps.WorstFrom}, LoopStart: -1})
	}
	return out, err
}

// Encode is the run as --json and --trace-out write it, which mc replay reads back.
func Encode(r *Run) (*Report, error) {
	out := &Report{About: r.About, Verdict: r.Result.Verdict(), Stats: r.Result.Stats, Metrics: Metrics{Metrics: r.Result.Metrics}}
	if r.Result.Recovery.FirstSteps != nil {
		out.Recovery = &r.Result.Recovery
	}
	var err error
	if out.Expected, err = encodeExpected(r.Model, r.Result.Expected); err != nil {
		return nil, err
	}
	for _, c := range r.Result.Checks {
		cj := Check{CheckResult: c}
		if cj.Trace, err = trace.Encode(r.Model, c.Trace); err != nil {
			return nil, err
		}
		if c.Witness != nil {
			cj.Witness, _ = trace.Encode(r.Model, &model.Trace{States: []model.State{c.Witness}, LoopStart: -1})
		}
		out.Checks = append(out.Checks, cj)
	}
	m := &out.Metrics
	m.RoundEnds = r.Result.RoundEnds
	for _, w := range []struct {
		t   *model.Trace
		out **trace.JSON
	}{{r.Result.MovesWitness, &m.MovesWitness}, {r.Result.StepsWitness, &m.StepsWitness}, {r.Result.TicksWitness, &m.TicksWitness}, {r.Result.RoundsWitness, &m.RoundsWitness}} {
		if *w.out, err = trace.Encode(r.Model, w.t); err != nil {
			return nil, err
		}
	}
	return out, nil
}
