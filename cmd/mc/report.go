package main

import (
	"fmt"
	"strconv"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// report is one run as --json prints it, --trace-out saves it and `mc replay` reads it back.
type report struct {
	Model    string         `json:"model"`
	Params   map[string]int `json:"params"`
	Topology string         `json:"topology,omitempty"`
	Edges    string         `json:"edges,omitempty"` // the tree, as parent-child pairs
	Daemon   string         `json:"daemon"`
	Fairness string         `json:"fairness"`
	Notes    []string       `json:"notes,omitempty"`
	Verdict  string         `json:"verdict"`
	Checks   []checkJSON    `json:"checks"`
	Stats    statsJSON      `json:"stats"`
	Metrics  metricsJSON    `json:"metrics"`

	model model.Model // not serialised: what printing needs
	legit model.Predicate
}

type checkJSON struct {
	Name    string     `json:"name"`
	Verdict string     `json:"verdict"`
	Detail  string     `json:"detail,omitempty"`
	Trace   *traceJSON `json:"trace,omitempty"`
	// Witness is a configuration that shows the violation by itself, e.g. one that satisfies a
	// characterisation but is unreachable; it has no trace.
	Witness *traceJSON `json:"witness,omitempty"`
}

type statsJSON struct {
	Universe             string  `json:"universe"`
	UniverseSize         uint64  `json:"universe_size"`
	InitialStates        uint64  `json:"initial_states"`
	States               uint64  `json:"states"`
	Transitions          uint64  `json:"transitions"`
	Depth                uint32  `json:"depth"`
	Seconds              float64 `json:"seconds"`
	StatesPerSecond      float64 `json:"states_per_second"`
	PeakMemoryBytes      uint64  `json:"peak_memory_bytes"`
	Interrupted          bool    `json:"interrupted,omitempty"`
	Store                string  `json:"store"`
	CollisionProbability float64 `json:"collision_probability,omitempty"`
	Checkpoint           string  `json:"checkpoint,omitempty"`
	Resumed              bool    `json:"resumed,omitempty"`
	SpilledStates        uint64  `json:"spilled_states,omitempty"`
}

type metricsJSON struct {
	WorstCaseMoves *uint64    `json:"worst_case_moves"`
	WorstCaseSteps *uint64    `json:"worst_case_steps"`
	MovesWitness   *traceJSON `json:"worst_case_moves_witness,omitempty"`
	StepsWitness   *traceJSON `json:"worst_case_steps_witness,omitempty"`
	WorstCaseTicks *uint64    `json:"worst_case_ticks,omitempty"`
	TicksWitness   *traceJSON `json:"worst_case_ticks_witness,omitempty"`
}

// traceJSON is a trace with values by name: states[i] lists the values of variables, in
// order; actions[i] is the step from states[i] (to states[i+1], or for the last step of a
// lasso back to states[loop_start]).
type traceJSON struct {
	LoopStart *int         `json:"loop_start"`
	Variables []string     `json:"variables"`
	States    [][]any      `json:"states"`
	Actions   []actionJSON `json:"actions"`
}

type actionJSON struct {
	Index int        `json:"index"`
	Moves []moveJSON `json:"moves"`
}

type moveJSON struct {
	Process int    `json:"process"`
	Rule    string `json:"rule"`
}

func newReport(b *built, res *checker.Result) (*report, error) {
	r := &report{
		Model: b.spec.Model, Params: b.spec.Params, Topology: b.spec.Topology, Edges: b.edges, Daemon: b.spec.Daemon,
		Fairness: b.spec.Fairness, Notes: b.notes,
		Verdict: res.Verdict().String(), model: b.model, legit: b.check.Legit,
		Stats: statsJSON{
			Universe: res.Stats.Universe, UniverseSize: res.Stats.UniverseSize,
			InitialStates: res.Stats.InitialStates, States: res.Stats.States,
			Transitions: res.Stats.Transitions, Depth: res.Stats.Depth, Seconds: res.Stats.Seconds,
			StatesPerSecond: res.Stats.StatesPerSecond, PeakMemoryBytes: res.Stats.PeakMemoryBytes,
			Interrupted: res.Stats.Interrupted, Store: res.Stats.Store, CollisionProbability: res.Stats.CollisionProbability,
			Checkpoint: res.Stats.Checkpoint, Resumed: res.Stats.Resumed, SpilledStates: res.Stats.SpilledStates,
		},
		Metrics: metricsJSON{WorstCaseMoves: res.WorstCaseMoves, WorstCaseSteps: res.WorstCaseSteps, WorstCaseTicks: res.WorstCaseTicks},
	}
	var err error
	for _, c := range res.Checks {
		cj := checkJSON{Name: c.Name, Verdict: c.Verdict.String(), Detail: c.Detail}
		if cj.Trace, err = encodeTrace(b.model, c.Trace); err != nil {
			return nil, err
		}
		if c.Witness != nil {
			cj.Witness, _ = encodeTrace(b.model, &model.Trace{States: []model.State{c.Witness}, LoopStart: -1})
		}
		r.Checks = append(r.Checks, cj)
	}
	if r.Metrics.MovesWitness, err = encodeTrace(b.model, res.MovesWitness); err != nil {
		return nil, err
	}
	if r.Metrics.StepsWitness, err = encodeTrace(b.model, res.StepsWitness); err != nil {
		return nil, err
	}
	if r.Metrics.TicksWitness, err = encodeTrace(b.model, res.TicksWitness); err != nil {
		return nil, err
	}
	return r, nil
}

func encodeTrace(m model.Model, t *model.Trace) (*traceJSON, error) {
	if t == nil {
		return nil, nil
	}
	sch := m.Schema()
	tj := &traceJSON{}
	if t.IsLasso() {
		tj.LoopStart = &t.LoopStart
	}
	for _, v := range sch.Vars {
		tj.Variables = append(tj.Variables, v.Name)
	}
	for _, s := range t.States {
		row := make([]any, len(s))
		for i, v := range sch.Vars {
			if len(v.Domain.Names) == 0 {
				row[i] = int(s[i])
			} else {
				row[i] = v.Domain.Name(s[i])
			}
		}
		tj.States = append(tj.States, row)
	}
	moves, err := t.Moves(m)
	if err != nil {
		return nil, err
	}
	for i, ms := range moves {
		a := actionJSON{Index: t.Steps[i]}
		for _, mv := range ms {
			a.Moves = append(a.Moves, moveJSON{Process: mv.Proc, Rule: ruleName(m, mv)})
		}
		tj.Actions = append(tj.Actions, a)
	}
	return tj, nil
}

func ruleName(m model.Model, mv model.Move) string {
	if p, ok := m.(model.Processes); ok {
		return p.RuleName(mv.Proc, mv.Rule)
	}
	return strconv.Itoa(mv.Rule)
}

// decodeTrace reads a saved trace back, checking its shape against the model's schema.
func decodeTrace(m model.Model, tj *traceJSON) (*model.Trace, error) {
	sch := m.Schema()
	if len(tj.Variables) != sch.Width() {
		return nil, fmt.Errorf("the trace has %d variables, the model %d", len(tj.Variables), sch.Width())
	}
	for i, v := range sch.Vars {
		if tj.Variables[i] != v.Name {
			return nil, fmt.Errorf("variable %d is %q in the trace, %q in the model", i, tj.Variables[i], v.Name)
		}
	}
	t := &model.Trace{LoopStart: -1}
	if tj.LoopStart != nil {
		t.LoopStart = *tj.LoopStart
	}
	for i, row := range tj.States {
		vals := make([]string, len(row))
		for j, v := range row {
			vals[j] = fmt.Sprint(v)
		}
		s, err := sch.ParseValues(vals)
		if err != nil {
			return nil, fmt.Errorf("state %d: %w", i, err)
		}
		t.States = append(t.States, s)
	}
	for _, a := range tj.Actions {
		t.Steps = append(t.Steps, a.Index)
	}
	return t, nil
}
