package runs_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model/por"
	"github.com/mc-checker/mc/checker/runs"
)

// The partial-order reduction against the plain run on every protocol of the library and its
// broken variants (examples/protocols), at their default sizes under the central daemon, and
// on Dijkstra's ring of the catalogue (the Go model that declares its footprints): deadlock
// with the same verdict and, when violated, a counterexample as long; convergence, closure and
// the worst case, and recovery from one fault, with the same verdicts and worst cases where
// the legitimate set is silent, and inconclusive, saying so, where it is not. The reduced
// runs never explore more. With -short, three files and Dijkstra's ring.
func TestPORAgreesOnTheLibrary(t *testing.T) {
	files, err := filepath.Glob("../../examples/protocols/*.gcl")
	if err != nil {
		t.Fatal(err)
	}
	broken, _ := filepath.Glob("../../examples/protocols/broken/*.gcl")
	// herman.gcl and ij.gcl draw coins, which the reduction refuses (por.Reduce,
	// TestReduceRefuses); ij-oneway.gcl, without its coin, writes shared variables
	files = slices.DeleteFunc(files, func(f string) bool { return filepath.Base(f) == "herman.gcl" || filepath.Base(f) == "ij.gcl" })
	models, least := append(append(files, broken...), "dijkstra"), 20
	if testing.Short() { // three silent files and the catalogue's ring
		models, least = []string{"../../examples/protocols/mis.gcl", "../../examples/protocols/colouring.gcl",
			"../../examples/protocols/broken/mis-enter-some.gcl", "dijkstra"}, 4
	}
	silent := 0
	for _, model := range models {
		for _, d := range []runs.Description{
			{Model: model, Daemon: "central", Checks: []string{"deadlock"}},
			{Model: model, Daemon: "central", Checks: []string{"closure", "convergence", "worst-case"}},
			{Model: model, Daemon: "central", Checks: []string{"recovery"}, Faults: 1},
		} {
			plain, red := bothWays(t, d)
			if plain == nil {
				continue
			}
			name := filepath.Base(model) + " " + strings.Join(d.Checks, ",")
			if red.Stats.States > plain.Stats.States || red.Stats.Transitions > plain.Stats.Transitions {
				t.Errorf("%s: the reduction explored more", name)
			}
			if notSilent(red) {
				continue
			}
			silent++
			for i, pc := range plain.Checks {
				rc := red.Checks[i]
				if pc.Verdict != rc.Verdict {
					t.Errorf("%s: %s %s plain, %s reduced", name, pc.Name, pc.Verdict, rc.Verdict)
				}
				if pc.Name == "deadlock" && pc.Trace != nil && len(pc.Trace.States) != len(rc.Trace.States) {
					t.Errorf("%s: a deadlock %d configurations away plain, %d reduced", name, len(pc.Trace.States), len(rc.Trace.States))
				}
			}
			if p, r := plain.WorstCaseMoves, red.WorstCaseMoves; (p == nil) != (r == nil) || p != nil && *p != *r {
				t.Errorf("%s: worst case %v plain, %v reduced", name, p, r)
			}
			if p, r := plain.Recovery.FirstMoves, red.Recovery.FirstMoves; (p == nil) != (r == nil) || p != nil && *p != *r {
				t.Errorf("%s: recovery %v plain, %v reduced", name, p, r)
			}
		}
	}
	if silent < least {
		t.Errorf("only %d runs compared: the library's silent protocols should give more", silent)
	}
}

// bothWays runs d plain and with --reduce por; nil, nil where the plain run is refused (a
// model without a legitimate set to recover), or the reduced one because a recovery's start
// is not silent.
func bothWays(t *testing.T, d runs.Description) (plain, red *checker.Result) {
	t.Helper()
	r, err := d.Build()
	if err != nil {
		return nil, nil
	}
	if plain, err = r.Check(t.Context(), checker.Options{Workers: 2}); err != nil {
		t.Fatalf("%s: %v", d.Model, err)
	}
	d.Reduce = por.Name
	if r, err = d.Build(); err != nil && strings.Contains(err.Error(), "silent") {
		return nil, nil // a recovery to starts that move: refused as the model is built
	} else if err != nil {
		t.Fatalf("%s --reduce por: %v", d.Model, err)
	}
	if red, err = r.Check(t.Context(), checker.Options{Workers: 2}); err != nil {
		t.Fatalf("%s --reduce por: %v", d.Model, err)
	}
	return plain, red
}

// notSilent reports whether the reduced run stopped at a legitimate configuration with a
// move, as it must where the set is not silent.
func notSilent(res *checker.Result) bool {
	for _, c := range res.Checks {
		if c.Verdict == checker.Inconclusive && strings.Contains(c.Detail, "silent") {
			return true
		}
	}
	return false
}
