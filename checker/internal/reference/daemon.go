package reference

import (
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// Step is one step of a protocol under a daemon, as the reference enumerates it.
type Step struct {
	To     model.State
	Movers uint64 // the processes that move
	Moves  int
}

// Steps lists the steps of protocol p under daemon d from s, from the daemons' definitions
// alone: the daemon chooses a non-empty set of enabled processes (central: one; synchronous:
// all of them; locally-central: no two of which read one another; distributed: any), each
// chosen process one of its enabled rules, and every choice fires on s at once. Each choice
// is a step, even where two give the same configuration. The blocks daemon is a reduction,
// not a daemon: the reference has none.
func Steps(p model.Protocol, d model.Daemon, s model.State) []Step {
	var out []Step
	eachStep(p, d, s, func(t model.State, movers uint64, moves []model.Move) {
		out = append(out, Step{To: t.Clone(), Movers: movers, Moves: len(moves)})
	})
	return out
}

// eachStep yields the steps of Steps; the configuration is valid only during the call.
func eachStep(p model.Protocol, d model.Daemon, s model.State, yield func(t model.State, movers uint64, moves []model.Move)) {
	n := p.Schema().Procs()
	rules := make([][]int, n)
	var enabled []int
	for q := range n {
		if rules[q] = p.Enabled(s, q, nil); len(rules[q]) > 0 {
			enabled = append(enabled, q)
		}
	}
	t := s.Clone()
	for _, set := range chosen(p, d, enabled) {
		var movers uint64
		for _, q := range set {
			movers |= 1 << q
		}
		fireEvery(p, s, t, set, rules, func(moves []model.Move) { yield(t, movers, moves) })
	}
}

// chosen lists the sets of processes daemon d may choose among the enabled ones.
func chosen(p model.Protocol, d model.Daemon, enabled []int) [][]int {
	var sets [][]int
	switch d {
	case model.Central:
		for _, q := range enabled {
			sets = append(sets, []int{q})
		}
	case model.Synchronous:
		if len(enabled) > 0 {
			sets = append(sets, enabled)
		}
	case model.Distributed, model.LocallyCentral:
		for mask := 1; mask < 1<<len(enabled); mask++ {
			var set []int
			for i, q := range enabled {
				if mask&(1<<i) != 0 {
					set = append(set, q)
				}
			}
			if d == model.Distributed || independent(p, set) {
				sets = append(sets, set)
			}
		}
	default:
		panic("reference: no daemon " + d.String())
	}
	return sets
}

// independent reports whether no process of set reads another.
func independent(p model.Protocol, set []int) bool {
	for _, q := range set {
		for _, r := range p.Neighbors(q) {
			for _, o := range set {
				if o == r && o != q {
					return false
				}
			}
		}
	}
	return true
}

// fireEvery fires every choice of one enabled rule per process of set on s, into t.
func fireEvery(p model.Protocol, s, t model.State, set []int, rules [][]int, yield func([]model.Move)) {
	pick := make([]int, len(set))
	moves := make([]model.Move, len(set))
	for {
		for i, q := range set {
			moves[i] = model.Move{Proc: q, Rule: rules[q][pick[i]]}
		}
		copy(t, s)
		p.Fire(s, moves, t)
		yield(moves)
		i := 0
		for ; i < len(set); i++ {
			if pick[i]++; pick[i] < len(rules[set[i]]) {
				break
			}
			pick[i] = 0
		}
		if i == len(set) {
			return
		}
	}
}

// EnabledMask is the set of processes with an enabled rule in s.
func EnabledMask(p model.Protocol, s model.State) uint64 {
	var m uint64
	for q := range p.Schema().Procs() {
		if len(p.Enabled(s, q, nil)) > 0 {
			m |= 1 << q
		}
	}
	return m
}

// exploreProtocol is the graph of p under d from init, with the reference's own daemon.
func exploreProtocol(p model.Protocol, d model.Daemon, init []model.State) *graph {
	g := &graph{index: map[string]int{}, fair: true}
	for _, s := range init {
		g.add(s, 0)
	}
	g.initial = len(g.states)
	for i := 0; i < len(g.states); i++ {
		eachStep(p, d, g.states[i], func(t model.State, movers uint64, moves []model.Move) {
			g.adj[i] = append(g.adj[i], arc{to: g.add(t, g.depth[i]+1), moves: len(moves), movers: movers, acts: slices.Clone(moves)})
		})
		g.units = append(g.units, EnabledMask(p, g.states[i]))
	}
	return g
}

// Universe lists every configuration of a schema, counting in mixed radix over its
// variables, the first the least significant: the reference's own enumeration, not the
// checker's universe.Universe.
func Universe(s *model.Schema) []model.State {
	var out []model.State
	c := s.NewState()
	for {
		out = append(out, c.Clone())
		i := 0
		for ; i < len(c); i++ {
			if c[i]++; int(c[i]) < s.Vars[i].Domain.Size {
				break
			}
			c[i] = 0
		}
		if i == len(c) {
			return out
		}
	}
}
