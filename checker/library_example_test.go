package checker_test

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
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
	stabilizes := checker.Spec{Legit: legit, Checks: []checker.Check{checker.CheckClosure, checker.CheckConvergence}}
	res, _ := checker.Run(ctx, blocks, stabilizes, checker.Options{})
	fmt.Println("blocks:", res.Verdict(), res.Stats.States, "states")

	distributed, _ := model.Daemonize(ring, model.Distributed)
	starts, _ := faults.LegitimateStarts(distributed, legit) // the configurations the fault hits
	faulty, _ := faults.With(distributed, faults.Spec{Budget: 1}, starts, legit)
	recovers := checker.Spec{Legit: faults.OnBase(faulty, legit), Checks: []checker.Check{checker.CheckRecovery}}
	res, _ = checker.Run(ctx, faulty, recovers, checker.Options{})
	fmt.Println("recovery:", res.Verdict(), "within", *res.Recovery.LastSteps, "steps of the fault")

	worst := checker.Spec{Legit: legit, Checks: []checker.Check{checker.CheckClosure, checker.CheckWorstCase}}
	_, err := checker.Run(ctx, blocks, worst, checker.Options{})
	fmt.Println("refused:", err)
	// Output:
	// blocks: holds 256 states
	// recovery: holds within 12 steps of the fault
	// refused: the blocks reduction keeps reachable configurations, deadlocks and cycles, not the steps themselves: it applies to invariants, deadlock, closure, characterise and (with closure) convergence
}
