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
		spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
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

// ladder climbs from 0 to top one step at a time, a 3-byte counter: the longest execution to
// the legitimate top is top steps long.
type ladder struct {
	schema *model.Schema
	top    int
}

func newLadder(top int) *ladder {
	d := model.Range(256)
	s, err := model.NewSchema(0, model.Var{Name: "lo", Owner: model.Global, Domain: d},
		model.Var{Name: "mid", Owner: model.Global, Domain: d}, model.Var{Name: "hi", Owner: model.Global, Domain: d})
	if err != nil {
		panic(err)
	}
	return &ladder{schema: s, top: top}
}

func (l *ladder) Schema() *model.Schema             { return l.schema }
func (l *ladder) Init(yield func(model.State) bool) { yield(model.State{0, 0, 0}) }
func (l *ladder) value(s model.State) int           { return int(s[0]) | int(s[1])<<8 | int(s[2])<<16 }
func (l *ladder) Successors(s model.State, yield func(model.Step, model.State) bool) {
	if v := l.value(s) + 1; v <= l.top {
		yield(model.Step{}, model.State{byte(v), byte(v >> 8), byte(v >> 16)})
	}
}

// The labels of the longest-execution search start at 8 bits and widen to 16 and 32 when a
// path does not fit: the worst case is exact on each side of each width.
func TestLabelWidths(t *testing.T) {
	tops := []int{254, 255, 300, 65533, 65534, 70000}
	if testing.Short() { // a BFS level per step: 70,000 levels take seconds
		tops = tops[:3]
	}
	for _, top := range tops {
		l := newLadder(top)
		spec := checker.Spec{Checks: []checker.Check{checker.CheckConvergence, checker.CheckWorstCase},
			Properties: model.Properties{
				Legit: func(s model.State) bool { return l.value(s) == top },
			}}
		res := run(t, l, spec, 2)
		if res.Verdict() != checker.Holds || res.WorstCaseSteps == nil || *res.WorstCaseSteps != uint64(top) {
			t.Fatalf("top %d: %v, worst case %v", top, verdicts(res), res.WorstCaseSteps)
		}
	}
}
