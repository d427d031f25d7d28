package checker_test

import (
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
)

// Israeli and Jalfon's ring written in the language (examples/protocols/ij.gcl: a shared
// variable written by a neighbour, the direction a coin `pick`) is the Go model (models/ij)
// under the central daemon: the same states and transitions from the configurations with a
// token, and the same exact worst and average expected steps to one token, n = 3..10. The
// worst is n(n − 1)/2, the sum of the squared gaps growing by 2 a step in expectation
// whatever the scheduler (models/ij's package doc). Its one-way mutant has a trap.
func TestIJFileIsTheGoModel(t *testing.T) {
	ns := []int{3, 4, 5, 6, 7, 8, 9, 10}
	if testing.Short() {
		ns = []int{3, 5, 6}
	}
	goEntry, file := goAndFile(t, "ij", "../examples/protocols/ij.gcl")
	for _, n := range ns {
		var got [2]*checker.Result
		for i, e := range []*models.Entry{goEntry, file} {
			got[i] = entryRun(t, e, n, model.Central, checker.CheckAlmostSure, checker.CheckExpected)
		}
		g, f := got[0], got[1]
		if g.Stats.States != f.Stats.States || g.Stats.Transitions != f.Stats.Transitions || f.Stats.States != 1<<n-1 {
			t.Errorf("n=%d: %d states and %d transitions, the Go model %d and %d", n, f.Stats.States, f.Stats.Transitions, g.Stats.States, g.Stats.Transitions)
		}
		if g.Checks[0].Verdict != checker.Holds || f.Checks[0].Verdict != checker.Holds {
			t.Fatalf("n=%d: almost-sure %s, the Go model %s", n, f.Checks[0].Verdict, g.Checks[0].Verdict)
		}
		gw, fw := g.Expected.Steps, f.Expected.Steps
		if !g.Expected.Exact || !f.Expected.Exact || gw.Worst.Exact != fw.Worst.Exact || gw.Average.Exact != fw.Average.Exact {
			t.Errorf("n=%d: expected steps %s at worst, %s on average; the Go model %s and %s", n, fw.Worst.Exact, fw.Average.Exact, gw.Worst.Exact, gw.Average.Exact)
		}
		if want := fmt.Sprint(n * (n - 1) / 2); fw.Worst.Exact != want {
			t.Errorf("n=%d: %s expected steps at worst, n(n-1)/2 = %s", n, fw.Worst.Exact, want)
		}
	}
	broken, err := models.FromFile("../examples/protocols/broken/ij-oneway.gcl")
	if err != nil {
		t.Fatal(err)
	}
	res := entryRun(t, broken, 5, model.Central, checker.CheckAlmostSure)
	if c := res.Checks[0]; c.Verdict != checker.Violated || c.Trace == nil || len(c.Trace.Steps) != 8 || c.Trace.LoopStart != 3 {
		t.Fatalf("one-way ring: almost-sure %s, want violated by a trap 3 steps in, a cycle of 5 (%+v)", c.Verdict, c.Trace)
	}
}

// entryRun checks entry e at size n under daemon d, from its initial configurations (every
// configuration where it lists none), its protocol linted.
func entryRun(t *testing.T, e *models.Entry, n int, d model.Daemon, checks ...checker.Check) *checker.Result {
	t.Helper()
	values, err := e.Resolve(map[string]int{"n": n})
	if err != nil {
		t.Fatal(err)
	}
	inst, err := e.Build(values, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := []model.Option{model.WithLint()}
	if inst.Init != nil {
		opts = append(opts, model.From(inst.Init))
	}
	m, err := model.Daemonize(inst.Protocol, d, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return run(t, m, checker.Spec{Checks: checks, Properties: inst.Properties}, 2)
}

// goAndFile are the catalogue's entry name and the protocol file at path, which writes it.
func goAndFile(t *testing.T, name, path string) (goEntry, file *models.Entry) {
	t.Helper()
	goEntry, err := models.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	if file, err = models.FromFile(path); err != nil {
		t.Fatal(err)
	}
	return goEntry, file
}
