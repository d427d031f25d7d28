package runs_test

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
)

// A run of the catalogue built and checked through the library alone (docs/LIBRARY.md):
// Dijkstra's ring of 4 machines under the distributed daemon's block reduction, its
// recovery from one fault under the distributed daemon, and a combination the checker's
// table refuses, with its reason, before anything is built.
func Example() {
	ctx := context.Background()
	ring := runs.Description{Model: "dijkstra", Params: map[string]int{"n": 4, "K": 4}, Daemon: "distributed"}

	stabilizes := ring
	stabilizes.Reduce, stabilizes.Checks = "blocks", []string{"closure", "convergence"}
	run, _ := stabilizes.Build()
	res, _ := run.Check(ctx, checker.Options{})
	fmt.Println("blocks:", res.Verdict(), res.Stats.States, "states")

	recovers := ring
	recovers.Checks, recovers.Faults = []string{"recovery"}, 1
	run, _ = recovers.Build()
	res, _ = run.Check(ctx, checker.Options{})
	fmt.Println("recovery:", res.Verdict(), "within", *res.Recovery.LastSteps, "steps of the fault")
	fmt.Println("note:", run.Notes[len(run.Notes)-1])

	worst := stabilizes
	worst.Checks = []string{"closure", "worst-case"}
	_, err := worst.Build()
	fmt.Println("refused:", err)
	// Output:
	// blocks: holds 256 states
	// recovery: holds within 12 steps of the fault
	// note: recovery: at most 1 fault, each rewriting any variables of one process, at any time, from every legitimate configuration; the end: back in the legitimate set
	// refused: the blocks reduction keeps reachable configurations, deadlocks and cycles, not the steps themselves: it applies to invariants, deadlock, closure, characterise and (with closure) convergence
}
