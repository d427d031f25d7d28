package checker_test

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// maximum is a protocol of n processes on a ring, each holding a value; a process whose value
// is below its left neighbour's takes it. Legitimate: every value is the same (the largest).
type maximum struct {
	sch *model.Schema
	x   []model.Ref // each process's value
}

func newMaximum(n, values int) (*maximum, error) {
	b := model.NewBuilder(n)
	p := &maximum{}
	for i := range n {
		p.x = append(p.x, b.Var(fmt.Sprintf("x%d", i), model.Owner(i), model.Range(values)))
	}
	var err error
	p.sch, err = b.Schema()
	return p, err
}

func (p *maximum) Schema() *model.Schema { return p.sch }

// left is the process i reads.
func (p *maximum) left(i int) int { return (i + len(p.x) - 1) % len(p.x) }

func (p *maximum) Neighbors(i int) []int { return []int{p.left(i)} }

func (p *maximum) Enabled(s model.State, i int, dst []int) []int {
	if s[p.x[i]] < s[p.x[p.left(i)]] {
		dst = append(dst, 0) // rule 0: raise
	}
	return dst
}

func (p *maximum) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[p.x[m.Proc]] = s[p.x[p.left(m.Proc)]] // reads s, writes next: composite atomicity
	}
}

func (p *maximum) RuleName(int, int) string { return "raise" }

func (p *maximum) legitimate(s model.State) bool {
	for _, r := range p.x {
		if s[r] != s[p.x[0]] {
			return false
		}
	}
	return true
}

// A protocol defined from scratch and checked end to end: from every one of the 3^4
// configurations of 4 processes on a ring, under the distributed daemon, every value becomes
// the largest and stays so. docs/PROTOCOLS.md builds a protocol step by step.
func ExampleRun() {
	p, err := newMaximum(4, 3)
	if err != nil {
		panic(err)
	}
	m, err := model.Daemonize(p, model.Distributed, model.WithLint())
	if err != nil {
		panic(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{
		Checks:     []checker.Check{checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase},
		Properties: model.Properties{Legit: p.legitimate},
	}, checker.Options{})
	if err != nil {
		panic(err)
	}
	for _, c := range res.Checks {
		fmt.Println(c.Name, c.Verdict)
	}
	fmt.Printf("%d states, %d transitions, %s store\n", res.Stats.States, res.Stats.Transitions, res.Stats.Store)
	fmt.Printf("worst case: %d moves, %d steps\n", *res.WorstCaseMoves, *res.WorstCaseSteps)
	// Output:
	// closure holds
	// convergence holds
	// worst-case holds
	// 81 states, 138 transitions, dense store
	// worst case: 5 moves, 5 steps
}
