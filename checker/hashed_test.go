package checker_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// A universe explored by the hashed BFS (--hashed: the lock-free visited set, batched
// lookups, the commit by notes, the central daemon's batch of successors) gives the dense
// store's verdicts, counts and worst case, for 1, 2 and 8 workers: on a ring that converges
// (K = n-1 suffices under the central daemon, Dijkstra 1974) and on one whose K is too small.
func TestHashedUniverseIsDense(t *testing.T) {
	for _, nk := range [][3]int{{5, 4, int(checker.Holds)}, {6, 2, int(checker.Violated)}} {
		r, err := dijkstra.New(nk[0], nk[1])
		if err != nil {
			t.Fatal(err)
		}
		m, _ := model.Daemonize(r, model.Central)
		spec := checker.Spec{Checks: allChecks, Legit: r.Legitimate()}
		dense := run(t, m, spec, 2)
		if got := verdicts(dense)["convergence"]; got != checker.Verdict(nk[2]) {
			t.Fatalf("n=%d K=%d: convergence %v in the dense store, want %v", nk[0], nk[1], got, checker.Verdict(nk[2]))
		}
		for _, w := range []int{1, 2, 8} {
			res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: w, Hashed: true, Store: checker.StoreMemory})
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Store != "memory" || res.Stats.States != dense.Stats.States || res.Stats.Transitions != dense.Stats.Transitions ||
				!reflect.DeepEqual(verdicts(res), verdicts(dense)) || !reflect.DeepEqual(res.WorstCaseMoves, dense.WorstCaseMoves) {
				t.Fatalf("n=%d K=%d workers=%d: hashed %s %+v %v, dense %+v %v", nk[0], nk[1], w, res.Stats.Store, res.Stats, verdicts(res), dense.Stats, verdicts(dense))
			}
			for i, c := range res.Checks {
				if (c.Trace == nil) != (dense.Checks[i].Trace == nil) || c.Trace != nil && len(c.Trace.States) != len(dense.Checks[i].Trace.States) {
					t.Fatalf("n=%d K=%d workers=%d: %s's trace differs in length from the dense store's", nk[0], nk[1], w, c.Name)
				}
			}
		}
	}
}
