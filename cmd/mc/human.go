package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
)

// printReport writes a run for people: a verdict line per check, the statistics, then each
// counterexample as a table.
func printReport(w io.Writer, r *report, witnesses bool) error {
	printHeader(w, r)
	width := 0
	for _, c := range r.Checks {
		width = max(width, len(c.Name))
	}
	for _, c := range r.Checks {
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %-*s  %-12s %s", width, c.Name, c.Verdict, c.Detail), " "))
	}
	s := r.Stats
	if s.UniverseSize > 0 {
		fmt.Fprintf(w, "\n  universe     %s = %s configurations\n", s.Universe, group(s.UniverseSize))
	} else {
		fmt.Fprintf(w, "\n  universe     %s configurations\n", s.Universe)
	}
	fmt.Fprintf(w, "  initial      %s states\n", group(s.InitialStates))
	if s.Interrupted {
		fmt.Fprintf(w, "  explored     interrupted before the analyses finished (%s store)\n", s.Store)
	} else {
		fmt.Fprintf(w, "  explored     %s states, %s transitions, BFS depth %d, %s store\n", group(s.States), group(s.Transitions), s.Depth, s.Store)
	}
	if s.SpilledStates > 0 {
		fmt.Fprintf(w, "  visited set  %s states moved to disk\n", group(s.SpilledStates))
	}
	if s.CollisionProbability > 0 {
		fmt.Fprintf(w, "  fingerprint  collision probability %.2g\n", s.CollisionProbability)
	}
	fmt.Fprintf(w, "  time         %.2f s, %s states/s, peak memory %.1f MiB\n", s.Seconds, group(uint64(s.StatesPerSecond)), float64(s.PeakMemoryBytes)/(1<<20))
	if s.Resumed {
		fmt.Fprintf(w, "  resumed      from the checkpoint in %s\n", s.Checkpoint)
	}
	if s.Checkpoint != "" && r.Verdict == "inconclusive" {
		fmt.Fprintf(w, "  checkpoint   saved in %s: continue with mc check --resume %s\n", s.Checkpoint, s.Checkpoint)
	}
	if r.Metrics.WorstCaseMoves != nil {
		fmt.Fprintf(w, "  worst case   %d moves, %d steps", *r.Metrics.WorstCaseMoves, *r.Metrics.WorstCaseSteps)
		if r.Metrics.WorstCaseTicks != nil {
			fmt.Fprintf(w, ", %d ticks", *r.Metrics.WorstCaseTicks)
		}
		fmt.Fprintln(w)
	}
	printed := map[string]string{} // a trace already shown → the check that showed it
	for _, c := range r.Checks {
		if c.Witness != nil {
			fmt.Fprintf(w, "\n%s %s: %s\n", c.Name, c.Verdict, c.Detail)
			if err := printTrace(w, r, c.Witness); err != nil {
				return err
			}
		}
		if c.Trace == nil {
			continue
		}
		key, _ := json.Marshal(c.Trace)
		if first, ok := printed[string(key)]; ok {
			fmt.Fprintf(w, "\n%s %s: the counterexample of %s above\n", c.Name, c.Verdict, first)
			continue
		}
		printed[string(key)] = c.Name
		fmt.Fprintf(w, "\n%s %s: %s\n", c.Name, c.Verdict, c.Detail)
		if err := printTrace(w, r, c.Trace); err != nil {
			return err
		}
	}
	if witnesses && r.Metrics.MovesWitness != nil {
		fmt.Fprintf(w, "\nworst case: an execution of %d moves\n", *r.Metrics.WorstCaseMoves)
		if err := printTrace(w, r, r.Metrics.MovesWitness); err != nil {
			return err
		}
	}
	return nil
}

// printHeader names the run: model, parameters, topology, daemon, fairness, modelling notes.
func printHeader(w io.Writer, r *report) {
	topo := ""
	if r.Topology != "" {
		topo = " on " + r.Topology
	}
	fmt.Fprintf(w, "%s %s%s · %s daemon · %s\n", r.Model, formatParams(r.Model, r.Params), topo, r.Daemon, r.Fairness)
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  (%s)\n", n)
	}
}

// printTrace prints one row per configuration: the step that led to it, the values (those the
// step changed in brackets) and the enabled (privileged) processes.
func printTrace(w io.Writer, r *report, tj *traceJSON) error {
	t, err := decodeTrace(r.model, tj)
	if err != nil {
		return err
	}
	sch := r.model.Schema()
	procs, _ := r.model.(model.Processes)
	header := []string{"#", "step"}
	header = append(header, tj.Variables...)
	if procs != nil {
		header = append(header, "enabled")
	}
	rows := [][]string{header}
	for i, s := range t.States {
		row := []string{strconv.Itoa(i), ""}
		if i > 0 {
			row[1] = formatAction(tj.Actions[i-1])
		}
		for j := range sch.Vars {
			v := sch.Vars[j].Domain.Name(s[j])
			if i > 0 && s[j] != t.States[i-1][j] {
				v = "[" + v + "]"
			}
			row = append(row, v)
		}
		if procs != nil {
			row = append(row, formatMask(procs.EnabledMask(s)))
		}
		rows = append(rows, row)
	}
	writeTable(w, rows)
	if t.IsLasso() {
		fmt.Fprintf(w, "  then %s leads back to #%d: the loop repeats forever\n", formatAction(tj.Actions[len(tj.Actions)-1]), t.LoopStart)
	}
	return nil
}

func formatAction(a actionJSON) string {
	var parts []string
	for _, m := range a.Moves {
		parts = append(parts, fmt.Sprintf("P%d %s", m.Process, m.Rule))
	}
	return strings.Join(parts, ", ")
}

func formatMask(mask uint64) string {
	var parts []string
	for p := 0; mask != 0; p++ {
		if mask&1 != 0 {
			parts = append(parts, "P"+strconv.Itoa(p))
		}
		mask >>= 1
	}
	return strings.Join(parts, " ")
}

func writeTable(w io.Writer, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		b.WriteString(" ")
		for i, cell := range row {
			if i == 1 || i == len(row)-1 {
				fmt.Fprintf(&b, " %-*s", widths[i], cell)
			} else {
				fmt.Fprintf(&b, " %*s", widths[i], cell)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// formatParams writes parameter values in the order the model declares them.
func formatParams(name string, p map[string]int) string {
	var parts []string
	if e, err := models.Lookup(name); err == nil {
		for _, prm := range e.Params {
			if v, ok := p[prm.Name]; ok {
				parts = append(parts, fmt.Sprintf("%s=%d", prm.Name, v))
			}
		}
	}
	return strings.Join(parts, " ")
}

// group writes n with thousands separators.
func group(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
