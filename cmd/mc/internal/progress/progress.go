package progress

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/plural"
)

// Over is the report that ends a run's bars: the command line sends it (End) when the
// checker returns, the one place every command's runs go through, so that the bars are
// finished before anything is printed after the run (the report, a row of verify or of
// --topology all, an error). The checker never reports without a phase.
var Over = checker.Progress{}

// End finishes what the run drew on stderr; report is the run's Options.Progress (nil:
// none).
func End(report func(checker.Progress)) {
	if report != nil {
		report(Over)
	}
}

// startAfter is how long a run goes before it draws bars: a shorter run draws nothing, as
// the line a second printed nothing for it, and the many short runs of verify, sweep or
// --topology all do not fill the screen with bars.
const startAfter = time.Second

// IsTerminal reports whether f is a terminal, where bars are drawn.
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Progress reports a run on stderr: live bars, or lines.
type Progress struct {
	lines func(checker.Progress) // without bars
	bars  *bars                  // nil without
}

// New reports to w with bars when drawBars is set (stderr is a terminal), else with a line
// a second. ctx is the command's: an interrupt stops the bars at once, so that they do not
// draw over what mc then prints.
func New(ctx context.Context, w io.Writer, drawBars bool) *Progress {
	if drawBars {
		return &Progress{bars: newBars(ctx, w, "states")}
	}
	return &Progress{lines: stateLines(w, time.Now)}
}

// Runs reports a simulation of runs runs as New does, counting runs done rather than
// states; end finishes its bar, before the distribution is printed.
func Runs(ctx context.Context, w io.Writer, runs int, drawBars bool) (report func(done int), end func()) {
	p := &Progress{lines: runLines(w, runs, time.Now)}
	if drawBars {
		p = &Progress{bars: newBars(ctx, w, "runs")}
	}
	return func(done int) {
		p.Report(checker.Progress{Phase: "simulate", States: uint64(done), Total: uint64(runs)})
	}, p.Close
}

// Report is the checker's Options.Progress, called from several goroutines at once; Over
// closes.
func (p *Progress) Report(r checker.Progress) {
	switch {
	case r.Phase == "":
		p.Close()
	case p.bars != nil:
		p.bars.report(r)
	default:
		p.lines(r)
	}
}

// Close completes the bars and returns once their last frame is drawn; they stay on screen,
// above what is printed next. A report after it starts new bars (the next run of verify or
// sweep).
func (p *Progress) Close() {
	if p.bars != nil {
		p.bars.close()
	}
}

// stateLines is a run's line a second, on the clock now, which tests set.
func stateLines(w io.Writer, now func() time.Time) func(checker.Progress) {
	return everySecond(w, now, func(p checker.Progress, secs float64) string {
		if p.Total > 0 {
			return fmt.Sprintf("mc: %s %d/%d states (%.0f%%), %.0f s", p.Phase, p.States, p.Total, 100*float64(p.States)/float64(p.Total), secs)
		}
		return fmt.Sprintf("mc: %s %s, %s, depth %d, %.0f s", p.Phase, plural.Count(p.States, "state"), plural.Count(p.Transitions, "transition"), p.Depth, secs)
	})
}

// runLines is simulate's line a second (the runs done are States).
func runLines(w io.Writer, runs int, now func() time.Time) func(checker.Progress) {
	return everySecond(w, now, func(p checker.Progress, _ float64) string {
		return fmt.Sprintf("mc: simulated %d/%s", p.States, plural.Count(runs, "run"))
	})
}

// everySecond writes line's text for a report at most once a second, none in the first; the
// lock is there because runs report from several goroutines.
func everySecond(w io.Writer, now func() time.Time, line func(p checker.Progress, secs float64) string) func(checker.Progress) {
	var mu sync.Mutex
	start := now()
	last := start
	return func(p checker.Progress) {
		mu.Lock()
		defer mu.Unlock()
		if now().Sub(last) < time.Second {
			return
		}
		last = now()
		fmt.Fprintln(w, line(p, now().Sub(start).Seconds()))
	}
}
