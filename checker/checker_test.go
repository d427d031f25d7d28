package checker_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/toys"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

var allChecks = []checker.Check{checker.CheckDeadlock, checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase}

func run(t *testing.T, m model.Model, spec checker.Spec, workers int) *checker.Result {
	t.Helper()
	res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func verdicts(res *checker.Result) map[string]checker.Verdict {
	out := map[string]checker.Verdict{}
	for _, c := range res.Checks {
		out[c.Name] = c.Verdict
	}
	return out
}

func ring(t *testing.T, n, k int, d model.Daemon) (*dijkstra.Ring, model.Model) {
	t.Helper()
	r, err := dijkstra.New(n, k)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(r, d, model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	return r, m
}

// Results (verdicts, counts, worst case, every trace) are identical for 1, 2 and 8 workers,
// on a ring that stabilizes and on one that does not, in the dense and the hashed store.
func TestWorkersDoNotMatter(t *testing.T) {
	cases := map[string]func() (model.Model, model.Predicate){
		"dense holds": func() (model.Model, model.Predicate) {
			r, m := ring(t, 6, 5, model.Central)
			return m, r.Legitimate()
		},
		"dense violated": func() (model.Model, model.Predicate) {
			r, m := ring(t, 6, 4, model.Distributed)
			return m, r.Legitimate()
		},
		"hashed": func() (model.Model, model.Predicate) {
			r, _ := dijkstra.New(5, 3)
			m, _ := model.Daemonize(r, model.Central, model.From([]model.State{{0, 1, 2, 0, 1}, {2, 2, 2, 2, 2}}), model.WithLint())
			return m, r.Legitimate()
		},
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			m, legit := mk()
			var first *checker.Result
			for _, w := range []int{1, 2, 8} {
				res := run(t, m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: legit}}, w)
				res.Stats.Seconds, res.Stats.ExploreSeconds, res.Stats.StatesPerSecond, res.Stats.PeakMemoryBytes = 0, 0, 0, 0
				if first == nil {
					first = res
				} else if !reflect.DeepEqual(first, res) {
					t.Fatalf("workers=%d differs from workers=1:\n%+v\n%+v", w, res, first)
				}
			}
		})
	}
}

