package reference

import "github.com/mc-checker/mc/checker/model"
import "github.com/mc-checker/mc/checker/model/fairness"
import "github.com/mc-checker/mc/checker/model/universe"

// Spec is what the reference decides besides closure, deadlock and convergence.
type Spec struct {
	Legit             model.Predicate
	Invariants        []model.Property
	Actions           []model.ActionProperty
	Characterisations []model.Property
	Eventually        []model.Property
}

// Result holds what the reference computes.
type Result struct {
	States, Transitions int
	Closure             bool // no step leaves the legitimate set
	Deadlock            bool // some reachable illegitimate state has no successor
	// ClosureAt is the length of a shortest execution from an initial state whose last step
	// leaves the legitimate set, DeadlockAt of one to an illegitimate state without
	// successors; -1 if there is none.
	ClosureAt, DeadlockAt int
	Converges             bool // under an unfair daemon
	// ConvergesFairly: under a weakly fair daemon (models of processes only): no reachable
	// illegitimate deadlock and no strongly connected set of illegitimate states that an
	// execution can stay in fairly.
	ConvergesFairly bool
	// ConvergesStrictly and ConvergesFairlyStrictly read convergence strictly: only the
	// executions from an initial state, up to their first legitimate state, count.
	ConvergesStrictly, ConvergesFairlyStrictly bool
	// Worst-case stabilization from an initial state up to the first legitimate state, valid
	// when ConvergesStrictly; in rounds too for a graph of a protocol (CheckProtocol).
	WorstSteps, WorstMoves, WorstRounds int
	// Invariants[i] is the length of a shortest execution from an initial state to a state
	// that violates invariant i, or -1; Actions[i] the same to a step that violates action
	// invariant i, that step included.
	Invariants, Actions []int
	// Characterised[i] says whether predicate i holds on exactly the reachable states of the
	// universe.
	Characterised []bool
	// Eventually[i] says whether every execution from every reachable state reaches goal i
	// under an unfair daemon, EventuallyFairly[i] under a weakly fair one (models of
	// processes only).
	Eventually, EventuallyFairly []bool
}

// ConvergesUnder is the convergence the reference decided under a fairness assumption and
// a reading (strict: only the executions from an initial state, up to their first legitimate
// one).
func (r Result) ConvergesUnder(weaklyFair, strict bool) bool {
	switch {
	case weaklyFair && strict:
		return r.ConvergesFairlyStrictly
	case weaklyFair:
		return r.ConvergesFairly
	case strict:
		return r.ConvergesStrictly
	}
	return r.Converges
}

type arc struct {
	to, moves int
	movers    uint64
	fault     bool         // a fault of a model with faults: it moves no process
	acts      []model.Move // the moves, on a graph the reference built from a protocol
}

// graph is the reachable graph, states numbered in BFS order from the initial ones.
type graph struct {
	m       model.Model // nil for a graph the reference built from a protocol (CheckProtocol)
	states  []model.State
	index   map[string]int
	adj     [][]arc
	depth   []int    // BFS distance from an initial state
	units   []uint64 // the fairness units (processes) enabled in each state
	fair    bool     // units are known: the model is made of processes
	initial int      // states 0..initial-1 are initial
}

// add numbers s if it is new and returns its number.
func (g *graph) add(s model.State, depth int) int {
	if i, ok := g.index[string(s)]; ok {
		return i
	}
	g.index[string(s)] = len(g.states)
	g.states, g.adj, g.depth = append(g.states, s.Clone()), append(g.adj, nil), append(g.depth, depth)
	return len(g.states) - 1
}

func explore(m model.Model) *graph {
	g := &graph{m: m, index: map[string]int{}}
	fair, ok := fairness.Of(m)
	g.fair = ok
	m.Init(func(s model.State) bool { g.add(s, 0); return true })
	g.initial = len(g.states)
	for i := 0; i < len(g.states); i++ {
		m.Successors(g.states[i], func(st model.Step, t model.State) bool {
			g.adj[i] = append(g.adj[i], arc{to: g.add(t, g.depth[i]+1), moves: st.MoveCount(), movers: fairness.Served(fair, st), fault: st.Fault})
			return true
		})
		if ok {
			g.units = append(g.units, fair.EnabledUnits(g.states[i]))
		}
	}
	return g
}

