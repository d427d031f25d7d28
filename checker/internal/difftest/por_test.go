package difftest_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/difftest"
	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/por"
	"github.com/mc-checker/mc/checker/model/universe"
)

// The partial-order reduction (checker/model/por) against the plain explicit run, on random
// protocol files under the central daemon (their footprints derived by the compiler). What
// the package doc says it keeps must be equal, run by run:
//   - deadlock, from every configuration and from a few: the verdict and the length of the
//     shortest counterexample;
//   - convergence, the worst case and deadlock to the silent set of terminal configurations
//     (no move enabled: every execution terminates): the verdicts, and the worst case in
//     moves where it holds;
//   - recovery from the terminal configurations, one or two faults of any variables, to the
//     legitimate set and to the start: the verdict and, where it holds, the worst cases from
//     the first and from the last fault;
//   - convergence to the file's own legitimate set: equal verdicts where it is silent, and
//     inconclusive (never a verdict) where it is not.
//
// Every reduced counterexample and witness was replayed through the unreduced model by the
// checker before it returned. The reduced runs reach no more configurations than the plain
// ones, and the campaign fails if no run reduced anything. 40 protocols (12 with -short,
// MC_DIFFTEST=N in the long tier).
func TestPORDifferential(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 12
	}
	n = difftest.Size(n)
	subject := fileSubject(t)
	var runs, reduced, fewerStates int
	for i := difftest.From(); i < difftest.From()+n; i++ {
		p := randproto.Generate(rand.New(rand.NewPCG(37, uint64(i))))
		s, err := subject(p)
		if err != nil {
			t.Fatal(err)
		}
		u, err := universe.New(s.Protocol.Schema())
		if err != nil || u.Size() > 5000 {
			continue
		}
		h := porHarness{t: t, name: fmt.Sprintf("protocol %d", i), pr: s.Protocol}
		for _, c := range h.cases(s.Legit) {
			plain, red := h.both(c)
			if plain == nil {
				continue
			}
			runs++
			if red.Stats.Transitions < plain.Stats.Transitions {
				reduced++
			}
			if red.Stats.States < plain.Stats.States {
				fewerStates++
			}
			if err := samePOR(c, plain, red); err != nil {
				text, _ := p.GCL()
				t.Fatalf("%s, %s: %v\n%s", h.name, c.name, err, text)
			}
		}
	}
	t.Logf("%d runs, %d with fewer transitions, %d with fewer configurations", runs, reduced, fewerStates)
	if reduced == 0 || fewerStates == 0 {
		t.Fatal("no run was reduced: the test shows nothing")
	}
}

// porHarness runs one protocol both ways.
type porHarness struct {
	t    *testing.T
	name string
	pr   model.Protocol
}

// porCase is one run: its model (unreduced), the spec, and the goal the reduction is told.
type porCase struct {
	name string
	m    model.Model
	spec checker.Spec
	goal model.Predicate
	// ownLegit: the goal is the file's legitimate set, which may not be silent.
	ownLegit bool
}

// cases are the runs of the protocol the reduction keeps (see the test's doc).
func (h porHarness) cases(legit model.Predicate) []porCase {
	terminal := func(s model.State) bool {
		for p := range h.pr.Schema().Procs() {
			if len(h.pr.Enabled(s, p, nil)) > 0 {
				return false
			}
		}
		return true
	}
	every := h.daemonize()
	var few []model.State
	every.Init(func(s model.State) bool { few = append(few, s.Clone()); return len(few) < 3 })
	out := []porCase{
		{name: "deadlock from every configuration", m: every, spec: checker.Spec{Checks: []checker.Check{checker.CheckDeadlock}}},
		{name: "deadlock from three", m: h.daemonize(model.From(few)), spec: checker.Spec{Checks: []checker.Check{checker.CheckDeadlock}}},
		{name: "to the terminal configurations", m: every, goal: terminal, spec: checker.Spec{
			Checks:     []checker.Check{checker.CheckDeadlock, checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase},
			Properties: model.Properties{Legit: terminal}}},
		{name: "to the file's legitimate set", m: every, goal: legit, ownLegit: true, spec: checker.Spec{
			Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{Legit: legit}}},
	}
	starts, err := faults.LegitimateStarts(every, terminal)
	if err != nil || len(starts) == 0 {
		return out
	}
	for _, spec := range []faults.Spec{{Budget: 1}, {Budget: 2, KeepStart: true}, {Budget: 1, OneVariable: true, KeepStart: true}} {
		f, err := faults.With(every, spec, starts, terminal)
		if err != nil {
			continue // no variable a fault may rewrite
		}
		end := faults.OnBase(f, terminal)
		if spec.KeepStart {
			if end, err = faults.Start(f); err != nil {
				h.t.Fatal(err)
			}
		}
		out = append(out, porCase{name: "recovery: " + spec.String(), m: f, goal: end, spec: checker.Spec{
			Checks: []checker.Check{checker.CheckRecovery}, Properties: model.Properties{Legit: end}}})
	}
	return out
}

