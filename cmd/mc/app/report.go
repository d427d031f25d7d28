package app

import (
	"io"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
)

// report is one run: what was asked for and what the checker found, with the model that
// prints its traces. check and sweep print it (package summary); --json and --trace-out
// write its JSON, which mc replay reads back.
type report struct {
	summary.About
	res   *checker.Result
	model model.Model
	legit model.Predicate
	// proto is the protocol whose topology pictures are drawn on (nil: none known).
	proto model.Protocol
}

func newReport(b *runs.Run, res *checker.Result) *report {
	m := b.Model
	if q, ok := symmetry.QuotientOf(m); ok { // traces are lifted to the base's executions
		m = q.Base()
	}
	return &report{About: aboutOf(b), res: res, model: m, legit: b.Spec.Legit, proto: b.Protocol}
}

// aboutOf describes a built run as it was asked for.
func aboutOf(b *runs.Run) summary.About {
	c := b.Canonical
	about := summary.About{Model: c.Model, Params: c.Params, Topology: c.Topology, Edges: b.Edges,
		Daemon: c.Daemon, Fairness: c.Fairness, Reading: c.Reading, Notes: b.Notes}
	if c.Faults > 0 {
		about.Faults = &summary.Faults{Budget: c.Faults, Vars: c.FaultVars, Values: c.FaultValues, Scope: c.FaultScope, End: c.End}
	}
	return about
}

// summary is the run as package summary writes it, with its facts.
func (r *report) summary() *summary.Run {
	return &summary.Run{About: r.About, Result: r.res, Model: r.model, Facts: runFacts(r.res)}
}

// json converts the report for --json and --trace-out.
func (r *report) json() (*summary.Report, error) { return summary.Encode(r.summary()) }

// printReport writes a run for people.
func printReport(w io.Writer, r *report, witnesses bool) error {
	return summary.Print(w, r.summary(), witnesses)
}

// fact is one line of a run's statistics, as the recovery check (faults.go) and the lines
// --report and --trace-dot print make them.
type fact struct {
	name, value string
	figure      bool
}

// runFacts are a run's statistics and figures, the recovery check's among them.
func runFacts(res *checker.Result) []summary.Fact {
	var figures []summary.Fact
	if f, ok := recoveryFact(res.Recovery); ok {
		figures = append(figures, summary.Fact{Name: f.name, Value: f.value, Figure: f.figure})
	}
	return summary.Facts(res, figures...)
}