// Check explores m from its initial states and decides everything spec asks.
func Check(m model.Model, spec Spec) Result {
	return check(explore(m), spec)
}

// CheckProtocol is Check on protocol p under daemon d from the configurations init, with the
// reference's own daemon (Steps) instead of the checker's model: the model the checker
// explores is not trusted either. Its action invariants see a step's two configurations and
// not its moves (a zero Step); characterisations need a model (Check).
func CheckProtocol(p model.Protocol, d model.Daemon, init []model.State, spec Spec) Result {
	return check(exploreProtocol(p, d, init), spec)
}

func check(g *graph, spec Spec) Result {
	r := Result{States: len(g.states), Closure: true, ConvergesFairly: true}
	inL := make([]bool, len(g.states))
	for i, s := range g.states {
		inL[i] = spec.Legit != nil && spec.Legit(s)
	}
	for i := range g.states {
		r.Transitions += len(g.adj[i])
		for _, a := range g.adj[i] {
			if inL[i] && !inL[a.to] {
				r.Closure = false
			}
		}
		if !inL[i] && len(g.adj[i]) == 0 {
			r.Deadlock = true
		}
	}
	r.ClosureAt = g.shortestPlusOne(func(i int) bool {
		for _, a := range g.adj[i] {
			if inL[i] && !inL[a.to] {
				return true
			}
		}
		return false
	})
	r.DeadlockAt = g.shortest(func(i int) bool { return !inL[i] && len(g.adj[i]) == 0 })
	r.longest(g, inL)
	if g.fair {
		r.ConvergesFairly = !r.Deadlock && !fairCycle(g, inL)
	}
	// The strict region: illegitimate states reached from an initial one before any
	// legitimate one; everything else is left out, as if legitimate.
	out := g.outsideStrictRegion(inL)
	r.ConvergesStrictly = !g.stuckOutside(out) && !g.cycleOutside(out)
	r.ConvergesFairlyStrictly = g.fair && !g.stuckOutside(out) && !fairCycle(g, out)
	if r.ConvergesStrictly && g.m == nil {
		initial := make([]int, g.initial)
		for i := range initial {
			initial[i] = i
		}
		r.WorstRounds = g.rounds(inL, initial, false)
	}
	for _, p := range spec.Eventually {
		in := make([]bool, len(g.states))
		for i, s := range g.states {
			in[i] = p.Holds(s)
		}
		stuck := g.stuckOutside(in)
		r.Eventually = append(r.Eventually, !stuck && !g.cycleOutside(in))
		r.EventuallyFairly = append(r.EventuallyFairly, g.fair && !stuck && !fairCycle(g, in))
	}
	for _, p := range spec.Invariants {
		r.Invariants = append(r.Invariants, g.shortest(func(i int) bool { return !p.Holds(g.states[i]) }))
	}
	for _, a := range spec.Actions {
		r.Actions = append(r.Actions, g.shortestStep(a))
	}
	for _, p := range spec.Characterisations {
		r.Characterised = append(r.Characterised, g.characterised(p.Holds))
	}
	return r
}

// longest computes the longest distances to L by fixpoint: a state is done once all its
// successors are.
func (r *Result) longest(g *graph, inL []bool) {
	done := append([]bool(nil), inL...)
	steps := make([]int, len(g.states))
	moves := make([]int, len(g.states))
	for changed := true; changed; {
		changed = false
		for i := range g.states {
			if done[i] || len(g.adj[i]) == 0 {
				continue
			}
			all := true
			for _, a := range g.adj[i] {
				all = all && done[a.to]
			}
			if !all {
				continue
			}
			for _, a := range g.adj[i] {
				steps[i] = max(steps[i], steps[a.to]+1)
				moves[i] = max(moves[i], moves[a.to]+a.moves)
			}
			done[i], changed = true, true
		}
	}
	r.Converges = true
	for i := range g.states {
		if !done[i] {
			r.Converges = false
		}
		if i < g.initial {
			r.WorstSteps = max(r.WorstSteps, steps[i])
			r.WorstMoves = max(r.WorstMoves, moves[i])
		}
	}
}

