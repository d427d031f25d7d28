package arvy_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/models/arvy"
)

// Cayley's n^(n-1) rooted labelled trees, and the rooted trees up to isomorphism (OEIS
// A000081).
func TestRootedTreeCounts(t *testing.T) {
	for n, want := range map[int][2]int{1: {1, 1}, 2: {2, 1}, 3: {9, 2}, 4: {64, 4}, 5: {625, 9}, 6: {7776, 20}} {
		if all, iso := len(arvy.RootedTrees(n)), len(arvy.IsoTrees(n)); all != want[0] || iso != want[1] {
			t.Errorf("n=%d: %d rooted trees, %d classes; want %v", n, all, iso, want)
		}
	}
}

// instance builds a protocol under the central daemon from the given rooted trees (nil: all
// of them) with the contract lint on, and the spec of every check the model states.
func instance(t *testing.T, cfg arvy.Config, trees [][]int) (*arvy.Protocol, model.Model, checker.Spec) {
	t.Helper()
	p, err := arvy.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if trees == nil {
		trees = arvy.RootedTrees(cfg.N)
	}
	init, err := p.Starts(trees)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(p, model.Central, model.From(init), model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	spec := checker.Spec{Properties: model.Properties{
		Invariants: p.Invariants(),
		Actions:    p.Actions(),
		Eventually: p.Satisfied(),
		Legit:      p.Done,
	},
		Checks: []checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock,
			checker.CheckConvergence, checker.CheckWorstCase, checker.CheckEventually}}
	if cfg.Recycle {
		spec.Legit = p.Quiet
		spec.Checks = []checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock, checker.CheckEventually}
	}
	return p, m, spec
}

// worst is the worst case in steps, or -1.
func worst(res *checker.Result) int64 {
	if res.WorstCaseSteps == nil {
		return -1
	}
	return int64(*res.WorstCaseSteps)
}

func run(t *testing.T, m model.Model, spec checker.Spec, workers int) *checker.Result {
	t.Helper()
	res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Lemma 2 (1)-(3), Lemma 3 with its node states, the action invariant of Theorem 4's proof,
// and Theorems 4 and 5 as convergence to "done" with bounded requests, on every rooted tree:
// exact state and transition counts and worst cases, the same for 1 and 3 workers.
func TestLemmasEveryRootedTree(t *testing.T) {
	for _, tc := range []struct {
		n                   int
		np                  arvy.NewParent
		states, transitions uint64
		worst               uint64
	}{
		{3, arvy.Any, 498, 945, 14},
		{3, arvy.Arrow, 498, 861, 14},
		{3, arvy.Ivy, 408, 723, 14},
		{4, arvy.Any, 25_496, 75_096, 22},
		{4, arvy.Arrow, 22_808, 52_200, 21},
		{4, arvy.Ivy, 13_952, 33_624, 20},
	} {
		_, m, spec := instance(t, arvy.Config{N: tc.n, Requests: 1, NewParent: tc.np}, nil)
		for _, workers := range []int{1, 3} {
			res := run(t, m, spec, workers)
			if res.Verdict() != checker.Holds || res.Stats.States != tc.states || res.Stats.Transitions != tc.transitions ||
				res.WorstCaseSteps == nil || *res.WorstCaseSteps != tc.worst {
				t.Errorf("n=%d %s, %d workers: %s, %d states, %d transitions, worst %v; want %d, %d, %d", tc.n, tc.np, workers,
					res.Verdict(), res.Stats.States, res.Stats.Transitions, worst(res), tc.states, tc.transitions, tc.worst)
			}
		}
	}
}

// The same on five nodes: 625 rooted trees.
func TestLemmasFiveNodes(t *testing.T) {
	testtier.Only(t, "seconds per NewParent")
	for _, tc := range []struct {
		np                         arvy.NewParent
		states, transitions, worst uint64
	}{
		{arvy.Any, 2_704_770, 11_726_685, 32},
		{arvy.Arrow, 1_760_010, 4_912_785, 29},
		{arvy.Ivy, 737_170, 2_212_425, 27},
	} {
		_, m, spec := instance(t, arvy.Config{N: 5, Requests: 1, NewParent: tc.np}, nil)
		res := run(t, m, spec, 0)
		if res.Verdict() != checker.Holds || res.Stats.States != tc.states || res.Stats.Transitions != tc.transitions || *res.WorstCaseSteps != tc.worst {
			t.Errorf("%s: %s, %d states, %d transitions, worst %d: %+v", tc.np, res.Verdict(), res.Stats.States, res.Stats.Transitions, *res.WorstCaseSteps, res.Checks)
		}
	}
}

// Theorem 5 for unbounded request sequences (recycle): every outstanding request is
// eventually satisfied under weak fairness per message (each producer's find and the token),
// and not without it: the lasso's loop starves a find while the others are served.
func TestRecycleNeedsMessageFairness(t *testing.T) {
	for _, n := range []int{3, 4} {
		_, m, spec := instance(t, arvy.Config{N: n, Recycle: true, NewParent: arvy.Any}, nil)
		spec.Fairness = checker.WeaklyFair
		if res := run(t, m, spec, 2); res.Verdict() != checker.Holds {
			t.Errorf("n=%d weakly fair: %+v", n, res.Checks)
		}
		spec.Fairness = checker.Unfair
		res := run(t, m, spec, 2)
		for _, c := range res.Checks {
			if !strings.HasPrefix(c.Name, "eventually") {
				continue
			}
			if c.Verdict != checker.Violated || c.Trace == nil || !c.Trace.IsLasso() || !strings.Contains(c.Detail, "starves the find of") {
				t.Errorf("n=%d unfair: %s %s %q", n, c.Name, c.Verdict, c.Detail)
			}
		}
	}
}

// The bridge's invariants under concurrent requests (one per node) on rings of 4 and 6, from
// Algorithm 2's configuration, with the lemmas.
func TestBridgeInvariants(t *testing.T) {
	for _, tc := range []struct {
		n      int
		states uint64
		worst  uint64
	}{{4, 942, 20}, {6, 102_698, 36}} {
		_, m, spec := instance(t, arvy.Config{N: tc.n, Requests: 1, NewParent: arvy.Bridge}, [][]int{arvy.RingStart(tc.n)})
		res := run(t, m, spec, 0)
		if res.Verdict() != checker.Holds || res.Stats.States != tc.states || *res.WorstCaseSteps != tc.worst {
			t.Errorf("ring of %d: %s, %d states, worst %d: %+v", tc.n, res.Verdict(), res.Stats.States, *res.WorstCaseSteps, res.Checks)
		}
	}
}

// perNode hides the protocol's fairness units: weak fairness is then per node.
type perNode struct{ model.Protocol }

// Fairness per node is not enough for Theorem 5 with unbounded requests: the loop that keeps
// a find in transit moves its receiver (it requests and passes the token on), so it is fair
// to every node. Only fairness per message excludes it.
func TestPerNodeFairnessIsNotEnough(t *testing.T) {
	p, _, spec := instance(t, arvy.Config{N: 3, Recycle: true, NewParent: arvy.Any}, nil)
	init, err := p.Starts(arvy.RootedTrees(3))
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(perNode{p}, model.Central, model.From(init))
	if err != nil {
		t.Fatal(err)
	}
	spec.Fairness = checker.WeaklyFair
	spec.Checks = []checker.Check{checker.CheckEventually}
	for _, c := range run(t, m, spec, 2).Checks {
		if c.Verdict != checker.Violated || !c.Trace.IsLasso() {
			t.Errorf("%s under fairness per node: %s %q", c.Name, c.Verdict, c.Detail)
		}
	}
}
