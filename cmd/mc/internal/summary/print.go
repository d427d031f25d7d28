package summary

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
	"github.com/mc-checker/mc/models"
)

// Run is one run to write: as it was asked for, what the checker found, the model that
// replays its traces, and its facts.
type Run struct {
	About  About
	Result *checker.Result
	Model  model.Model
	// Facts are Facts(Result) with the figures of the checks the caller writes itself.
	Facts []Fact
}

// About describes a run as it was asked for, with defaults filled in and canonical names.
type About struct {
	Model    string         `json:"model"`
	Params   map[string]int `json:"params"`
	Topology string         `json:"topology,omitempty"`
	Edges    string         `json:"edges,omitempty"` // the tree, as parent-child pairs
	Daemon   string         `json:"daemon"`
	Fairness string         `json:"fairness"`
	Reading  string         `json:"reading,omitempty"` // strict, or the default (reachable) left out
	// Faults are the recovery check's faults: its traces are executions of the model with
	// them, which mc replay rebuilds.
	Faults *Faults  `json:"faults,omitempty"`
	Notes  []string `json:"notes,omitempty"`
}

// Faults describe a recovery check's faults as the command line gave them (runs.Description).
type Faults struct {
	Budget int      `json:"budget"`
	Vars   []string `json:"vars,omitempty"`
	Values []int    `json:"values,omitempty"`
	Scope  string   `json:"scope,omitempty"` // process (the default, left out) or variable
	End    string   `json:"end,omitempty"`   // legitimate (the default, left out) or start
}

// Print writes a run for people: a verdict line per check, the statistics, then each
// counterexample as a table, and with witnesses the worst cases' executions.
func Print(w io.Writer, r *Run, witnesses bool) error {
	width := layout.Width(w)
	PrintHeader(w, &r.About, width)
	names := 0
	for _, c := range r.Result.Checks {
		names = max(names, min(utf8.RuneCountInString(c.Name), nameWidth))
	}
	detail := strings.Repeat(" ", 2+names+2+13) // the column of the details
	for _, c := range r.Result.Checks {
		lead := fmt.Sprintf("  %-*s  %-12s ", names, c.Name, c.Verdict)
		if utf8.RuneCountInString(c.Name) > names { // a long name (a property's) pushes its verdict right
			lead = fmt.Sprintf("  %s  %s ", c.Name, c.Verdict)
		}
		layout.WriteHanging(w, lead, detail, c.Detail, width)
	}
	printFacts(w, r.Facts, width)
	printed := map[string]string{} // a trace already shown → the check that showed it
	for _, c := range r.Result.Checks {
		if c.Witness != nil {
			fmt.Fprintln(w)
			layout.WriteHanging(w, "", "  ", fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), width)
			if err := trace.Print(w, r.Model, &model.Trace{States: []model.State{c.Witness}, LoopStart: -1}); err != nil {
				return err
			}
		}
		if c.Trace == nil {
			continue
		}
		key := TraceKey(c.Trace)
		if first, ok := printed[key]; ok {
			fmt.Fprintf(w, "\n%s %s: the counterexample of %s above\n", c.Name, c.Verdict, first)
			continue
		}
		printed[key] = c.Name
		fmt.Fprintln(w)
		layout.WriteHanging(w, "", "  ", fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), width)
		if err := trace.Print(w, r.Model, c.Trace); err != nil {
			return err
		}
	}
	if witnesses {
		if err := printExpectedWorst(w, r.Model, r.Result.Expected); err != nil {
			return err
		}
	}
	if witnesses && r.Result.MovesWitness != nil {
		fmt.Fprintf(w, "\nworst case: an execution of %s\n", plural.Count(*r.Result.WorstCaseMoves, "move"))
		if err := trace.Print(w, r.Model, r.Result.MovesWitness); err != nil {
			return err
		}
	}
	if witnesses && r.Result.RoundsWitness != nil {
		ends := "which end after steps"
		if len(r.Result.RoundEnds) == 1 {
			ends = "which ends after step"
		}
		fmt.Fprintln(w)
		layout.WriteHanging(w, "", "  ", fmt.Sprintf("worst case in rounds: an execution of %s, %s %s", plural.Count(*r.Result.WorstCaseRounds, "round"), ends, roundEnds(r.Result.RoundEnds)), width)
		marks := map[int]string{}
		for k, e := range r.Result.RoundEnds {
			marks[e+1] = fmt.Sprintf("round %d ends", k+1)
		}
		return trace.PrintMarked(w, r.Model, r.Result.RoundsWitness, marks)
	}
	return nil
}

// nameWidth is the widest the column of check names gets: a longer name (a property with its
// description) has its verdict after it, and its detail, wrapped, in the column of details.
const nameWidth = 24

// TraceKey identifies a trace, for showing a counterexample two checks share once.
func TraceKey(t *model.Trace) string { return fmt.Sprint(t.States, t.Steps, t.LoopStart) }

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

// PrintHeader names the run: model, parameters, topology, daemon, fairness, modelling notes,
// in lines of width (0: as long as they are).
func PrintHeader(w io.Writer, r *About, width int) {
	topo := ""
	if r.Topology != "" {
		topo = " on " + r.Topology
	}
	reading := ""
	if r.Reading != "" {
		reading = " · convergence read " + r.Reading
	}
	name := r.Model
	if params := Params(r.Model, r.Params); params != "" {
		name += " " + params
	}
	layout.WriteHanging(w, "", "  ", fmt.Sprintf("%s%s · %s daemon · %s%s", name, topo, r.Daemon, r.Fairness, reading), width)
	for _, n := range r.Notes {
		layout.WriteWrapped(w, "  (", n+")", width)
	}
}

// Params writes parameter values in the order the model declares them: "n=5 K=4".
func Params(name string, p map[string]int) string {
	var parts []string
	if e, err := models.Lookup(name); err == nil {
		for _, prm := range e.Params {
			if v, ok := p[prm.Name]; ok {
				parts = append(parts, fmt.Sprintf("%s=%s", prm.Name, prm.Format(v)))
			}
		}
	}
	return strings.Join(parts, " ")
}

// Title is the first line of PrintHeader, unwrapped: the title of a page or a window.
func Title(a About) string {
	var head bytes.Buffer
	PrintHeader(&head, &a, 0)
	title, _, _ := strings.Cut(head.String(), "\n")
	return title
}
