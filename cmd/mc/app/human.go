package app

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mc-checker/mc/checker/model"
)

// printReport writes a run for people: a verdict line per check, the statistics, then each
// counterexample as a table.
func printReport(w io.Writer, r *report, witnesses bool) error {
	width := outputWidth(w)
	printHeader(w, &r.about, width)
	names := 0
	for _, c := range r.res.Checks {
		names = max(names, min(utf8.RuneCountInString(c.Name), nameWidth))
	}
	detail := strings.Repeat(" ", 2+names+2+13) // the column of the details
	for _, c := range r.res.Checks {
		lead := fmt.Sprintf("  %-*s  %-12s ", names, c.Name, c.Verdict)
		if utf8.RuneCountInString(c.Name) > names { // a long name (a property's) pushes its verdict right
			lead = fmt.Sprintf("  %s  %s ", c.Name, c.Verdict)
		}
		writeHanging(w, lead, detail, c.Detail, width)
	}
	printStats(w, r.res, width)
	printed := map[string]string{} // a trace already shown → the check that showed it
	for _, c := range r.res.Checks {
		if c.Witness != nil {
			fmt.Fprintln(w)
			writeHanging(w, "", "  ", fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), width)
			if err := printTrace(w, r.model, &model.Trace{States: []model.State{c.Witness}, LoopStart: -1}); err != nil {
				return err
			}
		}
		if c.Trace == nil {
			continue
		}
		key := traceKey(c.Trace)
		if first, ok := printed[key]; ok {
			fmt.Fprintf(w, "\n%s %s: the counterexample of %s above\n", c.Name, c.Verdict, first)
			continue
		}
		printed[key] = c.Name
		fmt.Fprintln(w)
		writeHanging(w, "", "  ", fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), width)
		if err := printTrace(w, r.model, c.Trace); err != nil {
			return err
		}
	}
	if witnesses {
		if err := printExpectedWorst(w, r.model, r.res.Expected); err != nil {
			return err
		}
	}
	if witnesses && r.res.MovesWitness != nil {
		fmt.Fprintf(w, "\nworst case: an execution of %s\n", counted(*r.res.WorstCaseMoves, "move"))
		if err := printTrace(w, r.model, r.res.MovesWitness); err != nil {
			return err
		}
	}
	if witnesses && r.res.RoundsWitness != nil {
		ends := "which end after steps"
		if len(r.res.RoundEnds) == 1 {
			ends = "which ends after step"
		}
		fmt.Fprintln(w)
		writeHanging(w, "", "  ", fmt.Sprintf("worst case in rounds: an execution of %s, %s %s", counted(*r.res.WorstCaseRounds, "round"), ends, roundEnds(r.res.RoundEnds)), width)
		marks := map[int]string{}
		for k, e := range r.res.RoundEnds {
			marks[e+1] = fmt.Sprintf("round %d ends", k+1)
		}
		return printMarkedTrace(w, r.model, r.res.RoundsWitness, marks)
	}
	return nil
}

// nameWidth is the widest the column of check names gets: a longer name (a property with its
// description) has its verdict after it, and its detail, wrapped, in the column of details.
const nameWidth = 24

// traceKey identifies a trace, for showing a counterexample two checks share once.
func traceKey(t *model.Trace) string { return fmt.Sprint(t.States, t.Steps, t.LoopStart) }

// roundEnds lists the steps (numbered as the trace table numbers them) that end a round.
func roundEnds(ends []int) string {
	var parts []string
	for _, e := range ends {
		parts = append(parts, fmt.Sprintf("#%d", e+1))
	}
	return strings.Join(parts, ", ")
}

// orderText writes a variable order as --order takes it.
func orderText(order []int) string {
	parts := make([]string, len(order))
	for i, p := range order {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, ",")
}

// printHeader names the run: model, parameters, topology, daemon, fairness, modelling notes,
// in lines of width (0: as long as they are).
func printHeader(w io.Writer, r *about, width int) {
	topo := ""
	if r.Topology != "" {
		topo = " on " + r.Topology
	}
	reading := ""
	if r.Reading != "" {
		reading = " · convergence read " + r.Reading
	}
	name := r.Model
	if params := formatParams(r.Model, r.Params); params != "" {
		name += " " + params
	}
	writeHanging(w, "", "  ", fmt.Sprintf("%s%s · %s daemon · %s%s", name, topo, r.Daemon, r.Fairness, reading), width)
	for _, n := range r.Notes {
		writeWrapped(w, "  (", n+")", width)
	}
}

// printTrace prints one row per configuration: the step that led to it (its moves, replayed
// through m), the values (those the step changed in brackets) and the enabled (privileged)
// processes.
func printTrace(w io.Writer, m model.Model, t *model.Trace) error {
	return printMarkedTrace(w, m, t, nil)
}

// printMarkedTrace prints a trace, marking the rows in marks (by state index) at the end of
// their last cell: the ends of rounds. The table fits w's width, and a legend under it says
// what its columns are.
func printMarkedTrace(w io.Writer, m model.Model, t *model.Trace, marks map[int]string) error {
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
			row[1] = formatStep(m, steps[i-1])
		}
		for j, v := range sch.Vars {
			cell := v.Domain.Name(s[j])
			if i > 0 && s[j] != t.States[i-1][j] {
				cell = "[" + cell + "]"
			}
			row = append(row, cell)
		}
		if procs != nil {
			row = append(row, formatMask(sch, procs.EnabledMask(s)))
		}
		if mark := marks[i]; mark != "" {
			row[len(row)-1] += "   ◂ " + mark
		}
		rows = append(rows, row)
	}
	width := outputWidth(w)
	(&traceTable{rows: rows, enabled: procs != nil}).write(w, width)
	if t.IsLasso() {
		writeWrapped(w, "  ", fmt.Sprintf("then %s leads back to #%d: the loop repeats forever", formatStep(m, steps[len(steps)-1]), t.LoopStart), width)
	}
	writeLegend(w, traceLegend(m, steps, procs != nil, "[v]"), width)
	return nil
}

// formatStep names the moves of a step: "P2 copy, P3 copy", and the probability of a
// randomized step's outcome given the scheduler's choice: "P0 flip, P1 pass (1/2)".
func formatStep(m model.Model, st model.Step) string {
	var parts []string
	for _, mv := range st.Moves {
		parts = append(parts, moveName(m, mv))
	}
	text := strings.Join(parts, ", ")
	if model.TraitsOf(m).Probabilistic && !st.Prob.Certain() {
		text += " (" + st.Prob.String() + ")"
	}
	return text
}

// moveName is a move as traces show it: the process, by its name, and the rule ("P2 copy").
func moveName(m model.Model, mv model.Move) string {
	return m.Schema().ProcName(mv.Proc) + " " + ruleName(m, mv)
}

// formatMask lists the processes of mask by name: "P0 P3".
func formatMask(sch *model.Schema, mask uint64) string {
	var parts []string
	for p := 0; mask != 0; p++ {
		if mask&1 != 0 {
			parts = append(parts, sch.ProcName(p))
		}
		mask >>= 1
	}
	return strings.Join(parts, " ")
}
