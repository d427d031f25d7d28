package checker_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// flippers is an anonymous ring of n processes, each owning a bit it may always flip: no
// configuration is legitimate, so every execution avoids the legitimate set.
type flippers struct{ schema *model.Schema }

func newFlippers(n int) *flippers { return &flippers{schema: bits(n, "b")} }

// bits is the schema of a ring of n processes that each own a bit, named name<p>.
func bits(n int, name string) *model.Schema {
	b := model.NewBuilder(n)
	for p := range n {
		b.Var(fmt.Sprintf("%s%d", name, p), model.Owner(p), model.Range(2))
	}
	s, err := b.Schema()
	if err != nil {
		panic(err)
	}
	return s
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

// Rules and Footprint: each process's one rule reads and writes its own bit.
func (f *flippers) Rules(int) int { return 1 }
func (f *flippers) Footprint(p, _ int) model.Footprint {
	return model.Footprint{Reads: []int{p}, Writes: []int{p}}
}
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
			q, err := symmetry.ByRotation(m, 1)
			if err != nil {
				t.Fatal(err)
			}
			res, err := checker.Run(context.Background(), q, checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{Legit: never}},
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

// copyEither is an anonymous ring of n bits where a process may copy either neighbour that
// differs from it: one action per neighbour, numbered in increasing order of the neighbour's
// index, as the language numbers a rule's parameter. Action 0 is the left neighbour's copy for
// every process but process 0, whose left neighbour is n-1: rule numbers do not rotate.
type copyEither struct{ schema *model.Schema }

func newCopyEither(n int) *copyEither { return &copyEither{schema: bits(n, "x")} }

func (c *copyEither) Neighbors(p int) []int {
	n := c.schema.Procs()
	l, r := (p+n-1)%n, (p+1)%n
	return []int{min(l, r), max(l, r)}
}
func (c *copyEither) Schema() *model.Schema    { return c.schema }
func (c *copyEither) RuleName(p, r int) string { return fmt.Sprintf("copy(p%d)", c.Neighbors(p)[r]) }
func (c *copyEither) RotationBlock() int       { return 1 }
func (c *copyEither) Enabled(s model.State, p int, dst []int) []int {
	for i, q := range c.Neighbors(p) {
		if s[q] != s[p] {
			dst = append(dst, i)
		}
	}
	return dst
}
func (c *copyEither) Fire(s model.State, moves []model.Move, next model.State) {
	for _, mv := range moves {
		next[mv.Proc] = s[c.Neighbors(mv.Proc)[mv.Rule]]
	}
}

// The lift rotates the processes that move, not their rule numbers, which a rotational
// protocol may number per process (found in review, issue 33): on the copy-either ring the
// quotient's verdicts are the unreduced run's, with traces that replay, where the lift once
// found "no step of the model".
func TestLiftIgnoresRuleNumbers(t *testing.T) {
	same := func(s model.State) bool { return s[0] == s[1] && s[1] == s[2] && s[2] == s[3] }
	spec := checker.Spec{Checks: []checker.Check{checker.CheckConvergence, checker.CheckWorstCase}, Properties: model.Properties{Legit: same}}
	for _, d := range []model.Daemon{model.Central, model.Distributed} {
		m, _ := model.Daemonize(newCopyEither(4), d)
		q, err := symmetry.ByRotation(m, 1)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		reduced, err := checker.Run(context.Background(), q, spec, checker.Options{Workers: 1})
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		for i, c := range reduced.Checks {
			if c.Verdict != plain.Checks[i].Verdict || c.Trace != nil && model.Replay(m, c.Trace) != nil {
				t.Errorf("%s: %s %s with symmetry, %s without", d, c.Name, c.Verdict, plain.Checks[i].Verdict)
			}
		}
	}
}