// A cycle that starves a continuously enabled process violates convergence under the unfair
// daemon and not under weak fairness; a cycle on which that process is disabled now and then
// is weakly fair, so convergence fails under weak fairness too.
func TestWeakFairness(t *testing.T) {
	for _, tc := range []struct {
		gated          bool
		fairness       checker.Fairness
		want           checker.Verdict
		loop, loopFrom int
	}{
		{false, checker.Unfair, checker.Violated, 2, 0},
		{false, checker.WeaklyFair, checker.Holds, 0, 0},
		{true, checker.Unfair, checker.Violated, 2, 0},
		{true, checker.WeaklyFair, checker.Violated, 2, 0},
	} {
		t.Run(fmt.Sprintf("gated=%v/%s", tc.gated, tc.fairness), func(t *testing.T) {
			p := newStarver(tc.gated)
			m, _ := model.Daemonize(p, model.Distributed, model.WithLint())
			res := run(t, m, checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{Legit: p.done}, Fairness: tc.fairness}, 2)
			c := res.Checks[0]
			if c.Verdict != tc.want {
				t.Fatalf("verdict %v, want %v (%s)", c.Verdict, tc.want, c.Detail)
			}
			if tc.want == checker.Violated {
				if !c.Trace.IsLasso() || len(c.Trace.States)-c.Trace.LoopStart != tc.loop {
					t.Fatalf("want a lasso with a loop of %d steps, got %+v", tc.loop, c.Trace)
				}
				if err := model.Replay(m, c.Trace); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// When the shortest loop starves a process, the fair loop is built through the component: for
// two togglers from 00, flip 0 twice and flip 1 twice.
func TestFairLoopThroughComponent(t *testing.T) {
	p := newTogglers(2)
	m, _ := model.Daemonize(p, model.Central, model.From([]model.State{{0, 0}}), model.WithLint())
	spec := checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{Legit: p.never}, Fairness: checker.WeaklyFair}
	c := run(t, m, spec, 2).Checks[0]
	if c.Verdict != checker.Violated || c.Trace.LoopStart != 0 || len(c.Trace.Steps) != 4 {
		t.Fatalf("%+v", c)
	}
	moves, err := c.Trace.Moves(m)
	if err != nil {
		t.Fatal(err)
	}
	moved := map[int]bool{}
	for _, ms := range moves {
		moved[ms[0].Proc] = true
	}
	if !moved[0] || !moved[1] {
		t.Fatalf("the loop does not move both processes: %v", moves)
	}
}

// From one legitimate configuration, the token of an n-ring with K values visits exactly n·K
// configurations, each with exactly one privilege (Dijkstra 1974: the legitimate
// configurations are closed and the privilege circulates).
func TestExplicitInitialStates(t *testing.T) {
	r, _ := dijkstra.New(4, 4)
	m, err := model.Daemonize(r, model.Central, model.From([]model.State{{1, 1, 1, 1}}), model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	res := run(t, m, checker.Spec{
		Checks: []checker.Check{checker.CheckInvariant, checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase},
		Properties: model.Properties{
			Legit:      r.Legitimate(),
			Invariants: []model.Property{{Name: "one-privilege", Holds: r.Legitimate()}},
		},
	}, 2)
	if res.Stats.States != 16 || res.Stats.Transitions != 16 || res.Stats.Depth != 15 || res.Stats.InitialStates != 1 {
		t.Fatalf("stats %+v", res.Stats)
	}
	if res.Verdict() != checker.Holds || *res.WorstCaseMoves != 0 {
		t.Fatalf("%+v", res.Checks)
	}
}

// A hand-written model without processes: deadlock found at the end of the shortest path.
func TestHandWrittenModel(t *testing.T) {
	m := newCounter(6) // 6 is even: no reset from it, a deadlock 6 steps from 0
	res := run(t, m, checker.Spec{Checks: []checker.Check{checker.CheckDeadlock}}, 2)
	c := res.Checks[0]
	if res.Stats.States != 7 || c.Verdict != checker.Violated || len(c.Trace.Steps) != 6 {
		t.Fatalf("states %d, %+v", res.Stats.States, c)
	}
	if !reflect.DeepEqual(c.Trace.States[6], model.State{6}) {
		t.Fatalf("trace ends in %v", c.Trace.States[6])
	}
}

// An invariant violation reached by BFS comes with a shortest path.
func TestInvariantShortestPath(t *testing.T) {
	m := newCounter(9)
	res := run(t, m, checker.Spec{Checks: []checker.Check{checker.CheckInvariant},
		Properties: model.Properties{
			Invariants: []model.Property{{Name: "below-5", Holds: func(s model.State) bool { return s[0] < 5 }}},
		}}, 2)
	c := res.Checks[0]
	if c.Verdict != checker.Violated || len(c.Trace.Steps) != 5 || c.Name != "invariant below-5" {
		t.Fatalf("%+v", c)
	}
}

// Replay rejects a trace whose step does not lead where the trace says.
func TestReplayRejectsForgedTraces(t *testing.T) {
	_, m := ring(t, 4, 2, model.Central)
	// Enabled in 0100: P0 (x0 = x3), P1 and P2 (x1 ≠ x0, x2 ≠ x1): step 2 is P2's.
	good := &model.Trace{States: []model.State{{0, 1, 0, 0}, {0, 1, 1, 0}}, Steps: []int{2}, LoopStart: -1}
	if err := model.Replay(m, good); err != nil {
		t.Fatalf("a legal step is rejected: %v", err)
	}
	forged := []*model.Trace{
		{States: []model.State{{0, 1, 0, 0}, {0, 1, 0, 1}}, Steps: []int{2}, LoopStart: -1}, // wrong target
		{States: []model.State{{0, 1, 0, 0}, {0, 1, 1, 0}}, Steps: []int{7}, LoopStart: -1}, // no such step
		{States: []model.State{{0, 1, 0, 0}, {0, 1, 1, 0}}, Steps: []int{2}, LoopStart: 0},  // loop not closed
		{States: []model.State{{0, 1, 0, 5}}, LoopStart: -1},                                // out of domain
	}
	for i, tr := range forged {
		if err := model.Replay(m, tr); err == nil {
			t.Errorf("forged trace %d replays", i)
		}
	}
}

// A bound or a cancelled context gives inconclusive verdicts, never holds.
func TestInconclusive(t *testing.T) {
	r, _ := dijkstra.New(5, 5)
	m, _ := model.Daemonize(r, model.Central, model.From([]model.State{{0, 1, 2, 3, 4}}), model.WithLint())
	spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
	res, err := checker.Run(context.Background(), m, spec, checker.Options{MaxStates: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict() != checker.Inconclusive {
		t.Fatalf("bounded run: %+v", res.Checks)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, dense := ring(t, 5, 5, model.Central)
	res, err = checker.Run(ctx, dense, spec, checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if c.Verdict != checker.Inconclusive {
			t.Fatalf("cancelled run: %+v", c)
		}
	}
}

func TestBadSpecs(t *testing.T) {
	r, m := ring(t, 3, 3, model.Central)
	for name, spec := range map[string]checker.Spec{
		"no checks":         {Properties: model.Properties{Legit: r.Legitimate()}},
		"closure, no L":     {Checks: []checker.Check{checker.CheckClosure}},
		"invariant, none":   {Checks: []checker.Check{checker.CheckInvariant}},
		"fair hand-written": {Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{Legit: r.Legitimate()}, Fairness: checker.WeaklyFair},
	} {
		mdl := m
		if name == "fair hand-written" {
			mdl = newCounter(3)
		}
		if _, err := checker.Run(context.Background(), mdl, spec, checker.Options{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// A domain of 256 values uses the whole byte: the universe's odometer must carry at 255, or
// the dense scan hands out wrong configurations (a false "holds" was possible).
func TestFullByteDomain(t *testing.T) {
	p := newSpinner(256, -1)
	m, _ := model.Daemonize(p, model.Central, model.WithLint())
	compareAll(t, m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: p.legit}}, checker.Options{Workers: 2})
	res := run(t, m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: p.legit}}, 2)
	if res.Stats.States != 512 || verdicts(res)["convergence"] != checker.Violated {
		t.Fatalf("%d states, %+v", res.Stats.States, res.Checks)
	}
}

// A model whose step leaves its schema is reported as an error, never ranked as some other
// configuration (dense) or stored with a wrong width (explicit).
func TestInvalidSuccessorIsAnError(t *testing.T) {
	p := newSpinner(3, 3) // writes x = 3 into 0..2
	dense, _ := model.Daemonize(p, model.Central, model.WithLint())
	explicit, _ := model.Daemonize(p, model.Central, model.From([]model.State{{0, 1}}), model.WithLint())
	for name, m := range map[string]model.Model{"dense": dense, "explicit": explicit} {
		for _, checks := range [][]checker.Check{{checker.CheckClosure}, {checker.CheckConvergence}} {
			_, err := checker.Run(context.Background(), m, checker.Spec{Checks: checks, Properties: model.Properties{Legit: p.legit}}, checker.Options{Workers: 2})
			if err == nil {
				t.Errorf("%s %v: no error", name, checks)
			}
		}
	}
}

// Conflicts are symmetric: process 1 reads process 0 (not back), so the locally-central
// daemon never fires both; from x=0, f=1 it has two choices, the distributed daemon three.
func TestLocallyCentralConflictsAreSymmetric(t *testing.T) {
	p := newSpinner(3, -1)
	for d, want := range map[model.Daemon]int{model.LocallyCentral: 2, model.Distributed: 3} {
		m, _ := model.Daemonize(p, d, model.WithLint())
		n := 0
		m.Successors(model.State{0, 1}, func(model.Step, model.State) bool { n++; return true })
		if n != want {
			t.Errorf("%s: %d successors, want %d", d, n, want)
		}
	}
}

func TestNoInitialState(t *testing.T) {
	p := newSpinner(3, -1)
	explicit, _ := model.Daemonize(p, model.Central, model.From([]model.State{}), model.WithLint())
	dense, _ := model.Daemonize(p, model.Central, model.Where(func(model.State) bool { return false }), model.WithLint())
	for _, m := range []model.Model{explicit, dense} {
		if _, err := checker.Run(context.Background(), m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: p.legit}}, checker.Options{}); err == nil {
			t.Fatal("an empty initial set passes")
		}
	}
}

// A dense universe with a restricted initial set agrees with the reference and with the same
// initial states listed explicitly (hashed BFS): counts, verdicts, worst case.
func TestRestrictedInitialSet(t *testing.T) {
	for _, k := range []int{3, 4} {
		r, _ := dijkstra.New(5, k)
		where := func(s model.State) bool { return s[0] == 0 && s[4] == 1 }
		m, err := model.Daemonize(r, model.Central, model.Where(where), model.WithLint())
		if err != nil {
			t.Fatal(err)
		}
		compareAll(t, m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}, checker.Options{Workers: 2})
		var init []model.State
		m.Init(func(s model.State) bool { init = append(init, s.Clone()); return true })
		explicit, _ := model.Daemonize(r, model.Central, model.From(init), model.WithLint())
		spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
		a, b := run(t, m, spec, 2), run(t, explicit, spec, 2)
		if a.Stats.States != b.Stats.States || a.Stats.Transitions != b.Stats.Transitions ||
			a.Stats.InitialStates != b.Stats.InitialStates || a.Verdict() != b.Verdict() {
			t.Fatalf("K=%d: dense %+v, explicit %+v", k, a.Stats, b.Stats)
		}
		if a.Verdict() == checker.Holds && *a.WorstCaseMoves != *b.WorstCaseMoves {
			t.Fatalf("worst case %d vs %d", *a.WorstCaseMoves, *b.WorstCaseMoves)
		}
	}
}

// A protocol with a clock is timed: the worst case is also measured in ticks, with a witness
// whose ticks are counted by replay.
func TestWorstCaseInTicks(t *testing.T) {
	p := newAlarm()
	m, _ := model.Daemonize(p, model.Central, model.Where(func(s model.State) bool { return s[1] == 0 }), model.WithLint())
	res := run(t, m, checker.Spec{Checks: []checker.Check{checker.CheckConvergence, checker.CheckWorstCase}, Properties: model.Properties{Legit: p.done}}, 2)
	if res.Verdict() != checker.Holds || *res.WorstCaseTicks != 3 || *res.WorstCaseSteps != 4 {
		t.Fatalf("%+v ticks %v steps %v", res.Checks, res.WorstCaseTicks, res.WorstCaseSteps)
	}
	steps, err := res.TicksWitness.StepsOf(m)
	if err != nil || len(steps) != 4 || steps[0].Ticks != 1 || steps[3].Ticks != 0 {
		t.Fatalf("witness %+v: %v", steps, err)
	}
}

// A hashed exploration that outgrows the memory budget stops inconclusive, instead of being
// killed by the kernel.
func TestMemoryBudget(t *testing.T) {
	r, _ := dijkstra.New(6, 6)
	var init []model.State // every configuration, as the universal model enumerates them
	universal, _ := model.Daemonize(r, model.Central, model.WithLint())
	universal.Init(func(s model.State) bool { init = append(init, s.Clone()); return true })
	m, _ := model.Daemonize(r, model.Central, model.From(init), model.WithLint())
	res, err := checker.Run(context.Background(), m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}},
		checker.Options{Workers: 2, MemoryBudget: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict() != checker.Inconclusive {
		t.Fatalf("%+v", res.Checks)
	}
}

// Action invariants are evaluated by a pass over the dense graph and during the BFS of the
// explicit one: both report the same first violation, which replays.
func TestActionInvariantBothGraphs(t *testing.T) {
	r, dense := ring(t, 4, 4, model.Central)
	var init []model.State
	dense.Init(func(s model.State) bool { init = append(init, s.Clone()); return true })
	explicit, _ := model.Daemonize(r, model.Central, model.From(init), model.WithLint())
	spec := checker.Spec{Checks: []checker.Check{checker.CheckAction}, Properties: model.Properties{
		Actions: []model.ActionProperty{
			{Name: "bottom-still", Holds: func(from model.State, _ model.Step, to model.State) bool { return from[0] == to[0] }},
			{Name: "one-mover", Holds: func(_ model.State, st model.Step, _ model.State) bool { return len(st.Moves) == 1 }},
		},
	}}
	a, b := run(t, dense, spec, 2), run(t, explicit, spec, 1)
	for i, c := range a.Checks {
		d := b.Checks[i]
		if c.Verdict != d.Verdict || !reflect.DeepEqual(c.Trace, d.Trace) {
			t.Fatalf("%s: dense %+v, explicit %+v", c.Name, c, d)
		}
	}
	if v := verdicts(a); v["action-invariant bottom-still"] != checker.Violated || v["action-invariant one-mover"] != checker.Holds {
		t.Fatalf("%v", v)
	}
	if tr := a.Checks[0].Trace; len(tr.Steps) != 1 || model.Replay(dense, tr) != nil {
		t.Fatalf("trace %+v", tr)
	}
}

// A protocol that breaks its contract is a model error with the lint on, whatever the store,
// never a verdict: a statement that writes another's variable, a guard that reads a
// non-neighbour, two moves of one step that write one channel.
func TestLintBreachIsAnError(t *testing.T) {
	cases := []struct {
		kind   toys.BreachKind
		daemon model.Daemon
		want   string
	}{
		{toys.WritesOther, model.Central, "P0 spill writes x1, which P1 owns, in x0=0 x1=0 x2=1"},
		{toys.ReadsFar, model.Central, "P0 has a guard that reads x2"},
		{toys.Collides, model.Distributed, "P0 send and P1 receive both write c0>1"},
	}
	for _, c := range cases {
		for _, store := range []checker.StoreKind{checker.StoreMemory, checker.StoreDisk} {
			p, legit := toys.Breach(c.kind)
			m, err := model.Daemonize(p, c.daemon, model.WithLint())
			if err != nil {
				t.Fatal(err)
			}
			_, err = checker.Run(context.Background(), m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: legit}},
				checker.Options{Workers: 2, Store: store, Dir: t.TempDir()})
			var breach *model.ContractError
			if !errors.As(err, &breach) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s store: got %v, want %q", store, err, c.want)
			}
		}
	}
}

// The breach the lint reports is the one in the smallest configuration, whatever the number
// of workers and the store.
func TestLintReportDoesNotDependOnWorkers(t *testing.T) {
	p := toys.Ring(6, 3, []string{"spill"}, func(s model.State, q int) bool { return s[q] != s[(q+5)%6] },
		func(s model.State, q int, next model.State) { next[q], next[(q+1)%6] = s[(q+5)%6], s[(q+5)%6] })
	want := ""
	for _, w := range []int{1, 2, 8} {
		for _, store := range []checker.StoreKind{checker.StoreMemory, checker.StoreDisk} {
			m, _ := model.Daemonize(p, model.Distributed, model.WithLint())
			_, err := checker.Run(context.Background(), m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: func(model.State) bool { return false }}},
				checker.Options{Workers: w, Store: store, Dir: t.TempDir()})
			if err == nil {
				t.Fatal("no breach found")
			}
			if want == "" {
				want = err.Error()
			} else if err.Error() != want {
				t.Fatalf("%d workers, %s store: %v; 1 worker: %s", w, store, err, want)
			}
		}
	}
}

// A counterexample that does not replay is an internal error, never a verdict: the model is
// not deterministic (its first step from a configuration differs from the later ones).
func TestReplayFailureIsAnInternalError(t *testing.T) {
	p, init, legit := toys.Flaky()
	m, err := model.Daemonize(p, model.Central, model.From(init))
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{Legit: legit}}, checker.Options{})
	var internal *checker.InternalError
	if !errors.As(err, &internal) || internal.Check != "convergence" || res != nil {
		t.Fatalf("got %v, %v", res, err)
	}
}
