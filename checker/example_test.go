package checker_test

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/shard"
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

// The checks of one configuration or one step, split into shards of the universe's ranks
// (each shard could run on another machine) and merged into the whole run's result: here
// deadlock outside "process 0 holds 0" (every value 1, or every value 2) and its closure,
// which process 0 leaves by raising its value (docs/CLUSTER.md).
func ExampleMergeShards() {
	p, err := newMaximum(4, 3)
	if err != nil {
		panic(err)
	}
	m, err := model.Daemonize(p, model.Central)
	if err != nil {
		panic(err)
	}
	spec := checker.Spec{Checks: []checker.Check{checker.CheckDeadlock, checker.CheckClosure},
		Properties: model.Properties{Legit: func(s model.State) bool { return s[p.x[0]] == 0 }}}
	var parts []*checker.Result
	for i := range 3 {
		res, err := checker.Run(context.Background(), m, spec, checker.Options{Shard: &shard.Shard{Index: i, Count: 3}})
		if err != nil {
			panic(err)
		}
		fmt.Printf("shard %d: ranks %d to %d, %s\n", i, res.Stats.Ranks.First, res.Stats.Ranks.First+res.Stats.Ranks.Count-1, res.Verdict())
		parts = append(parts, res)
	}
	whole, err := checker.MergeShards(context.Background(), m, spec, checker.Options{}, parts)
	if err != nil {
		panic(err)
	}
	for _, c := range whole.Checks {
		fmt.Println(c.Name, c.Verdict, c.Trace.States[0])
	}
	fmt.Printf("%d states, %d transitions\n", whole.Stats.States, whole.Stats.Transitions)
	// Output:
	// shard 0: ranks 0 to 26, holds
	// shard 1: ranks 27 to 53, violated
	// shard 2: ranks 54 to 80, violated
	// deadlock violated [1 1 1 1]
	// closure violated [0 0 0 1]
	// 81 states, 108 transitions
}
