package leader_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/leader"
)

func run(t *testing.T, p leader.Params, workers int, opts ...model.Option) (*leader.Protocol, *checker.Result) {
	t.Helper()
	pr, err := leader.New(p)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(pr, model.Synchronous, append([]model.Option{model.From([]model.State{pr.Fresh()})}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{Properties: model.Properties{
		Legit:      pr.Legit,
		Invariants: []model.Property{{Name: "restarts", Holds: pr.AtMostOneRestart}, {Name: "quiet", Holds: pr.QuietAfter}},
	},
		Checks: []checker.Check{checker.CheckInvariant, checker.CheckClosure, checker.CheckAlmostSure, checker.CheckExpected}},
		checker.Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return pr, res
}

func verdicts(res *checker.Result) map[string]checker.Verdict {
	out := map[string]checker.Verdict{}
	for _, c := range res.Checks {
		out[c.Name] = c.Verdict
	}
	return out
}

// The smallest timer constant on two nodes (N = 2, Cph = 1), from the clean configuration: an
// epoch of 2·Ctr·N rounds must hold a whole traversal of the tree of two nodes and their
// shadows (12 rounds, and one more for the root to turn its token cold). With Ctr = 1 the
// trees never merge: a trap; with Ctr = 2 and 3 convergence holds with probability 1 but
// closure does not, and a node restarts twice (Theorem 1 fails): the root of the single tree
// finds no cold token at the start of an epoch and restarts; with Ctr = 4 everything holds:
// closure, Theorem 1, Theorem 3 after stabilization, and the expected rounds to a single tree
// and token are 173.64. Every trace is replayed by the checker.
func TestTimerConstant(t *testing.T) {
	for _, c := range []struct {
		ctr             int
		states          uint64
		restarts, sure  checker.Verdict
		closure         checker.Verdict
		expectedLo, eHi float64
		traces          map[string]int // the steps of each counterexample
	}{
		{1, 613, checker.Violated, checker.Violated, checker.Holds, 0, 0, map[string]int{"invariant restarts": 20, "almost-sure": 7}},
		{2, 8111, checker.Violated, checker.Holds, checker.Violated, 92.774, 92.775, map[string]int{"invariant restarts": 73, "closure": 26}},
		{3, 25707, checker.Violated, checker.Holds, checker.Violated, 132.652, 132.653, map[string]int{"invariant restarts": 106, "closure": 38}},
		{4, 13471, checker.Holds, checker.Holds, checker.Holds, 173.642, 173.643, nil},
	} {
		if testing.Short() && (c.ctr == 2 || c.ctr == 3) {
			continue // a few seconds each
		}
		_, res := run(t, leader.Params{N: 2, Bound: 2, Ctr: c.ctr, Cph: 1}, 2)
		v := verdicts(res)
		if res.Stats.States != c.states || v["invariant restarts"] != c.restarts || v["almost-sure"] != c.sure || v["closure"] != c.closure {
			t.Errorf("Ctr=%d: %d states, %v", c.ctr, res.Stats.States, v)
		}
		for _, r := range res.Checks {
			if want, ok := c.traces[r.Name]; ok && (r.Trace == nil || len(r.Trace.Steps) != want) {
				t.Errorf("Ctr=%d: %s trace %v, want %d steps", c.ctr, r.Name, r.Trace, want)
			}
		}
		if v["invariant quiet"] != checker.Holds {
			t.Errorf("Ctr=%d: more than one message, or one off the tree, in a legitimate configuration", c.ctr)
		}
		e := res.Expected
		switch {
		case c.sure == checker.Violated && e != nil:
			t.Errorf("Ctr=%d: expected figures %+v without convergence", c.ctr, e)
		case c.sure == checker.Holds && (e == nil || e.Steps.Worst.Lo < c.expectedLo || e.Steps.Worst.Hi > c.eHi):
			t.Errorf("Ctr=%d: expected rounds %+v, want in [%g, %g]", c.ctr, e, c.expectedLo, c.eHi)
		}
	}
}

// The model keeps the protocol's contract (WithLint: each node writes only what it owns, its
// moves compose), and its figures do not depend on the number of workers.
func TestContractAndWorkers(t *testing.T) {
	p := leader.Params{N: 2, Bound: 2, Ctr: 4, Cph: 1}
	if testing.Short() {
		p.Ctr = 2 // 8,111 states, not 13,471: the lint evaluates each step dozens of times
	}
	_, a := run(t, p, 1, model.WithLint())
	_, b := run(t, p, 3)
	if a.Stats.States != b.Stats.States || a.Stats.Transitions != b.Stats.Transitions ||
		a.Expected.Steps.Worst != b.Expected.Steps.Worst {
		t.Errorf("1 worker: %+v %+v; 3 workers: %+v %+v", a.Stats, a.Expected.Steps, b.Stats, b.Expected.Steps)
	}
}

// Theorem 1 from adversarial initial configurations (N = 2, Ctr = 4): every combination of
// messages in transit, every tree structure and token placement, every timer value, every
// phase, epoch and round of the roots' controllers, every out_prop, in_prop and accpt. No node
// restarts twice, and the legitimate set is reached with probability 1. Closure of "a single
// tree, a single token" holds from every family but the structures, where it fails at its
// first round: a single tree whose root holds a hot token at an epoch's start restarts (the
// predicate says nothing of the root's schedule).
func TestAdversarialFamilies(t *testing.T) {
	type family struct {
		family          int
		initial, states uint64
		closure         checker.Verdict
	}
	families := []family{{leader.InitProposals, 64, 13534, checker.Holds}, {leader.InitMessages, 6400, 20450, checker.Holds},
		{leader.InitStructures, 65536, 130571, checker.Violated}, {leader.InitTimers, 4225, 58110, checker.Holds},
		{leader.InitControllers, 57600, 171494, checker.Holds}}
	if testing.Short() {
		families = families[:1]
	}
	for _, c := range families {
		pr, err := leader.New(leader.Params{N: 2, Bound: 2, Ctr: 4, Cph: 1})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := model.Daemonize(pr, model.Synchronous, model.From(pr.Initial(c.family)))
		res, err := checker.Run(context.Background(), m, checker.Spec{Properties: model.Properties{
			Legit:      pr.Legit,
			Invariants: []model.Property{{Name: "restarts", Holds: pr.AtMostOneRestart}},
		},
			Checks: []checker.Check{checker.CheckInvariant, checker.CheckClosure, checker.CheckAlmostSure}}, checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		v := verdicts(res)
		if res.Stats.InitialStates != c.initial || res.Stats.States != c.states || v["invariant restarts"] != checker.Holds ||
			v["almost-sure"] != checker.Holds || v["closure"] != c.closure {
			t.Errorf("%s: %d initial, %d states, %v", leader.Inits[c.family], res.Stats.InitialStates, res.Stats.States, v)
		}
		if c.closure == checker.Violated && len(res.Checks[1].Trace.Steps) != 1 {
			t.Errorf("%s: closure fails after %d steps, want 1", leader.Inits[c.family], len(res.Checks[1].Trace.Steps))
		}
	}
}

// From clean nodes restarted up to an epoch apart (256 initial configurations on two nodes),
// the worst expected stabilization is the synchronized start's, 173.64 rounds, and the average
// over the staggered starts 141.64.
func TestStaggered(t *testing.T) {
	pr, err := leader.New(leader.Params{N: 2, Bound: 2, Ctr: 4, Cph: 1})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := model.Daemonize(pr, model.Synchronous, model.From(pr.Initial(leader.InitStaggered)))
	res, err := checker.Run(context.Background(), m, checker.Spec{Properties: model.Properties{Legit: pr.Legit},
		Checks: []checker.Check{checker.CheckClosure, checker.CheckAlmostSure, checker.CheckExpected}}, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	e := res.Expected
	if res.Stats.InitialStates != 256 || res.Stats.States != 13561 || e == nil || !e.Exact ||
		e.Steps.Worst.Lo < 173.642 || e.Steps.Worst.Lo > 173.643 || e.Steps.Average.Lo < 141.641 || e.Steps.Average.Lo > 141.643 {
		t.Errorf("%d initial, %d states, %+v", res.Stats.InitialStates, res.Stats.States, e)
	}
}
