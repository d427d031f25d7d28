package checker_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/shard"
	"github.com/mc-checker/mc/models/dijkstra"
)

// shardSpec is Dijkstra's ring checked configuration by configuration, where most checks
// fail: "exactly one privileged" as an invariant (false from most configurations), the
// bottom process never moving (an action invariant), deadlock (none: some process is
// always privileged, Dijkstra's ring) and closure of "x0 = 0" (the bottom process moves it).
func shardSpec(t *testing.T, n, k int, d model.Daemon) (model.Model, checker.Spec) {
	r, err := dijkstra.New(n, k)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(r, d) // without ring()'s lint, which takes 20 times as long
	if err != nil {
		t.Fatal(err)
	}
	bottomStill := func(_ model.State, st model.Step, _ model.State) bool {
		return !slices.ContainsFunc(st.Moves, func(mv model.Move) bool { return mv.Proc == 0 })
	}
	return m, checker.Spec{Checks: []checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock, checker.CheckClosure},
		Properties: model.Properties{
			Legit:      func(s model.State) bool { return s[0] == 0 },
			Invariants: []model.Property{{Name: "some-privileged", Holds: r.SomePrivileged()}, {Name: "one-privileged", Holds: r.Legitimate()}},
			Actions:    []model.ActionProperty{{Name: "bottom-still", Holds: bottomStill}},
		}}
}

// shards runs spec on m in count shards.
func shards(t *testing.T, m model.Model, spec checker.Spec, count, workers int) []*checker.Result {
	t.Helper()
	var parts []*checker.Result
	for i := range count {
		res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: workers, Shard: &shard.Shard{Index: i, Count: count}})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, res)
	}
	return parts
}

// Issue 40: the shards of a per-configuration check, merged, are the whole run: every
// verdict, detail and counterexample (the least rank's, one configuration or one step from
// it), and the figures, in 1, 3 and 8 shards, with 1 and 3 workers, and in more shards than
// configurations (27 configurations in 30 shards, most of them empty).
func TestShardsAreTheWholeRun(t *testing.T) {
	for _, c := range []struct {
		n, k   int
		d      model.Daemon
		counts []int
	}{{6, 4, model.Distributed, []int{1, 3, 8}}, {5, 5, model.Central, []int{3}}, {3, 3, model.Synchronous, []int{30}}} {
		m, spec := shardSpec(t, c.n, c.k, c.d)
		whole := run(t, m, spec, 2)
		if whole.Verdict() != checker.Violated || verdicts(whole)["invariant some-privileged"] != checker.Holds || verdicts(whole)["deadlock"] != checker.Holds {
			t.Fatalf("n=%d: the whole run: %v", c.n, verdicts(whole))
		}
		for _, count := range c.counts {
			for _, workers := range []int{1, 3} {
				merged, err := checker.MergeShards(context.Background(), m, spec, checker.Options{}, shards(t, m, spec, count, workers))
				if err != nil {
					t.Fatal(err)
				}
				for i, w := range whole.Checks {
					got := merged.Checks[i]
					if got.Name != w.Name || got.Verdict != w.Verdict || got.Detail != w.Detail || fmt.Sprint(got.Trace) != fmt.Sprint(w.Trace) {
						t.Errorf("n=%d, %d shards, %d workers: %s %s %q, the whole run's %s %s %q", c.n, count, workers, got.Name, got.Verdict, got.Detail, w.Name, w.Verdict, w.Detail)
					}
				}
				g, w := merged.Stats, whole.Stats
				if g.States != w.States || g.InitialStates != w.InitialStates || g.Transitions != w.Transitions || g.Universe != w.Universe || g.Store != w.Store || g.Ranks != nil {
					t.Errorf("n=%d, %d shards: figures %+v, the whole run's %+v", c.n, count, g, w)
				}
			}
		}
	}
}

