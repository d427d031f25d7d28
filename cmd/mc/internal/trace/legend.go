package trace

import (
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/legend"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
)

// Legend says what the columns of a trace's table are: the step (with the trace's first
// move as an example, and its first fault), the variables as the schema explains them, how
// the table marks a value the step changed (changed: "[v]" in the terminal), and the enabled
// processes.
func Legend(m model.Model, steps []model.Step, enabled bool, changed string) []legend.Entry {
	sch := m.Schema()
	traits := model.TraitsOf(m)
	clock, timed := traits.Clock, traits.Timed
	var out []legend.Entry
	example, fault := "", ""
	for _, st := range steps {
		for _, mv := range st.Moves {
			switch {
			case mv.Rule == faults.Rule && fault == "":
				fault = sch.ProcName(mv.Proc)
			case mv.Rule != faults.Rule && example == "" && !(timed && mv.Proc == clock):
				example = MoveName(m, mv) + ": " + sch.ProcName(mv.Proc) + " moved, by its rule " + RuleName(m, mv)
			}
		}
	}
	if example != "" {
		out = append(out, legend.Entry{Columns: "step", Meaning: "the moves into the configuration (" + example + ")"})
	}
	if fault != "" {
		out = append(out, legend.Entry{Columns: fault + " fault", Meaning: "a fault rewrote what " + fault + " owns"})
	}
	var clocks []int
	if timed {
		clocks = []int{clock}
	}
	out = append(out, legend.Of(sch, clocks)...)
	if len(steps) > 0 {
		out = append(out, legend.Entry{Columns: changed, Meaning: "a value the step changed"})
	}
	if enabled {
		out = append(out, legend.Entry{Columns: "enabled", Meaning: "the processes with an enabled rule"})
	}
	return out
}

// maxLegendKey is the widest a legend's column of names gets; a longer name pushes its
// meaning along its line.
const maxLegendKey = 16

// writeLegend writes a legend under a table, an entry a line: the columns, then what they
// are, wrapped to width under itself.
func writeLegend(w io.Writer, entries []legend.Entry, width int) {
	key := 0
	for _, e := range entries {
		if n := utf8.RuneCountInString(e.Columns); n <= maxLegendKey {
			key = max(key, n)
		}
	}
	for _, e := range entries { // a long name pushes its meaning right
		layout.WriteWrapped(w, fmt.Sprintf("  %-*s  ", key, e.Columns), e.Meaning, width)
	}
}
