package dijkstra_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/models/dijkstra"
)

var stabilization = []checker.Check{checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase}

// check runs the stabilization checks on p under the central daemon, with the protocol
// contract checked too on universes small enough that the lint's extra evaluations (a few
// dozen a step) cost little.
func check(t *testing.T, p model.Protocol, legit model.Predicate, workers int) *checker.Result {
	t.Helper()
	var opts []model.Option
	if u, _ := universe.New(p.Schema()); u != nil && u.Size() <= 100_000 {
		opts = append(opts, model.WithLint())
	}
	m, err := model.Daemonize(p, model.Central, opts...)
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{Checks: stabilization, Properties: model.Properties{Legit: legit}}, checker.Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func newRing(t *testing.T, n, k int) *dijkstra.Ring {
	t.Helper()
	r, err := dijkstra.New(n, k)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func pow(k, n int) uint64 {
	p := uint64(1)
	for range n {
		p *= uint64(k)
	}
	return p
}

// Under the central daemon K = n-1 suffices and K = n-2 does not (Fokkink, Hoepman, Pang 2005,
// "A note on K-state self-stabilization in a ring with K = N"). The worst case at K = n-1 is
// (3n²-5n-2)/2 moves for every n measured; the counterexample at K = n-2 is a loop of n·K
// steps from an illegitimate configuration back to itself.
func TestSmallestK(t *testing.T) {
	largest := 8
	if testing.Short() {
		largest = 6
	}
	for n := 4; n <= largest; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			r := newRing(t, n, n-1)
			res := check(t, r, r.Legitimate(), 2)
			if res.Verdict() != checker.Holds {
				t.Fatalf("K=n-1: %+v", res.Checks)
			}
			if res.Stats.States != pow(n-1, n) || res.Stats.UniverseSize != pow(n-1, n) {
				t.Fatalf("K=n-1: %d states, want %d", res.Stats.States, pow(n-1, n))
			}
			if want := uint64(3*n*n-5*n-2) / 2; *res.WorstCaseMoves != want || *res.WorstCaseSteps != want {
				t.Fatalf("worst case %d moves, want %d", *res.WorstCaseMoves, want)
			}
			if len(res.MovesWitness.Steps) != int(*res.WorstCaseMoves) {
				t.Fatalf("witness of %d steps", len(res.MovesWitness.Steps))
			}

			k := n - 2
			r = newRing(t, n, k)
			res = check(t, r, r.Legitimate(), 2)
			c := res.Checks[1]
			if c.Name != "convergence" || c.Verdict != checker.Violated || res.Checks[0].Verdict != checker.Holds {
				t.Fatalf("K=n-2: %+v", res.Checks)
			}
			if res.Stats.States != pow(k, n) {
				t.Fatalf("K=n-2: %d states, want %d", res.Stats.States, pow(k, n))
			}
			assertAvoidingLasso(t, r, c.Trace, n*k)
		})
	}
}

// assertAvoidingLasso replays a lasso through the model and checks that its loop has the given
// length and holds no legitimate configuration.
func assertAvoidingLasso(t *testing.T, p model.Protocol, tr *model.Trace, loop int) {
	t.Helper()
	m, _ := model.Daemonize(p, model.Central, model.WithLint())
	if err := model.Replay(m, tr); err != nil {
		t.Fatalf("the lasso does not replay: %v", err)
	}
	if !tr.IsLasso() {
		t.Fatalf("not a lasso: %+v", tr)
	}
	if got := len(tr.States) - tr.LoopStart; loop > 0 && got != loop {
		t.Fatalf("loop of %d steps, want %d", got, loop)
	}
	legit := newRing(t, len(tr.States[0]), 2).Legitimate() // legitimacy does not depend on K
	for i := tr.LoopStart; i < len(tr.States); i++ {
		if legit(tr.States[i]) {
			t.Fatalf("loop state %d is legitimate", i)
		}
	}
}

