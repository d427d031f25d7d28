package arvy_test

import (
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/models/arvy"
)

// Lemma 1 (Khanchandani and Wattenhofer, SPAA 2019): concurrent events, at most one a node,
// give the same configuration in every order. It is what lets the model run one event a
// step (the central daemon) without losing an execution. Checked on every configuration
// reachable from every rooted tree, with one request a node (n = 3 and 4; 5 in the long
// tier) and with recycled requests (n = 3), for Arvy's whole family and for Arrow, Ivy and
// the bridge: any two events enabled at two nodes stay enabled after each other, and both
// orders reach one configuration. The check fails where events at two nodes interfere
// (TestCommutingFailsWhereEventsInterfere).
func TestLemma1ConcurrentEventsCommute(t *testing.T) {
	cases := []arvy.Config{{N: 3, Requests: 1, NewParent: arvy.Any}, {N: 4, Requests: 1, NewParent: arvy.Any},
		{N: 4, Requests: 1, NewParent: arvy.Arrow}, {N: 4, Requests: 1, NewParent: arvy.Ivy},
		{N: 4, Requests: 1, NewParent: arvy.Bridge}, {N: 3, Recycle: true, NewParent: arvy.Any}}
	switch {
	case testtier.Long():
		cases = append(cases, arvy.Config{N: 5, Requests: 1, NewParent: arvy.Any})
	case testing.Short():
		cases = []arvy.Config{cases[0], cases[4], cases[5]}
	}
	for _, cfg := range cases {
		p, err := arvy.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		trees := arvy.RootedTrees(cfg.N)
		if cfg.NewParent == arvy.Bridge {
			trees = [][]int{arvy.RingStart(cfg.N)}
		}
		init, err := p.Starts(trees)
		if err != nil {
			t.Fatal(err)
		}
		states, pairs, err := commuting(p, init)
		if err != nil {
			t.Errorf("%+v: %v", cfg, err)
		}
		if pairs == 0 {
			t.Errorf("%+v: no two concurrent events in %d configurations", cfg, states)
		}
		t.Logf("%+v: %d configurations, %d pairs of concurrent events commute", cfg, states, pairs)
	}
}

// commuting explores the configurations reachable from init, one event a step, and checks
// that every two events enabled at two nodes commute; it returns the configurations, the
// pairs checked and the first pair that does not commute.
func commuting(p model.Protocol, init []model.State) (states, pairs int, err error) {
	seen := map[string]bool{}
	queue := []model.State{}
	for _, s := range init {
		if !seen[string(s)] {
			seen[string(s)] = true
			queue = append(queue, s)
		}
	}
	n := p.Schema().Procs()
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		var moves []model.Move
		for v := range n {
			for _, r := range p.Enabled(s, v, nil) {
				moves = append(moves, model.Move{Proc: v, Rule: r})
			}
		}
		for _, a := range moves {
			t := fire(p, s, a)
			if !seen[string(t)] {
				seen[string(t)] = true
				queue = append(queue, t)
			}
			for _, b := range moves {
				if b.Proc <= a.Proc {
					continue
				}
				pairs++
				if e := commute(p, s, a, b); e != nil {
					return len(seen), pairs, fmt.Errorf("in %s: %v", p.Schema().Format(s), e)
				}
			}
		}
	}
	return len(seen), pairs, nil
}

// commute checks that events a and b, both enabled in s, stay enabled after each other and
// reach one configuration in either order.
func commute(p model.Protocol, s model.State, a, b model.Move) error {
	sa, sb := fire(p, s, a), fire(p, s, b)
	if !enabled(p, sa, b) || !enabled(p, sb, a) {
		return fmt.Errorf("%s and %s: one disables the other", p.RuleName(a.Proc, a.Rule), p.RuleName(b.Proc, b.Rule))
	}
	if ab, ba := fire(p, sa, b), fire(p, sb, a); !ab.Equal(ba) {
		return fmt.Errorf("%s then %s gives %s, the other order %s", p.RuleName(a.Proc, a.Rule), p.RuleName(b.Proc, b.Rule),
			p.Schema().Format(ab), p.Schema().Format(ba))
	}
	return nil
}

func fire(p model.Protocol, s model.State, m model.Move) model.State {
	next := s.Clone()
	p.Fire(s, []model.Move{m}, next)
	return next
}

func enabled(p model.Protocol, s model.State, m model.Move) bool {
	for _, r := range p.Enabled(s, m.Proc, nil) {
		if r == m.Rule {
			return true
		}
	}
	return false
}

// race is two nodes that both copy the other's value plus one: the order of their events
// decides the result, so they do not commute.
type race struct{ schema *model.Schema }

func (r race) Schema() *model.Schema  { return r.schema }
func (race) Neighbors(p int) []int    { return []int{1 - p} }
func (race) RuleName(int, int) string { return "copy" }
func (race) Enabled(s model.State, p int, dst []int) []int {
	if s[0] < 3 && s[1] < 3 {
		return append(dst, 0)
	}
	return dst
}
func (race) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[m.Proc] = s[1-m.Proc] + 1
	}
}

func TestCommutingFailsWhereEventsInterfere(t *testing.T) {
	b := model.NewBuilder(2)
	b.Add(model.Var{Name: "x0", Owner: 0, Domain: model.Range(4)})
	b.Add(model.Var{Name: "x1", Owner: 1, Domain: model.Range(4)})
	s, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := commuting(race{s}, []model.State{{0, 0}}); err == nil {
		t.Fatal("two events that read each other's write commute")
	}
}
