package checker_test

import (
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/models"
)

// Herman's ring written in the language (examples/protocols/herman.gcl, its coin `flip`) is
// the Go model (models/herman) under the synchronous daemon: the same exact worst and average
// expected steps on odd rings (n = 3..9; 11 in the long tier, 2 s), and on even rings the same
// trap, found by a counterexample as long, and no legitimate configuration (Herman, IPL 1990;
// McIver and Morgan's 4abc/n, IPL 2005).
func TestHermanFileIsTheGoModel(t *testing.T) {
	ns := []int{3, 4, 5, 6, 7, 9}
	if testing.Short() {
		ns = []int{3, 4, 5}
	}
	if testtier.Long() {
		ns = append(ns, 11)
	}
	goEntry, file := goAndFile(t, "herman", "../examples/protocols/herman.gcl")
	for _, n := range ns {
		var got [2]*checker.Result
		checks := []checker.Check{checker.CheckAlmostSure}
		if n%2 == 1 {
			checks = append(checks, checker.CheckExpected)
		}
		for i, e := range []*models.Entry{goEntry, file} {
			got[i] = entryRun(t, e, n, model.Synchronous, checks...)
		}
		g, f := got[0], got[1]
		if g.Stats.States != f.Stats.States || g.Stats.Transitions != f.Stats.Transitions {
			t.Errorf("n=%d: %d states and %d transitions, the Go model %d and %d", n, f.Stats.States, f.Stats.Transitions, g.Stats.States, g.Stats.Transitions)
		}
		as, fs := g.Checks[0], f.Checks[0]
		if as.Verdict != fs.Verdict || (as.Verdict == checker.Holds) != (n%2 == 1) {
			t.Fatalf("n=%d: almost-sure %s, the Go model %s", n, fs.Verdict, as.Verdict)
		}
		if n%2 == 0 {
			if len(fs.Trace.Steps) != len(as.Trace.Steps) {
				t.Errorf("n=%d: a trap %d steps in, the Go model's %d", n, len(fs.Trace.Steps), len(as.Trace.Steps))
			}
			continue
		}
		gw, fw := g.Expected.Steps, f.Expected.Steps
		if !g.Expected.Exact || !f.Expected.Exact || gw.Worst.Exact != fw.Worst.Exact || gw.Average.Exact != fw.Average.Exact {
			t.Errorf("n=%d: expected steps %s at worst, %s on average; the Go model %s and %s", n, fw.Worst.Exact, fw.Average.Exact, gw.Worst.Exact, gw.Average.Exact)
		}
		t.Logf("n=%d: %s at worst, %s on average", n, fw.Worst.Exact, fw.Average.Exact)
	}
}
