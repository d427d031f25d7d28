package checker_test

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/shard"
	"github.com/mc-checker/mc/models/dijkstra"
)

// A run built and checked through the library alone (docs/LIBRARY.md): Dijkstra's ring of 4
// machines under the distributed daemon's block reduction, its recovery from one fault under
// the distributed daemon, and a combination the checker's table refuses, with its reason.
func Example_library() {
	ctx := context.Background()
	ring, _ := dijkstra.New(4, 4)
	legit := ring.Legitimate()

	blocks, _ := model.Daemonize(ring, model.Blocks)
	stabilizes := checker.Spec{Properties: model.Properties{Legit: legit}, Checks: []checker.Check{checker.CheckClosure, checker.CheckConvergence}}
	res, _ := checker.Run(ctx, blocks, stabilizes, checker.Options{})
	fmt.Println("blocks:", res.Verdict(), res.Stats.States, "states")

	distributed, _ := model.Daemonize(ring, model.Distributed)
	starts, _ := faults.LegitimateStarts(distributed, legit) // the configurations the fault hits
	faulty, _ := faults.With(distributed, faults.Spec{Budget: 1}, starts, legit)
	recovers := checker.Spec{Properties: model.Properties{Legit: faults.OnBase(faulty, legit)}, Checks: []checker.Check{checker.CheckRecovery}}
	res, _ = checker.Run(ctx, faulty, recovers, checker.Options{})
	fmt.Println("recovery:", res.Verdict(), "within", *res.Recovery.LastSteps, "steps of the fault")

	worst := checker.Spec{Properties: model.Properties{Legit: legit}, Checks: []checker.Check{checker.CheckClosure, checker.CheckWorstCase}}
	_, err := checker.Run(ctx, blocks, worst, checker.Options{})
	fmt.Println("refused:", err)
	// Output:
	// blocks: holds 256 states
	// recovery: holds within 12 steps of the fault
	// refused: the blocks reduction keeps reachable configurations, deadlocks and cycles, not the steps themselves: it applies to invariants, deadlock, closure, characterise and (with closure) convergence
}

// A temporal property through the library (docs/LIBRARY.md): once Dijkstra's ring of 4 is
// legitimate, every machine is privileged infinitely often under the distributed daemon: one
// part of the property per machine, which a counterexample would name.
func Example_temporal() {
	ring, _ := dijkstra.New(4, 4)
	m, _ := model.Daemonize(ring, model.Distributed)
	procs, _ := model.ProcessesOf(m)
	nostarve := model.Temporal{Name: "nostarve", FromLegit: true}
	for p := range 4 {
		privileged := func(s model.State) bool { return procs.EnabledMask(s)&(1<<p) != 0 }
		nostarve.Parts = append(nostarve.Parts, model.Formula{Label: fmt.Sprintf("machine %d", p), Kind: model.AlwaysEventually, P: privileged})
	}
	spec := checker.Spec{Properties: model.Properties{Legit: ring.Legitimate(), Temporal: []model.Temporal{nostarve}}, Checks: []checker.Check{checker.CheckTemporal}}
	res, _ := checker.Run(context.Background(), m, spec, checker.Options{})
	fmt.Println(res.Checks[0].Name, res.Checks[0].Verdict, "-", res.Checks[0].Detail)
	// Output:
	// temporal nostarve holds - from the legitimate configurations, every execution
}

// The checks of one configuration or one step, split into shards of the universe's ranks
// (each shard could run on another machine) and merged into the whole run's result: here
// deadlock outside "process 0 holds 0" (every value 1, or every value 2) and its closure,
// which process 0 leaves by raising its value (docs/LIBRARY.md, docs/CLUSTER.md).
func ExampleMergeShards() {
	ctx := context.Background()
	p, _ := newMaximum(4, 3)
	m, _ := model.Daemonize(p, model.Central)
	spec := checker.Spec{Checks: []checker.Check{checker.CheckDeadlock, checker.CheckClosure},
		Properties: model.Properties{Legit: func(s model.State) bool { return s[p.x[0]] == 0 }}}
	var parts []*checker.Result
	for i := range 3 {
		res, _ := checker.Run(ctx, m, spec, checker.Options{Shard: &shard.Shard{Index: i, Count: 3}})
		parts = append(parts, res)
	}
	whole, _ := checker.MergeShards(ctx, m, spec, checker.Options{}, parts)
	for i, res := range parts {
		fmt.Printf("shard %d: ranks %d to %d, %s\n", i, res.Stats.Ranks.First, res.Stats.Ranks.First+res.Stats.Ranks.Count-1, res.Verdict())
	}
	for _, c := range whole.Checks {
		fmt.Println(c.Name, c.Verdict, c.Trace.States[0])
	}
	fmt.Printf("%d states, %d transitions\n", whole.Stats.States, whole.Stats.Transitions)
	// Output:
	// shard 0: ranks 0 to 26, holds
	// shard 1: ranks 27 to 53, violated
	// shard 2: ranks 54 to 80, violated
	// deadlock violated [1 1 1 1]
	// closure violated [0 0 0 1]
	// 81 states, 108 transitions
}
