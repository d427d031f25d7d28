package symmetry_test

import (
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// copyRing is an anonymous oriented ring of n bits where a process that differs from its
// left neighbour may copy it.
type copyRing struct{ schema *model.Schema }

func newCopyRing(n int) *copyRing {
	b := model.NewBuilder(n)
	for p := range n {
		b.Var(fmt.Sprintf("x%d", p), model.Owner(p), model.Range(2))
	}
	s, _ := b.Schema()
	return &copyRing{schema: s}
}

func (c *copyRing) left(p int) int           { return (p + c.schema.Procs() - 1) % c.schema.Procs() }
func (c *copyRing) Schema() *model.Schema    { return c.schema }
func (c *copyRing) Neighbors(p int) []int    { return []int{c.left(p)} }
func (c *copyRing) RuleName(int, int) string { return "copy" }
func (c *copyRing) RotationBlock() int       { return 1 }
func (c *copyRing) Enabled(s model.State, p int, dst []int) []int {
	if s[p] != s[c.left(p)] {
		dst = append(dst, 0)
	}
	return dst
}
func (c *copyRing) Fire(s model.State, moves []model.Move, next model.State) {
	for _, mv := range moves {
		next[mv.Proc] = s[c.left(mv.Proc)]
	}
}

// Issue 33, defect 5: a lifted step keeps its movers. On the copy ring of four from 0101, the
// distributed step of processes 0, 1, 2 (to 1011) and the step of process 0 alone (to 1101)
// reach one orbit; the quotient's trace takes the first, with 3 moves. The lift once took,
// from the configuration, the model's first step into the next orbit, process 0 alone: a
// worst-case witness shorter in moves than the worst case it shows.
func TestLiftKeepsMovers(t *testing.T) {
	m, err := model.Daemonize(newCopyRing(4), model.Distributed)
	if err != nil {
		t.Fatal(err)
	}
	q, err := symmetry.ByRotation(m, 1)
	if err != nil {
		t.Fatal(err)
	}
	from := model.State{0, 1, 0, 1}
	index := -1
	q.Successors(from, func(st model.Step, _ model.State) bool {
		if st.Movers() == 0b0111 {
			index = st.Index
		}
		return index < 0
	})
	_, to, err := model.StepOf(q, from, index)
	if err != nil {
		t.Fatal(err)
	}
	lifted, err := q.(symmetry.Quotient).Lift(&model.Trace{States: []model.State{from, to}, Steps: []int{index}, LoopStart: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := model.Replay(m, lifted); err != nil {
		t.Fatal(err)
	}
	steps, err := lifted.StepsOf(m)
	if err != nil {
		t.Fatal(err)
	}
	if got := steps[0].MoveCount(); got != 3 {
		t.Errorf("the lifted step has %d moves (movers %b), the quotient's 3", got, steps[0].Movers())
	}
}
