package dijkstra_test

import (
	"context"
	"runtime/debug"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// The universe explored hashed, its visited set in sorted runs looked up a segment at a time
// (issue 4's path for n=9, at n=7), gives the dense store's verdicts and figures: K = n-1
// converges in (3n²-5n-2)/2 = 55 moves at worst, and K = n-2 does not, with a lasso of n·K
// steps (Fokkink, Hoepman, Pang 2005), for one worker and two.
func TestOnDisk(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(64 << 20))
	const n = 7
	for _, workers := range []int{1, 2} {
		for _, k := range []int{n - 1, n - 2} {
			r := newRing(t, n, k)
			m, err := model.Daemonize(r, model.Central)
			if err != nil {
				t.Fatal(err)
			}
			opts := checker.Options{Workers: workers, Store: checker.StoreDisk, Dir: t.TempDir(), MemoryBudget: 64 << 20} // segments of 175k edges
			res, err := checker.Run(context.Background(), m, checker.Spec{Checks: stabilization, Properties: model.Properties{Legit: r.Legitimate()}}, opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Store != "disk+runs" || res.Stats.SpilledStates == 0 || res.Stats.States != pow(k, n) {
				t.Fatalf("K=%d: store %q, %d states spilled, %d states", k, res.Stats.Store, res.Stats.SpilledStates, res.Stats.States)
			}
			if k == n-1 {
				if res.Verdict() != checker.Holds || *res.WorstCaseMoves != (3*n*n-5*n-2)/2 {
					t.Fatalf("K=%d: %+v", k, res.Checks)
				}
				continue
			}
			c := res.Checks[1]
			if c.Name != "convergence" || c.Verdict != checker.Violated {
				t.Fatalf("K=%d: %+v", k, res.Checks)
			}
			assertAvoidingLasso(t, r, c.Trace, n*k)
		}
	}
}