// daemonize is the protocol under the central daemon.
func (h porHarness) daemonize(opts ...model.Option) model.Model {
	m, err := model.Daemonize(h.pr, model.Central, opts...)
	if err != nil {
		h.t.Fatal(err)
	}
	return m
}

// both runs c plain and reduced; nil, nil when the plain run does not conclude.
func (h porHarness) both(c porCase) (plain, red *checker.Result) {
	opts := checker.Options{Hashed: true, Workers: 1 + len(c.name)%2}
	plain, err := checker.Run(h.t.Context(), c.m, c.spec, opts)
	if err != nil {
		h.t.Fatalf("%s, %s: plain: %v", h.name, c.name, err)
	}
	r, err := por.Reduce(c.m, c.goal)
	if err != nil {
		h.t.Fatalf("%s, %s: %v", h.name, c.name, err)
	}
	if red, err = checker.Run(h.t.Context(), r, c.spec, opts); err != nil {
		h.t.Fatalf("%s, %s: reduced: %v", h.name, c.name, err)
	}
	return plain, red
}

// samePOR says how the reduced run red differs from the plain one where the reduction keeps
// the answer, or nil.
func samePOR(c porCase, plain, red *checker.Result) error {
	if red.Stats.States > plain.Stats.States || red.Stats.Transitions > plain.Stats.Transitions {
		return fmt.Errorf("the reduction explored more: %d states, %d transitions against %d, %d",
			red.Stats.States, red.Stats.Transitions, plain.Stats.States, plain.Stats.Transitions)
	}
	if c.ownLegit && inconclusive(red) {
		if silent(c, plain) {
			return fmt.Errorf("inconclusive, yet the legitimate set is silent")
		}
		return nil
	}
	for i, pc := range plain.Checks {
		rc := red.Checks[i]
		if pc.Name != rc.Name || pc.Verdict != rc.Verdict {
			return fmt.Errorf("%s: %s plain, %s %s reduced (%s)", pc.Name, pc.Verdict, rc.Name, rc.Verdict, rc.Detail)
		}
		if pc.Name == string(checker.CheckDeadlock) && pc.Verdict == checker.Violated && len(pc.Trace.States) != len(rc.Trace.States) {
			return fmt.Errorf("deadlock: a counterexample of %d configurations plain, %d reduced", len(pc.Trace.States), len(rc.Trace.States))
		}
	}
	if plain.WorstCaseMoves != nil && (red.WorstCaseMoves == nil || *plain.WorstCaseMoves != *red.WorstCaseMoves) {
		return fmt.Errorf("worst case: %d moves plain, %v reduced", *plain.WorstCaseMoves, red.WorstCaseMoves)
	}
	for _, f := range []struct {
		name       string
		plain, red *uint64
	}{{"from the first fault, steps", plain.Recovery.FirstSteps, red.Recovery.FirstSteps},
		{"from the first fault, moves", plain.Recovery.FirstMoves, red.Recovery.FirstMoves},
		{"from the last fault", plain.Recovery.LastSteps, red.Recovery.LastSteps}} {
		if (f.plain == nil) != (f.red == nil) || f.plain != nil && *f.plain != *f.red {
			return fmt.Errorf("recovery %s: %v plain, %v reduced", f.name, deref(f.plain), deref(f.red))
		}
	}
	return nil
}

// inconclusive reports whether a check of res is inconclusive.
func inconclusive(res *checker.Result) bool {
	for _, c := range res.Checks {
		if c.Verdict == checker.Inconclusive {
			return true
		}
	}
	return false
}

// silent reports whether no configuration of c's goal enables a move, over the universe.
func silent(c porCase, plain *checker.Result) bool {
	ok := true
	c.m.Init(func(s model.State) bool {
		if c.goal(s) {
			c.m.Successors(s, func(model.Step, model.State) bool { ok = false; return false })
		}
		return ok
	})
	return ok
}

func deref(p *uint64) any {
	if p == nil {
		return "none"
	}
	return *p
}
