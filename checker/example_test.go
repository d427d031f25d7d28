package checker_test

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// agree is a protocol of processes on a line, each holding a colour; a process whose colour
// differs from its left neighbour's copies it. Legitimate: every colour is the same.
type agree struct {
	sch *model.Schema
	x   []model.Ref // each process's colour
}

func newAgree(n, colours int) (*agree, error) {
	b := model.NewBuilder(n)
	p := &agree{}
	for i := range n {
		p.x = append(p.x, b.Var(fmt.Sprintf("x%d", i), model.Owner(i), model.Range(colours)))
	}
	var err error
	p.sch, err = b.Schema()
	return p, err
}

func (p *agree) Schema() *model.Schema { return p.sch }

// Neighbors: process i reads its left neighbour.
func (p *agree) Neighbors(i int) []int {
	if i == 0 {
		return nil
	}
	return []int{i - 1}
}

func (p *agree) Enabled(s model.State, i int, dst []int) []int {
	if i > 0 && s[p.x[i]] != s[p.x[i-1]] {
		dst = append(dst, 0) // rule 0: copy
	}
	return dst
}

func (p *agree) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[p.x[m.Proc]] = s[p.x[m.Proc-1]] // reads s, writes next: composite atomicity
	}
}

func (p *agree) RuleName(int, int) string { return "copy" }

func (p *agree) legitimate(s model.State) bool {
	for i := range p.x {
		if s[p.x[i]] != s[p.x[0]] {
			return false
		}
	}
	return true
}

// A protocol defined from scratch and checked end to end: from every one of the 3^4
// configurations, under the distributed daemon, the line agrees on one colour and stays so;
// the worst execution takes 6 moves (a daemon that moves one process at a time can take 6
// steps).
func ExampleRun() {
	p, err := newAgree(4, 3)
	if err != nil {
		panic(err)
	}
	m, err := model.Daemonize(p, model.Distributed, model.WithLint())
	if err != nil {
		panic(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{
		Checks: []checker.Check{checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase},
		Legit:  p.legitimate,
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
	// 81 states, 294 transitions, dense store
	// worst case: 6 moves, 6 steps
}
