package app

import (
	"fmt"
	"strconv"

	"github.com/mc-checker/mc/checker/model"
)

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
	// Outcome is the outcome a randomized rule drew (model.Randomized), when not 0.
	Outcome int `json:"outcome,omitempty"`
}

// encodeTrace writes t with names; its moves come from replaying it through m.
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
			a.Moves = append(a.Moves, moveJSON{Process: mv.Proc, Rule: ruleName(m, mv), Outcome: mv.Outcome})
		}
		tj.Actions = append(tj.Actions, a)
	}
	return tj, nil
}

func ruleName(m model.Model, mv model.Move) string {
	if p, ok := model.ProcessesOf(m); ok {
		return p.RuleName(mv.Proc, mv.Rule)
	}
	return strconv.Itoa(mv.Rule)
}

// decodeTrace reads a saved trace back, checking its shape against the model's schema. The
// moves are not read: replaying the steps' indices gives them.
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
