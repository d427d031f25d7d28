package checker_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// flippers is an anonymous ring of n processes, each owning a bit it may always flip: no
// configuration is legitimate, so every execution avoids the legitimate set.
type flippers struct{ schema *model.Schema }

func newFlippers(n int) *flippers {
	b := model.NewBuilder(n)
	for p := range n {
		b.Var(fmt.Sprintf("b%d", p), model.Owner(p), model.Range(2))
	}
	s, err := b.Schema()
	if err != nil {
		panic(err)
	}
	return &flippers{schema: s}
}

func (f *flippers) Schema() *model.Schema { return f.schema }
func (f *flippers) Neighbors(p int) []int {
	n := f.schema.Procs()
	if n == 1 {
		return nil
	}
	return []int{(p + n - 1) % n}
}
func (f *flippers) RuleName(int, int) string                      { return "flip" }
func (f *flippers) RotationBlock() int                            { return 1 }
func (f *flippers) Enabled(_ model.State, _ int, dst []int) []int { return append(dst, 0) }
func (f *flippers) Fire(s model.State, moves []model.Move, next model.State) {
	for _, mv := range moves {
		next[mv.Proc] = 1 - s[mv.Proc]
	}
}

// Issue 33, defect 4: with rotation symmetry, the lasso of a convergence violation lifts to
// an execution whose loop closes, under every daemon, and the verdict is the unreduced
// run's. The lift once took, from each configuration, the model's first step into the next
// orbit, which does not commute with rotation: on two flipping bits its loop went 00 ⇄ 10 and
// never came back to 01, an internal error instead of the violation.
func TestRotationLassoCloses(t *testing.T) {
	never := func(model.State) bool { return false }
	for _, n := range []int{2, 3, 4} {
		for _, d := range []model.Daemon{model.Central, model.LocallyCentral, model.Distributed, model.Synchronous} {
			f := newFlippers(n)
			m, err := model.Daemonize(f, d)
			if err != nil {
				t.Fatal(err)
			}
			q, err := model.ByRotation(m, 1)
			if err != nil {
				t.Fatal(err)
			}
			res, err := checker.Run(context.Background(), q, checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Legit: never},
				checker.Options{Workers: 2})
			if err != nil {
				t.Fatalf("n=%d %s: %v", n, d, err)
			}
			c := res.Checks[0]
			if c.Verdict != checker.Violated || !c.Trace.IsLasso() || model.Replay(m, c.Trace) != nil {
				t.Errorf("n=%d %s: %s (%s), trace %+v", n, d, c.Verdict, c.Detail, c.Trace)
			}
		}
	}
}
