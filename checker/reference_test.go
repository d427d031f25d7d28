package checker_test

import (
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/examples/agree"
	"github.com/mc-checker/mc/models/arrow"
	"github.com/mc-checker/mc/models/dijkstra"
	"github.com/mc-checker/mc/models/topology"
)

// everyCheck is what TestReferenceEverywhere compares: all checks but characterise, which
// needs explicit initial states.
var everyCheck = []checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock,
	checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase}

// The fast analyses agree with the naive reference on every check, under both fairness
// assumptions, on Dijkstra's ring (n ≤ 5, K ≤ n+1) under every daemon, on the toys of
// fairness and on the library's example (examples/agree), on every graph: the dense
// universe, and the same configurations explored hashed, in memory and on disk (sorted runs). Figures compared: states, transitions, every
// verdict, the worst case in moves and steps, and the length of every counterexample to an
// invariant or an action invariant (shortest, from an initial state).
func TestReferenceEverywhere(t *testing.T) {
	daemons := []model.Daemon{model.Central, model.LocallyCentral, model.Distributed, model.Synchronous}
	largest := 4 // n = 5 takes 35 s
	switch {
	case testtier.Long():
		largest = 5
	case testing.Short():
		largest = 3
	}
	for _, d := range daemons {
		for n := 3; n <= largest; n++ {
			for k := 2; k <= n+1; k++ {
				r, _ := dijkstra.New(n, k)
				name := fmt.Sprintf("dijkstra/%s/n=%d/K=%d", d, n, k)
				everyGraph(t, name, r, d, ringSpec(r))
			}
		}
	}
	everyGraph(t, "starver", newStarver(false), model.Central, checker.Spec{Properties: model.Properties{Legit: newStarver(false).done}})
	everyGraph(t, "gated starver", newStarver(true), model.Central, checker.Spec{Properties: model.Properties{Legit: newStarver(true).done}})
	everyGraph(t, "togglers", newTogglers(3), model.Distributed, checker.Spec{Properties: model.Properties{Legit: newTogglers(3).never}})
	line, _ := agree.New(4, 3) // the library's example
	everyGraph(t, "agree", line, model.Distributed, checker.Spec{Properties: model.Properties{Legit: line.Legitimate}})
}

// ringSpec is Dijkstra's legitimate set with an invariant that holds (some machine is
// privileged), one that fails (x0 ≠ 1), an action invariant that holds (the bottom machine
// only increments) and one that fails (x1 never changes).
func ringSpec(r *dijkstra.Ring) checker.Spec {
	return checker.Spec{Properties: model.Properties{
		Legit: r.Legitimate(),
		Invariants: []model.Property{{Name: "some-privileged", Holds: r.SomePrivileged()},
			{Name: "x0-not-1", Holds: func(s model.State) bool { return s[0] != 1 }}},
		Actions: []model.ActionProperty{
			{Name: "bottom-increments", Holds: func(from model.State, st model.Step, to model.State) bool {
				for _, mv := range st.Moves {
					if mv.Proc == 0 && to[0] == from[0] {
						return false
					}
				}
				return true
			}},
			{Name: "x1-still", Holds: func(from model.State, _ model.Step, to model.State) bool { return from[1] == to[1] }}},
	},
	}
}

