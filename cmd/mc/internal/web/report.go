package web

import (
	"embed"
	"html/template"
	"io"
	"strings"
)

//go:embed assets
var assets embed.FS

// inlined is the named assets one after the other, to inline in a page.
func inlined(names ...string) (string, error) {
	var out strings.Builder
	for _, name := range names {
		data, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return "", err
		}
		out.Write(data)
		out.WriteByte('\n')
	}
	return out.String(), nil
}

var page = template.Must(template.New("report.html").Funcs(template.FuncMap{
	"css": func(s string) template.CSS { return template.CSS(s) },
	"js":  func(s string) template.JS { return template.JS(s) },
	"add": func(a, b int) int { return a + b },
}).ParseFS(assets, "assets/report.html"))

// Page is one report: the runs of one `mc check`, or of one proof file of `mc verify`.
type Page struct {
	Title string
	Runs  []Run
	// Generator names the program and version that wrote the page.
	Generator string
}

// Run is one run as the page shows it. Everything in it is text already formatted by the
// caller; the page adds no figures of its own.
type Run struct {
	Title string
	// Expectation is what a proof run's comparison with its expected verdicts and figures
	// found ("as expected", or the differences); empty outside mc verify.
	Expectation []string
	// Deviates marks a proof run whose results differ from what its file expects.
	Deviates bool
	// Notes are the run's modelling notes, one line each.
	Notes []string
	// Verdict is holds, violated or inconclusive; Why says what stopped an inconclusive run
	// ("interrupted: what was found so far"), and is empty otherwise.
	Verdict string
	Why     string
	Checks  []Check
	// Stats are the exploration's figures and Figures the worst cases, in order.
	Stats   []Fact
	Figures []Fact
	// Traces are the run's traces; Check.Trace indexes them.
	Traces []Trace
	// First is the page-wide number of Traces[0], set by Write.
	First int
}

// Check is one check's line; Trace is the index in Report.Traces of its counterexample, or
// -1 when it has none.
type Check struct {
	Name, Verdict, Detail string
	Trace                 int
}

// Fact is a named figure, e.g. {"explored", "81 states, 108 transitions"}.
type Fact struct{ Name, Value string }

// Trace is an execution to step through. States are the configurations shown, in order; for
// a lasso the last of them is the loop's start reached again (Back set), and LoopStart is the
// position in States where the loop begins (-1 for a path).
type Trace struct {
	Title     string
	Variables []string
	States    []State
	LoopStart int
	// Steps is the number of steps of the whole trace, the omitted ones included.
	Steps int
	// Gaps say where steps are left out: after States[g.After] up to the next shown state,
	// summarised. A long trace keeps its start, its end and, for a lasso, its loop's start.
	Gaps []Gap
	// Legend says what the table's columns are, as the terminal's legend does: Name the
	// columns ("x0..x3"), Value what they hold ("x of P0..P3").
	Legend []Fact
}

// State is one configuration of a trace, with the step that led to it.
type State struct {
	// Index is the configuration's number in the whole trace (0: the first).
	Index  int
	Values []string
	// Changed are the positions in Values that the step changed.
	Changed []int
	// Step describes the step into this configuration ("" for the first), e.g. "P2 B1".
	Step string
	// Enabled lists the processes enabled here, e.g. "P0 P3" ("" for none).
	Enabled string
	// Back marks the configuration a lasso's last step returns to.
	Back bool
	// SVG is the picture of the configuration (a standalone <svg> element).
	SVG string
}

// Gap summarises the steps a long trace leaves out.
type Gap struct {
	After   int
	Steps   int
	Summary string
}

// view is what the template reads: the page, every trace in one list for the script, and
// the assets inlined.
type view struct {
	*Page
	Traces        []Trace
	Style, Script string
}

// Write writes the page p.
func Write(w io.Writer, p *Page) error {
	style, err := inlined("report.css")
	if err != nil {
		return err
	}
	script, err := inlined("report.js")
	if err != nil {
		return err
	}
	v := view{Page: p, Style: style, Script: script}
	for i := range p.Runs {
		p.Runs[i].First = len(v.Traces)
		v.Traces = append(v.Traces, p.Runs[i].Traces...)
	}
	return page.Execute(w, v)
}
