package leader_test

import (
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/leader"
)

// graph is the reachable graph of the protocol under the synchronous daemon, every coin
// outcome a step of its own, each step marked with the events of its round.
type graph struct {
	states []model.State
	succ   [][]edge
	init   []int32
}

type edge struct {
	to             int32
	restart, death bool
}

func explore(t *testing.T, pr *leader.Protocol, initial []model.State) *graph {
	t.Helper()
	m, err := model.Daemonize(pr, model.Synchronous, model.From(initial))
	if err != nil {
		t.Fatal(err)
	}
	g := &graph{}
	index := map[string]int32{}
	add := func(s model.State) int32 {
		if id, ok := index[string(s)]; ok {
			return id
		}
		id := int32(len(g.states))
		index[string(s)] = id
		g.states, g.succ = append(g.states, append(model.State(nil), s...)), append(g.succ, nil)
		return id
	}
	m.Init(func(s model.State) bool { g.init = append(g.init, add(s)); return true })
	for u := 0; u < len(g.states); u++ {
		s := g.states[u]
		m.Successors(s, func(st model.Step, next model.State) bool {
			r, d := pr.Events(s, st.Moves)
			g.succ[u] = append(g.succ[u], edge{add(next), r, d})
			return true
		})
	}
	return g
}

// lastRound is the last round, over every execution from the initial configurations, whose
// step has the event: 0 if none has, and bounded false if such a step can follow a cycle (an
// execution can then run it as late as it likes). A bounded answer is a longest path: the
// configurations that no cycle reaches form a DAG, and an event step must start in it.
func (g *graph) lastRound(event func(edge) bool) (last int, bounded bool) {
	_, late := g.afterCycles()
	dist := make([]int, len(g.states))
	for i := range dist {
		dist[i] = -1
	}
	for _, u := range g.init {
		dist[u] = 0
	}
	for _, u := range g.topological(late) {
		for _, e := range g.succ[u] {
			if event(e) {
				last = max(last, dist[u]+1)
			}
			if !late[e.to] {
				dist[e.to] = max(dist[e.to], dist[u]+1)
			}
		}
	}
	for u := range g.states {
		for _, e := range g.succ[u] {
			if late[u] && event(e) {
				return 0, false
			}
		}
	}
	return last, true
}

// topological orders the configurations outside late (a DAG) so that every step between
// them goes forward (Kahn's algorithm).
func (g *graph) topological(late []bool) []int {
	in := make([]int, len(g.states))
	for u := range g.states {
		for _, e := range g.succ[u] {
			if !late[u] && !late[e.to] {
				in[e.to]++
			}
		}
	}
	var order []int
	for u := range g.states {
		if !late[u] && in[u] == 0 {
			order = append(order, u)
		}
	}
	for i := 0; i < len(order); i++ {
		for _, e := range g.succ[order[i]] {
			if !late[e.to] {
				if in[e.to]--; in[e.to] == 0 {
					order = append(order, int(e.to))
				}
			}
		}
	}
	return order
}

// afterCycles marks the configurations on a cycle (cyclic: in a strongly connected component
// with a step inside) and those on a cycle or after one (late).
func (g *graph) afterCycles() (cyclic, late []bool) {
	comp := g.components()
	size := map[int32]int{}
	for _, c := range comp {
		size[c]++
	}
	n := len(g.states)
	cyclic, late = make([]bool, n), make([]bool, n)
	var queue []int
	for u := range n {
		if size[comp[u]] > 1 || g.selfLoop(u) {
			cyclic[u], late[u] = true, true
			queue = append(queue, u)
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, e := range g.succ[queue[i]] {
			if !late[e.to] {
				late[e.to] = true
				queue = append(queue, int(e.to))
			}
		}
	}
	return cyclic, late
}

// components numbers the strongly connected components (Tarjan's algorithm, run
// iteratively): comp[u] is u's.
func (g *graph) components() []int32 {
	n := len(g.states)
	index, low, comp := make([]int, n), make([]int, n), make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	next, comps := 0, int32(0)
	type frame struct{ u, i int }
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		calls := []frame{{root, 0}}
		index[root], low[root], next = next, next, next+1
		stack, onStack[root] = append(stack, root), true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.i < len(g.succ[f.u]) {
				v := int(g.succ[f.u][f.i].to)
				f.i++
				switch {
				case index[v] < 0:
					index[v], low[v], next = next, next, next+1
					stack, onStack[v] = append(stack, v), true
					calls = append(calls, frame{v, 0})
				case onStack[v]:
					low[f.u] = min(low[f.u], index[v])
				}
				continue
			}
			u := f.u
			if calls = calls[:len(calls)-1]; len(calls) > 0 {
				p := calls[len(calls)-1].u
				low[p] = min(low[p], low[u])
			}
			if low[u] != index[u] {
				continue
			}
			for {
				w := stack[len(stack)-1]
				stack, onStack[w], comp[w] = stack[:len(stack)-1], false, comps
				if w == u {
					break
				}
			}
			comps++
		}
	}
	return comp
}

