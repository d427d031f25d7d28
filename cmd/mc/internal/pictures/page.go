package pictures

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/picture"
	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
	"github.com/mc-checker/mc/cmd/mc/internal/web"
)

// ShownEnds is how many configurations a long trace keeps at each end in the HTML report
// (and around a lasso's loop start, half as many); the steps between are summarised. 2×300
// pictures of a ring of five keep a page of a 10⁵-step trace to 2 MB, which a browser opens
// in half a second. A wide model keeps fewer (endsFor).
const ShownEnds = 300

// endsFor is ShownEnds for a schema of width variables and procs processes: the table's
// cells and the pictures' bytes of a page stay about what a ring of five's 600 rows cost.
func endsFor(width, procs int) int {
	cells := 12_000 / (width + 3)
	pictures := 1_000_000 / (400*procs + 80*width)
	return max(min(ShownEnds, cells, pictures), 20)
}

// titledTrace is a trace with the heading it gets in the report.
type titledTrace struct {
	title string
	t     *model.Trace
}

// WriteHTML writes the HTML page of runs to path; generator names the program that wrote it.
func WriteHTML(path, title, generator string, runs []web.Run) error {
	var buf bytes.Buffer
	if err := web.Write(&buf, &web.Page{Title: title, Runs: runs, Generator: generator}); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("cannot write the report: %w", err)
	}
	return nil
}

// Page is a run as the HTML page shows it: its header, checks, figures and every trace
// drawn on proto's topology (nil: the processes linked by their channels only).
func Page(r *summary.Run, proto model.Protocol) (*web.Run, error) {
	page := &web.Run{Title: summary.Title(r.About), Notes: r.About.Notes, Verdict: r.Result.Verdict().String()}
	if page.Verdict == checker.Inconclusive.String() {
		page.Why = inconclusiveWhy(r.Result)
	}
	page.Stats, page.Figures = pageFacts(r.Result, r.Facts)
	sc := Scene(r.Model, proto)
	traces, index := reportTraces(r)
	for _, c := range r.Result.Checks {
		page.Checks = append(page.Checks, web.Check{Name: c.Name, Verdict: c.Verdict.String(), Detail: c.Detail, Trace: index[c.Name]})
	}
	for _, tt := range traces {
		wt, err := htmlTrace(sc, r.Model, tt)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", tt.title, err)
		}
		page.Traces = append(page.Traces, wt)
	}
	return page, nil
}

// inconclusiveWhy says why a run is inconclusive, for the top of the page.
func inconclusiveWhy(res *checker.Result) string {
	var open []string
	for _, c := range res.Checks {
		if c.Verdict == checker.Inconclusive {
			open = append(open, c.Name+": "+c.Detail)
		}
	}
	why := "what was found so far; nothing here is a proof"
	if res.Stats.Interrupted {
		why = "interrupted: " + why
	}
	if len(open) > 0 {
		why += " · " + strings.Join(open, "; ")
	}
	return why
}

// reportTraces lists the run's traces once each: every check's counterexample (a check whose
// counterexample another check already showed points to that one), a characterisation's
// witness configuration, then the worst-case and recovery witnesses. index maps a check to
// its trace's position, -1 for none.
func reportTraces(r *summary.Run) (traces []titledTrace, index map[string]int) {
	index = map[string]int{}
	seen := map[string]int{}
	add := func(title string, t *model.Trace) int {
		key := summary.TraceKey(t)
		if i, ok := seen[key]; ok {
			return i
		}
		seen[key] = len(traces)
		traces = append(traces, titledTrace{title, t})
		return len(traces) - 1
	}
	for _, c := range r.Result.Checks {
		index[c.Name] = -1
		switch {
		case c.Trace != nil:
			index[c.Name] = add(fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), c.Trace)
		case c.Witness != nil:
			index[c.Name] = add(fmt.Sprintf("%s %s: %s", c.Name, c.Verdict, c.Detail), &model.Trace{States: []model.State{c.Witness}, LoopStart: -1})
		}
	}
	res := r.Result
	for _, w := range []struct {
		title string
		t     *model.Trace
	}{
		{"worst case in moves", res.MovesWitness}, {"worst case in steps", res.StepsWitness},
		{"worst case in ticks", res.TicksWitness}, {"worst case in rounds", res.RoundsWitness},
		{"recovery from the first fault", res.Recovery.FirstWitness}, {"recovery from the last fault", res.Recovery.LastWitness},
	} {
		if w.t != nil {
			add(fmt.Sprintf("%s: an execution of %s", w.title, plural.Count(len(w.t.Steps), "step")), w.t)
		}
	}
	return traces, index
}

// pageFacts are the run's facts as the terminal prints them, the figures (worst cases,
// recovery, expected time) apart; a fact's lines under it join its value.
func pageFacts(res *checker.Result, facts []summary.Fact) (stats, figures []web.Fact) {
	if res.Stats.Universe == "" && res.Stats.States == 0 { // a simulation's saved run: no exploration
		return nil, nil
	}
	for _, f := range facts {
		value := f.Value
		for _, line := range f.Sub {
			value += "\n" + strings.Join(strings.Fields(line), " ")
		}
		if f.Figure {
			figures = append(figures, web.Fact{Name: f.Name, Value: value})
		} else {
			stats = append(stats, web.Fact{Name: f.Name, Value: value})
		}
	}
	return stats, figures
}

// htmlTrace draws a trace for the page: every configuration of a short one; of a long one its
// start, its end and its loop's start (shownConfigs), the steps between summarised.
func htmlTrace(sc *picture.Scene, m model.Model, tt titledTrace) (web.Trace, error) {
	d, err := newDrawnTrace(m, tt.t)
	if err != nil {
		return web.Trace{}, err
	}
	sch := m.Schema()
	out := web.Trace{Title: tt.title, Steps: len(d.steps), LoopStart: -1}
	for _, v := range sch.Vars {
		out.Variables = append(out.Variables, v.Name)
	}
	for _, e := range trace.Legend(m, d.steps, d.procs != nil, "bold orange") {
		out.Legend = append(out.Legend, web.Fact{Name: e.Columns, Value: e.Meaning})
	}
	shown := d.shownConfigs(endsFor(sch.Width(), sch.Procs()))
	for pos, i := range shown {
		st, err := htmlState(sc, d, i)
		if err != nil {
			return web.Trace{}, err
		}
		out.States = append(out.States, st)
		if tt.t.IsLasso() && i == tt.t.LoopStart {
			out.LoopStart = pos
		}
		if pos+1 < len(shown) && shown[pos+1] > i+1 {
			out.Gaps = append(out.Gaps, web.Gap{After: pos, Steps: shown[pos+1] - i, Summary: d.movesBetween(i, shown[pos+1])})
		}
	}
	return out, nil
}

func htmlState(sc *picture.Scene, d *drawnTrace, i int) (web.State, error) {
	f := d.frame(i)
	var svg bytes.Buffer
	if err := sc.SVG(&svg, f); err != nil {
		return web.State{}, err
	}
	st := web.State{Index: i, Step: d.stepText(i), Enabled: d.enabledText(i), Back: i == len(d.t.States), SVG: svg.String()}
	if st.Back {
		st.Index = d.t.LoopStart
	}
	st.Values = d.m.Schema().Values(f.State)
	for v, x := range f.State {
		if f.Prev != nil && f.Prev[v] != x {
			st.Changed = append(st.Changed, v)
		}
	}
	return st, nil
}
