package app

import (
	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// report is one run: what was asked for and what the checker found, with the model that
// prints its traces. check and sweep print it; --json and --trace-out write its JSON, which
// mc replay reads back.
type report struct {
	about
	res   *checker.Result
	model model.Model
	legit model.Predicate
	// proto is the protocol whose topology pictures are drawn on (nil: none known).
	proto model.Protocol
}

// about describes a run as it was asked for, with defaults filled in and canonical names.
type about struct {
	Model    string         `json:"model"`
	Params   map[string]int `json:"params"`
	Topology string         `json:"topology,omitempty"`
	Edges    string         `json:"edges,omitempty"` // the tree, as parent-child pairs
	Daemon   string         `json:"daemon"`
	Fairness string         `json:"fairness"`
	Reading  string         `json:"reading,omitempty"` // strict, or the default (reachable) left out
	Notes    []string       `json:"notes,omitempty"`
}

func newReport(b *built, res *checker.Result) *report {
	m := b.model
	if q, ok := symmetry.QuotientOf(m); ok { // traces are lifted to the base's executions
		m = q.Base()
	}
	return &report{about: aboutOf(b), res: res, model: m, legit: b.check.Legit, proto: b.proto}
}

// aboutOf describes a built run as it was asked for.
func aboutOf(b *built) about {
	return about{Model: b.spec.Model, Params: b.spec.Params, Topology: b.spec.Topology, Edges: b.edges,
		Daemon: b.spec.Daemon, Fairness: b.spec.Fairness, Reading: b.spec.Reading, Notes: b.notes}
}

// reportJSON is a report as JSON: the result's own fields (Stats, and the figures of
// Metrics, are tagged in package checker) and its traces with values and rules by name.
type reportJSON struct {
	about
	Verdict checker.Verdict `json:"verdict"`
	Checks  []checkJSON     `json:"checks"`
	Stats   checker.Stats   `json:"stats"`
	Metrics metricsJSON     `json:"metrics"`
	// Recovery holds the recovery check's worst cases.
	Recovery *checker.Recovery `json:"recovery,omitempty"`
	// Expected holds the expected-time check's figures.
	Expected *expectedJSON `json:"expected,omitempty"`
}

type checkJSON struct {
	checker.CheckResult
	Trace *traceJSON `json:"trace,omitempty"`
	// Witness is a configuration that shows the violation by itself, e.g. one that satisfies a
	// characterisation but is unreachable; it has no trace.
	Witness *traceJSON `json:"witness,omitempty"`
}

type metricsJSON struct {
	checker.Metrics
	MovesWitness *traceJSON `json:"worst_case_moves_witness,omitempty"`
	StepsWitness *traceJSON `json:"worst_case_steps_witness,omitempty"`
	TicksWitness *traceJSON `json:"worst_case_ticks_witness,omitempty"`
	// RoundsWitness is the worst case in rounds; RoundEnds the steps after which its rounds
	// end (0-based).
	RoundsWitness *traceJSON `json:"worst_case_rounds_witness,omitempty"`
	RoundEnds     []int      `json:"worst_case_round_ends,omitempty"`
}

// json converts the report for --json and --trace-out.
func (r *report) json() (*reportJSON, error) {
	out := &reportJSON{about: r.about, Verdict: r.res.Verdict(), Stats: r.res.Stats, Metrics: metricsJSON{Metrics: r.res.Metrics}}
	if r.res.Recovery.FirstSteps != nil {
		out.Recovery = &r.res.Recovery
	}
	var err error
	if out.Expected, err = encodeExpected(r.model, r.res.Expected); err != nil {
		return nil, err
	}
	for _, c := range r.res.Checks {
		cj := checkJSON{CheckResult: c}
		if cj.Trace, err = encodeTrace(r.model, c.Trace); err != nil {
			return nil, err
		}
		if c.Witness != nil {
			cj.Witness, _ = encodeTrace(r.model, &model.Trace{States: []model.State{c.Witness}, LoopStart: -1})
		}
		out.Checks = append(out.Checks, cj)
	}
	m := &out.Metrics
	m.RoundEnds = r.res.RoundEnds
	for _, w := range []struct {
		t   *model.Trace
		out **traceJSON
	}{{r.res.MovesWitness, &m.MovesWitness}, {r.res.StepsWitness, &m.StepsWitness}, {r.res.TicksWitness, &m.TicksWitness}, {r.res.RoundsWitness, &m.RoundsWitness}} {
		if *w.out, err = encodeTrace(r.model, w.t); err != nil {
			return nil, err
		}
	}
	return out, nil
}