// shortest is the BFS depth of the shallowest state where bad holds, or -1.
func (g *graph) shortest(bad func(int) bool) int {
	best := -1
	for i := range g.states {
		if bad(i) && (best < 0 || g.depth[i] < best) {
			best = g.depth[i]
		}
	}
	return best
}

// shortestStep is the length of the shortest execution that ends with a step violating a.
func (g *graph) shortestStep(a model.ActionProperty) int {
	return g.shortestPlusOne(func(i int) bool {
		bad := false
		if g.m == nil { // a graph of a protocol (CheckProtocol): the action sees configurations only
			for _, arc := range g.adj[i] {
				bad = bad || !a.Holds(g.states[i], model.Step{}, g.states[arc.to])
			}
			return bad
		}
		g.m.Successors(g.states[i], func(st model.Step, t model.State) bool {
			bad = bad || !a.Holds(g.states[i], st, t)
			return true
		})
		return bad
	})
}

func (g *graph) shortestPlusOne(bad func(int) bool) int {
	if d := g.shortest(bad); d >= 0 {
		return d + 1
	}
	return -1
}

// characterised reports whether p holds on exactly the reachable states, among all those of
// the universe.
func (g *graph) characterised(p model.Predicate) bool {
	u, err := universe.New(g.m.Schema())
	if err != nil {
		return false
	}
	s := g.m.Schema().NewState()
	for {
		if _, reached := g.index[string(s)]; p(s) != reached {
			return false
		}
		if !u.Next(s) {
			return true
		}
	}
}

// stuckOutside reports whether some reachable state outside in has no successor.
func (g *graph) stuckOutside(in []bool) bool {
	for i := range g.states {
		if !in[i] && len(g.adj[i]) == 0 {
			return true
		}
	}
	return false
}

// cycleOutside reports whether some state outside in reaches itself through states outside
// in: some component of them has an edge inside.
func (g *graph) cycleOutside(in []bool) bool {
	for _, comp := range g.components(in) {
		if g.internal(comp) {
			return true
		}
	}
	return false
}

// outsideStrictRegion marks the states that are not illegitimate states reachable from an
// initial one through illegitimate states only.
func (g *graph) outsideStrictRegion(inL []bool) []bool {
	out := make([]bool, len(g.states))
	for i := range out {
		out[i] = true
	}
	var queue []int
	for i := 0; i < g.initial; i++ {
		if !inL[i] && out[i] {
			out[i], queue = false, append(queue, i)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, a := range g.adj[v] {
			if !inL[a.to] && out[a.to] {
				out[a.to], queue = false, append(queue, a.to)
			}
		}
	}
	return out
}

// WorstRounds is the most rounds an execution from an initial state takes to its first
// legitimate state, from the definition: every execution is enumerated (exponential: tiny
// instances only), and its rounds counted as it goes, a round ending when every process
// enabled at its start has moved or been disabled, the round under way counting at the end.
// ok is false if some execution avoids the legitimate set (a cycle or a deadlock).
func WorstRounds(m model.Model, legit model.Predicate) (worst int, ok bool) {
	procs, _ := model.ProcessesOf(m)
	ok = true
	onPath := map[string]bool{}
	var walk func(s model.State, owed uint64, done int)
	walk = func(s model.State, owed uint64, done int) {
		onPath[string(s)] = true
		moved := false
		m.Successors(s, func(st model.Step, t model.State) bool {
			moved = true
			if legit(t) {
				worst = max(worst, done+1)
				return true
			}
			if onPath[string(t)] {
				ok = false
				return false
			}
			enabled := procs.EnabledMask(t)
			left, ended := owed&^st.Movers()&enabled, 0
			if left == 0 {
				left, ended = enabled, 1
			}
			walk(t.Clone(), left, done+ended)
			return ok
		})
		ok = ok && moved
		delete(onPath, string(s))
	}
	m.Init(func(s model.State) bool {
		if !legit(s) {
			walk(s.Clone(), procs.EnabledMask(s), 0)
		}
		return ok
	})
	return worst, ok
}