// A shard keeps nothing per configuration: one of Dijkstra's ring of 13 (13^13 ≈ 3·10^14
// configurations, a dense store of hundreds of terabytes, refused whole) checks its 100,000
// or so configurations, the last of the universe, and every check holds there.
func TestShardOfAHugeUniverse(t *testing.T) {
	r, err := dijkstra.New(13, 13)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(r, model.Central) // without ring()'s lint
	if err != nil {
		t.Fatal(err)
	}
	spec := checker.Spec{Checks: []checker.Check{checker.CheckInvariant, checker.CheckDeadlock, checker.CheckClosure},
		Properties: model.Properties{Legit: r.Legitimate(), Invariants: []model.Property{{Name: "some-privileged", Holds: r.SomePrivileged()}}}}
	budget := checker.Options{MemoryBudget: 1 << 30}
	if _, err := checker.Run(context.Background(), m, spec, budget); err == nil || !strings.Contains(err.Error(), "over the memory budget") {
		t.Fatalf("the whole universe in the dense store: %v, want refused over the budget", err)
	}
	const universe, count = 302875106592253, 3_000_000_000
	s := shard.Shard{Index: count - 1, Count: count}
	first, n := s.Ranks(universe)
	budget.Shard = &s
	res, err := checker.Run(context.Background(), m, spec, budget)
	if err != nil {
		t.Fatal(err)
	}
	if st := res.Stats; st.UniverseSize != universe || *st.Ranks != (checker.Ranks{First: first, Count: n}) || st.States != n || st.Transitions < n || first+n != universe || res.Verdict() != checker.Holds {
		t.Fatalf("the last shard: %+v, %v", st, verdicts(res))
	}
	t.Logf("%d configurations, %d transitions, %.3f s", res.Stats.States, res.Stats.Transitions, res.Stats.Seconds)
}

// MergeShards refuses results that are not one run's shards, in order and whole, and a
// counterexample its configuration does not give.
func TestMergeShardsRefuses(t *testing.T) {
	m, spec := shardSpec(t, 5, 5, model.Central)
	parts := shards(t, m, spec, 3, 1)
	other := spec
	other.Invariants = other.Invariants[:1]
	edited := *parts[0]
	edited.Checks = slices.Clone(parts[0].Checks)
	for i, c := range edited.Checks {
		if c.Verdict == checker.Violated {
			trace := *c.Trace
			trace.States = slices.Clone(trace.States)
			trace.States[0] = model.State{0, 0, 0, 0, 0} // legitimate: only the bottom process is privileged
			edited.Checks[i].Trace = &trace
			break
		}
	}
	moved := &checker.Result{Stats: parts[0].Stats, Checks: slices.Clone(parts[0].Checks)} // shard 2's violation in shard 0's part
	for i, c := range parts[2].Checks {
		if c.Verdict == checker.Violated {
			moved.Checks[i] = c
		}
	}
	for name, c := range map[string]struct {
		spec  checker.Spec
		parts []*checker.Result
		want  string
	}{
		"a shard missing":   {spec, parts[:2], "the shards check ranks up to"},
		"out of order":      {spec, []*checker.Result{parts[1], parts[0], parts[2]}, "give every shard's, in order"},
		"a whole run":       {spec, []*checker.Result{run(t, m, spec, 1)}, "is not a shard's"},
		"another spec":      {other, parts, "the shards are not this run's"},
		"moved":             {spec, []*checker.Result{moved, parts[1], parts[2]}, "outside its shard's ranks"},
		"an edited example": {spec, []*checker.Result{&edited, parts[1], parts[2]}, "is not the one its first configuration"},
	} {
		if _, err := checker.MergeShards(context.Background(), m, c.spec, checker.Options{}, c.parts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
	// Interrupted, the merge checks no counterexample again: it says so, not that the parts
	// were edited.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := checker.MergeShards(ctx, m, spec, checker.Options{}, parts); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled merge: %v", err)
	}
}
