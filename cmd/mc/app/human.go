package app

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
)

// printReport writes a run for people: a verdict line per check, the statistics, then each
// counterexample as a table.
func printReport(w io.Writer, r *report, witnesses bool) error {
	width := layout.Width(w)
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
		layout.WriteHanging(w, lead, detail, c.Detail, width)
	}
	printStats(w, r.res, width)
	printed := map[string]string{} // a trace already shown → the check that showed it
	for _, c := range r.res.Checks {
		if c.Witness != nil {
			fmt.Fprintln(w)
			layout.WriteHanging(w, "", "  ", fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), width)
			if err := trace.Print(w, r.model, &model.Trace{States: []model.State{c.Witness}, LoopStart: -1}); err != nil {
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
		layout.WriteHanging(w, "", "  ", fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), width)
		if err := trace.Print(w, r.model, c.Trace); err != nil {
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
		if err := trace.Print(w, r.model, r.res.MovesWitness); err != nil {
			return err
		}
	}
	if witnesses && r.res.RoundsWitness != nil {
		ends := "which end after steps"
		if len(r.res.RoundEnds) == 1 {
			ends = "which ends after step"
		}
		fmt.Fprintln(w)
		layout.WriteHanging(w, "", "  ", fmt.Sprintf("worst case in rounds: an execution of %s, %s %s", counted(*r.res.WorstCaseRounds, "round"), ends, roundEnds(r.res.RoundEnds)), width)
		marks := map[int]string{}
		for k, e := range r.res.RoundEnds {
			marks[e+1] = fmt.Sprintf("round %d ends", k+1)
		}
		return trace.PrintMarked(w, r.model, r.res.RoundsWitness, marks)
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
	layout.WriteHanging(w, "", "  ", fmt.Sprintf("%s%s · %s daemon · %s%s", name, topo, r.Daemon, r.Fairness, reading), width)
	for _, n := range r.Notes {
		layout.WriteWrapped(w, "  (", n+")", width)
	}
}