// Mutants must be caught: each one is reported violated with a trace that replays through the
// mutant itself.
func TestMutants(t *testing.T) {
	const n, k = 5, 5
	for _, tc := range []struct {
		name  string
		proto model.Protocol
	}{
		{"bottom fires on x[0] != x[n-1]", &bottomInverted{newRing(t, n, k)}},
		{"machine copies its right neighbour", &copiesRight{newRing(t, n, k)}},
		{"K too small (K = n-2)", newRing(t, n, n-2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			legit := legitimate(tc.proto, n)
			res := check(t, tc.proto, legit, 2)
			if res.Verdict() != checker.Violated {
				t.Fatalf("mutant survives: %+v", res.Checks)
			}
			m, _ := model.Daemonize(tc.proto, model.Central, model.WithLint())
			for _, c := range res.Checks {
				if c.Verdict == checker.Violated {
					if err := model.Replay(m, c.Trace); err != nil {
						t.Fatalf("%s trace does not replay: %v", c.Name, err)
					}
				}
			}
		})
	}
}

// legitimate is "exactly one machine enabled", computed from the protocol's own guards.
func legitimate(p model.Protocol, n int) model.Predicate {
	return func(s model.State) bool {
		c := 0
		for i := range n {
			if len(p.Enabled(s, i, nil)) > 0 {
				c++
			}
		}
		return c == 1
	}
}

// bottomInverted: machine 0 is privileged iff x[0] ≠ x[n-1]. The mutants embed the ring as a
// model.Protocol, not as a *Ring: a *Ring's batched successors (AppendCentral) would go on
// firing the original guards behind the mutated Enabled.
type bottomInverted struct{ model.Protocol }

func (b *bottomInverted) Enabled(s model.State, p int, dst []int) []int {
	if p != 0 {
		return b.Protocol.Enabled(s, p, dst)
	}
	if s[0] != s[len(s)-1] {
		dst = append(dst, 0)
	}
	return dst
}

// copiesRight: machine 1 looks at and copies its right neighbour instead of its left one.
type copiesRight struct{ model.Protocol }

func (c *copiesRight) Enabled(s model.State, p int, dst []int) []int {
	if p != 1 {
		return c.Protocol.Enabled(s, p, dst)
	}
	if s[1] != s[2] {
		dst = append(dst, 0)
	}
	return dst
}

func (c *copiesRight) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Proc == 1 {
			next[1] = s[2]
		} else {
			c.Protocol.Fire(s, []model.Move{m}, next)
		}
	}
}

// The ring is never deadlocked: some machine is always privileged (Dijkstra 1974).
func TestSomeMachineAlwaysPrivileged(t *testing.T) {
	r := newRing(t, 6, 4)
	m, _ := model.Daemonize(r, model.Central, model.WithLint())
	res, err := checker.Run(context.Background(), m, checker.Spec{
		Checks: []checker.Check{checker.CheckInvariant, checker.CheckDeadlock},
		Properties: model.Properties{
			Legit:      r.Legitimate(),
			Invariants: []model.Property{{Name: "some-privileged", Holds: r.SomePrivileged()}},
		},
	}, checker.Options{})
	if err != nil || res.Verdict() != checker.Holds {
		t.Fatalf("%v %+v", err, res)
	}
}

func TestParameterValidation(t *testing.T) {
	for _, c := range [][2]int{{1, 5}, {0, 5}, {5, 1}, {5, 257}} {
		if _, err := dijkstra.New(c[0], c[1]); err == nil {
			t.Errorf("New(%d, %d) accepted", c[0], c[1])
		}
	}
}

// The ring's declared footprints (each machine reads its counter and its left neighbour's,
// writes its own) hold under the lint in every configuration of n = 4, K = 4, under the
// distributed daemon (every set of moves fired, each move checked alone and together).
func TestFootprintsHold(t *testing.T) {
	ring := newRing(t, 4, 4)
	m, err := model.Daemonize(ring, model.Distributed, model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	u, err := universe.New(ring.Schema())
	if err != nil {
		t.Fatal(err)
	}
	s := ring.Schema().NewState()
	for {
		m.Successors(s.Clone(), func(model.Step, model.State) bool { return true })
		if !u.Next(s) {
			break
		}
	}
	if err := m.(model.Audited).Violation(); err != nil {
		t.Fatal(err)
	}
	if f := ring.Footprint(0, 0); fmt.Sprint(f) != "{[0 3] [0]}" {
		t.Errorf("machine 0's footprint %v, want reads x0 x3, writes x0", f)
	}
}