// everyGraph compares p under daemon d on the dense universe, and on the universe listed as
// initial states, in memory and on disk, and from every 7th configuration only, under both
// fairness assumptions.
func everyGraph(t *testing.T, name string, p model.Protocol, d model.Daemon, spec checker.Spec) {
	dense, err := model.Daemonize(p, d, model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	var all []model.State
	dense.Init(func(s model.State) bool { all = append(all, s.Clone()); return true })
	hashed, _ := model.Daemonize(p, d, model.From(all), model.WithLint())
	var few []model.State // every 7th configuration: a BFS of several levels
	for i := 0; i < len(all); i += 7 {
		few = append(few, all[i])
	}
	fromFew, _ := model.Daemonize(p, d, model.From(few), model.WithLint())
	for _, fair := range []checker.Fairness{checker.Unfair, checker.WeaklyFair} {
		spec := spec
		spec.Fairness = fair
		for _, c := range everyCheck {
			if c == checker.CheckInvariant && spec.Invariants == nil || c == checker.CheckAction && spec.Actions == nil {
				continue
			}
			spec.Checks = append(spec.Checks, c)
		}
		t.Run(fmt.Sprintf("%s/%s/dense", name, fair), func(t *testing.T) { compareAll(t, dense, spec, checker.Options{Workers: 2}) })
		t.Run(fmt.Sprintf("%s/%s/hashed", name, fair), func(t *testing.T) { compareAll(t, hashed, spec, checker.Options{Workers: 2}) })
		t.Run(fmt.Sprintf("%s/%s/disk", name, fair), func(t *testing.T) {
			compareAll(t, hashed, spec, checker.Options{Workers: 2, Store: checker.StoreDisk, Dir: t.TempDir()})
		})
		t.Run(fmt.Sprintf("%s/%s/from a few", name, fair), func(t *testing.T) { compareAll(t, fromFew, spec, checker.Options{Workers: 2}) })
		t.Run(fmt.Sprintf("%s/%s/from a few on disk", name, fair), func(t *testing.T) {
			compareAll(t, fromFew, spec, checker.Options{Workers: 1, Store: checker.StoreDisk, Dir: t.TempDir()})
		})
		strict := spec
		strict.Reading = checker.Strict
		t.Run(fmt.Sprintf("%s/%s/from a few, strictly", name, fair), func(t *testing.T) { compareAll(t, fromFew, strict, checker.Options{Workers: 2}) })
		t.Run(fmt.Sprintf("%s/%s/dense, strictly", name, fair), func(t *testing.T) { compareAll(t, dense, strict, checker.Options{Workers: 2}) })
	}
}

// compareAll runs spec on m and compares every figure with the reference.
func compareAll(t *testing.T, m model.Model, spec checker.Spec, opts checker.Options) {
	t.Helper()
	want := reference.Check(m, reference.Spec{Legit: spec.Legit, Invariants: spec.Invariants, Actions: spec.Actions,
		Characterisations: spec.Characterisations})
	res, err := checker.Run(t.Context(), m, spec, opts)
	if err != nil {
		t.Fatal(err)
	}
	v := verdicts(res)
	converges := want.ConvergesUnder(spec.Fairness == checker.WeaklyFair, spec.Reading == checker.Strict)
	if res.Stats.States != uint64(want.States) || res.Stats.Transitions != uint64(want.Transitions) {
		t.Errorf("states/transitions %d/%d, reference %d/%d", res.Stats.States, res.Stats.Transitions, want.States, want.Transitions)
	}
	for check, holds := range map[string]bool{"closure": want.Closure, "deadlock": !want.Deadlock,
		"convergence": converges, "worst-case": want.ConvergesStrictly} {
		if got, ran := v[check]; ran && (got == checker.Holds) != holds {
			t.Errorf("%s: checker %v, reference holds=%v", check, got, holds)
		}
	}
	if got, ran := v["worst-case"]; ran && got == checker.Holds && want.ConvergesStrictly && (*res.WorstCaseSteps != uint64(want.WorstSteps) || *res.WorstCaseMoves != uint64(want.WorstMoves)) {
		t.Errorf("worst case %d steps %d moves, reference %d steps %d moves",
			*res.WorstCaseSteps, *res.WorstCaseMoves, want.WorstSteps, want.WorstMoves)
	}
	sameTraces(t, res, "invariant", spec.Invariants, want.Invariants)
	sameActions(t, res, spec.Actions, want.Actions)
	for i, p := range spec.Characterisations {
		if got := v["characterise "+p.Name] == checker.Holds; got != want.Characterised[i] {
			t.Errorf("characterise %s: checker %v, reference %v", p.Name, got, want.Characterised[i])
		}
	}
}

// sameTraces checks each property's verdict and the length of its counterexample.
func sameTraces(t *testing.T, res *checker.Result, check string, props []model.Property, want []int) {
	t.Helper()
	for i, p := range props {
		traceLength(t, res, check+" "+p.Name, want[i])
	}
}

func sameActions(t *testing.T, res *checker.Result, props []model.ActionProperty, want []int) {
	t.Helper()
	for i, p := range props {
		traceLength(t, res, "action-invariant "+p.Name, want[i])
	}
}

// traceLength checks that check holds if want < 0, else is violated with a trace of want steps.
func traceLength(t *testing.T, res *checker.Result, check string, want int) {
	t.Helper()
	for _, c := range res.Checks {
		if c.Name != check {
			continue
		}
		switch {
		case want < 0 && c.Verdict != checker.Holds:
			t.Errorf("%s: %v, reference holds", check, c.Verdict)
		case want >= 0 && (c.Verdict != checker.Violated || len(c.Trace.Steps) != want):
			t.Errorf("%s: %v with %+v, reference a violation after %d steps", check, c.Verdict, c.Trace, want)
		}
		return
	}
	t.Errorf("%s was not run", check)
}

// The characterisation of the arrow protocol agrees with the reference, both inclusions, on
// every labelled tree of 4 nodes, in memory and on disk: Theorem 4.1's predicate holds
// exactly on the reachable configurations, and the two weakened ones do not.
func TestReferenceCharacterise(t *testing.T) {
	trees, err := topology.AllTrees(4)
	if err != nil {
		t.Fatal(err)
	}
	for i, tree := range trees {
		p, err := arrow.New(tree, 1)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := model.Daemonize(p, model.Central, model.From(p.Quiescent()), model.WithLint())
		spec := checker.Spec{Checks: []checker.Check{checker.CheckCharacterise, checker.CheckClosure}, Properties: model.Properties{
			Legit: p.Legal(),
			Characterisations: []model.Property{{Name: "phi=1", Holds: p.Legal()}, {Name: "phi<=1", Holds: p.Weakened("phi<=1")},
				{Name: "no-finds", Holds: p.Weakened("no-finds")}},
		},
		}
		t.Run(fmt.Sprintf("tree %d/memory", i), func(t *testing.T) { compareAll(t, m, spec, checker.Options{Workers: 2}) })
		t.Run(fmt.Sprintf("tree %d/disk", i), func(t *testing.T) {
			compareAll(t, m, spec, checker.Options{Store: checker.StoreDisk, Dir: t.TempDir()})
		})
	}
}