// bottomOutside is a configuration outside legit in a bottom component (one no step
// leaves), or -1 if every bottom component lies inside legit. In a Markov chain every
// execution ends in a bottom component with probability 1 and then visits each of its
// configurations infinitely often: "eventually always legit" holds with probability 1 iff
// it returns -1 (Baier and Katoen, Principles of Model Checking, Theorem 10.27).
func (g *graph) bottomOutside(legit func(model.State) bool) int32 {
	comp := g.components()
	leaves := map[int32]bool{}
	for u := range g.states {
		for _, e := range g.succ[u] {
			if comp[e.to] != comp[u] {
				leaves[comp[u]] = true
			}
		}
	}
	for u, s := range g.states {
		if !leaves[comp[u]] && !legit(s) {
			return int32(u)
		}
	}
	return -1
}

func (g *graph) selfLoop(u int) bool {
	for _, e := range g.succ[u] {
		if int(e.to) == u {
			return true
		}
	}
	return false
}

// pumpable is an execution that runs a cycle and then an event step, as configurations: a
// path from an initial configuration to c on a cycle, the cycle back to c, and a path from c
// to the event step's source, then its target. nil if no event step follows a cycle.
func (g *graph) pumpable(event func(edge) bool) []int32 {
	cyclic, late := g.afterCycles()
	for u := range g.states {
		for _, e := range g.succ[u] {
			if !late[u] || !event(e) {
				continue
			}
			reaches := g.reaching(int32(u))
			stem := g.path(g.init, func(c int32) bool { return cyclic[c] && reaches[c] })
			c := stem[len(stem)-1]
			loop := g.cycle(c)
			tail := g.path([]int32{c}, func(x int32) bool { return x == int32(u) })
			out := append(append(stem, loop[1:]...), tail[1:]...)
			return append(out, e.to)
		}
	}
	return nil
}

// path is a shortest path (breadth first) from one of from to a configuration where goal
// holds, or nil.
func (g *graph) path(from []int32, goal func(int32) bool) []int32 {
	parent := map[int32]int32{}
	queue := []int32{}
	for _, u := range from {
		if _, seen := parent[u]; !seen {
			parent[u] = -1
			queue = append(queue, u)
		}
	}
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		if goal(u) {
			var p []int32
			for ; u >= 0; u = parent[u] {
				p = append([]int32{u}, p...)
			}
			return p
		}
		for _, e := range g.succ[u] {
			if _, seen := parent[e.to]; !seen {
				parent[e.to] = u
				queue = append(queue, e.to)
			}
		}
	}
	return nil
}

// cycle is a path from c back to c through at least one step, or nil.
func (g *graph) cycle(c int32) []int32 {
	var next []int32
	for _, e := range g.succ[c] {
		next = append(next, e.to)
	}
	p := g.path(next, func(x int32) bool { return x == c })
	if p == nil {
		return nil
	}
	return append([]int32{c}, p...)
}

// reaching marks the configurations with a path to u.
func (g *graph) reaching(u int32) []bool {
	pred := make([][]int32, len(g.states))
	for v := range g.states {
		for _, e := range g.succ[v] {
			pred[e.to] = append(pred[e.to], int32(v))
		}
	}
	in := make([]bool, len(g.states))
	in[u] = true
	for queue := []int32{u}; len(queue) > 0; queue = queue[1:] {
		for _, p := range pred[queue[0]] {
			if !in[p] {
				in[p] = true
				queue = append(queue, p)
			}
		}
	}
	return in
}
