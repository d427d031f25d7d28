package trace

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
)

// Print prints one row per configuration: the step that led to it (its moves, replayed
// through m), the values (those the step changed in brackets) and the enabled (privileged)
// processes.
func Print(w io.Writer, m model.Model, t *model.Trace) error {
	return PrintMarked(w, m, t, nil)
}

// PrintMarked prints a trace, marking the rows in marks (by state index) at the end of
// their last cell: the ends of rounds. The table fits w's width, and a legend under it says
// what its columns are.
func PrintMarked(w io.Writer, m model.Model, t *model.Trace, marks map[int]string) error {
	steps, err := t.StepsOf(m)
	if err != nil {
		return err
	}
	sch := m.Schema()
	procs, _ := model.ProcessesOf(m)
	header := []string{"#", "step"}
	for _, v := range sch.Vars {
		header = append(header, v.Name)
	}
	if procs != nil {
		header = append(header, "enabled")
	}
	rows := [][]string{header}
	for i, s := range t.States {
		row := []string{strconv.Itoa(i), ""}
		if i > 0 {
			row[1] = StepName(m, steps[i-1])
		}
		for j, v := range sch.Vars {
			cell := v.Domain.Name(s[j])
			if i > 0 && s[j] != t.States[i-1][j] {
				cell = "[" + cell + "]"
			}
			row = append(row, cell)
		}
		if procs != nil {
			row = append(row, Procs(sch, procs.EnabledMask(s)))
		}
		if mark := marks[i]; mark != "" {
			row[len(row)-1] += "   ◂ " + mark
		}
		rows = append(rows, row)
	}
	width := layout.Width(w)
	(&layout.TraceTable{Rows: rows, Enabled: procs != nil}).Write(w, width)
	if t.IsLasso() {
		layout.WriteWrapped(w, "  ", fmt.Sprintf("then %s leads back to #%d: the loop repeats forever", StepName(m, steps[len(steps)-1]), t.LoopStart), width)
	}
	writeLegend(w, Legend(m, steps, procs != nil, "[v]"), width)
	return nil
}

// StepName names the moves of a step: "P2 copy, P3 copy", and the probability of a
// randomized step's outcome given the scheduler's choice: "P0 flip, P1 pass (1/2)".
func StepName(m model.Model, st model.Step) string {
	var parts []string
	for _, mv := range st.Moves {
		parts = append(parts, MoveName(m, mv))
	}
	text := strings.Join(parts, ", ")
	if model.TraitsOf(m).Probabilistic && !st.Prob.Certain() {
		text += " (" + st.Prob.String() + ")"
	}
	return text
}

// MoveName is a move as traces show it: the process, by its name, and the rule ("P2 copy").
func MoveName(m model.Model, mv model.Move) string {
	return m.Schema().ProcName(mv.Proc) + " " + RuleName(m, mv)
}

// Procs lists the processes of mask by name: "P0 P3".
func Procs(sch *model.Schema, mask uint64) string {
	var parts []string
	for p := 0; mask != 0; p++ {
		if mask&1 != 0 {
			parts = append(parts, sch.ProcName(p))
		}
		mask >>= 1
	}
	return strings.Join(parts, " ")
}
