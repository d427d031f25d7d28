package reference

import (
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
)

// Recovery is what the reference finds of a recovery from faults (see Recover).
type Recovery struct {
	States, Transitions int
	// Holds: every execution with at most Budget faults, from a legitimate configuration,
	// reaches the end (the legitimate set, or its start) once its faults stop; HoldsFairly:
	// every weakly fair one does.
	Holds, HoldsFairly bool
	// When Holds: the longest execution from right after a first fault to the end (further
	// faults count as steps, not as moves), and the longest fault-free one from right after
	// any fault; in rounds, from the same configurations.
	FirstSteps, FirstMoves, LastSteps int
	FirstRounds, LastRounds           int
}

// Recover decides recovery of protocol p under daemon d, from the configurations from, with
// the faults f describes, from their definition (FaultSpec's and docs/DESIGN.md's words):
// a fault is a step that rewrites variables of one process, each to a value of the allowed
// ones within its domain (or, with f.OneVariable, exactly one of them), changing at least one;
// the process scope may leave any of them as they are. Faults hit while the budget lasts, at
// any configuration where a process can move or the end condition holds (an execution that
// stops elsewhere has failed already). The configurations are laid out as the checker's model
// with faults lays them out: the protocol's, then with KeepStart a copy of the start, then the
// faults left. Records are not known to the reference.
func Recover(p model.Protocol, d model.Daemon, from []model.State, legit model.Predicate, f faults.Spec) Recovery {
	w := p.Schema().Width()
	end := func(s model.State) bool { return legit(s[:w]) }
	if f.KeepStart {
		end = func(s model.State) bool { return string(s[:w]) == string(s[w:2*w]) }
	}
	g := &graph{index: map[string]int{}, fair: true}
	for _, s := range from {
		start := s.Clone()
		if f.KeepStart {
			start = append(start, s...)
		}
		g.add(append(start, byte(f.Budget)), 0)
	}
	g.initial = len(g.states)
	faultable := faultVars(p.Schema(), f)
	for i := 0; i < len(g.states); i++ {
		s := g.states[i]
		left := s[len(s)-1]
		t := s.Clone()
		eachStep(p, d, s[:w], func(next model.State, movers uint64, moves []model.Move) {
			copy(t, next)
			g.adj[i] = append(g.adj[i], arc{to: g.add(t, g.depth[i]+1), moves: len(moves), movers: movers})
		})
		if left > 0 && (len(g.adj[i]) > 0 || end(s)) {
			for _, t := range faultTargets(p.Schema(), s, faultable, f) {
				t[len(t)-1] = left - 1
				g.adj[i] = append(g.adj[i], arc{to: g.add(t, g.depth[i]+1), fault: true})
			}
		}
		g.units = append(g.units, EnabledMask(p, s[:w]))
	}
	return recovery(g, end, byte(f.Budget), p.Schema().Procs())
}

// faultVars lists, for each process, the variables faults rewrite and their allowed values.
func faultVars(sch *model.Schema, f faults.Spec) [][]faultVar {
	out := make([][]faultVar, sch.Procs())
	for i, v := range sch.Vars {
		if v.Owner == model.Global || !named(v.Name, f.Vars) {
			continue
		}
		fv := faultVar{index: i}
		for x := range v.Domain.Size {
			if f.Values == nil || containsByte(f.Values, byte(x)) {
				fv.values = append(fv.values, byte(x))
			}
		}
		out[v.Owner] = append(out[v.Owner], fv)
	}
	return out
}

type faultVar struct {
	index  int
	values []byte
}

// named reports whether a variable is among those faults rewrite: all of them when names is
// nil, else those named so, or a name followed by a process number.
func named(name string, names []string) bool {
	if names == nil {
		return true
	}
	for _, n := range names {
		if name == n || strings.HasPrefix(name, n) && strings.Trim(name[len(n):], "0123456789") == "" {
			return true
		}
	}
	return false
}

func containsByte(xs []byte, x byte) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// faultTargets lists the distinct configurations one fault leads to from s.
func faultTargets(sch *model.Schema, s model.State, vars [][]faultVar, f faults.Spec) []model.State {
	seen := map[string]bool{}
	var out []model.State
	keep := func(t model.State) {
		if string(t) != string(s) && !seen[string(t)] {
			seen[string(t)] = true
			out = append(out, t)
		}
	}
	for _, own := range vars {
		if f.OneVariable {
			for _, v := range own {
				for _, x := range v.values {
					t := s.Clone()
					t[v.index] = x
					keep(t)
				}
			}
			continue
		}
		// every way of keeping or rewriting each variable, by recursion over them
		var rewrite func(k int, t model.State)
		rewrite = func(k int, t model.State) {
			if k == len(own) {
				keep(t.Clone())
				return
			}
			rewrite(k+1, t)
			v := own[k]
			old := t[v.index]
			for _, x := range v.values {
				t[v.index] = x
				rewrite(k+1, t)
			}
			t[v.index] = old
		}
		rewrite(0, s.Clone())
	}
	return out
}

// recovery decides recovery on the graph of a protocol with faults, and measures it.
func recovery(g *graph, end func(model.State) bool, budget byte, procs int) Recovery {
	r := Recovery{States: len(g.states)}
	in := make([]bool, len(g.states))
	for i, s := range g.states {
		in[i] = end(s)
		r.Transitions += len(g.adj[i])
	}
	r.Holds = !g.stuckOutside(in) && !g.cycleOutside(in)
	r.HoldsFairly = !g.stuckOutside(in) && !fairCycle(g, in)
	if !r.Holds {
		return r
	}
	steps, moves := g.longestTo(in, false)
	fsteps, _ := g.longestTo(in, true)
	var first, after []int
	for u, s := range g.states {
		for _, a := range g.adj[u] {
			if !a.fault {
				continue
			}
			after = append(after, a.to)
			r.LastSteps = max(r.LastSteps, fsteps[a.to])
			if s[len(s)-1] == budget {
				first = append(first, a.to)
				r.FirstSteps, r.FirstMoves = max(r.FirstSteps, steps[a.to]), max(r.FirstMoves, moves[a.to])
			}
		}
	}
	r.FirstRounds = g.rounds(in, first, false)
	r.LastRounds = g.rounds(in, after, true)
	return r
}

// longestTo is, for each state, the longest execution from it to the first state in in, in
// steps and in moves (faults are steps of no move); with faultFree, faults are not followed.
// The states must not reach a cycle or a deadlock outside in.
func (g *graph) longestTo(in []bool, faultFree bool) (steps, moves []int) {
	steps, moves = make([]int, len(g.states)), make([]int, len(g.states))
	done := append([]bool(nil), in...)
	for changed := true; changed; {
		changed = false
		for u := range g.states {
			if done[u] {
				continue
			}
			all := true
			for _, a := range g.adj[u] {
				all = all && (faultFree && a.fault || done[a.to])
			}
			if !all {
				continue
			}
			for _, a := range g.adj[u] {
				if faultFree && a.fault {
					continue
				}
				steps[u] = max(steps[u], steps[a.to]+1)
				moves[u] = max(moves[u], moves[a.to]+a.moves)
			}
			done[u], changed = true, true
		}
	}
	return steps, moves
}

// IsFault reports whether one fault of f leads from configuration s to t of a protocol of
// schema sch (configurations of the protocol, without what a model with faults adds).
func IsFault(sch *model.Schema, s, t model.State, f faults.Spec) bool {
	for _, u := range faultTargets(sch, s, faultVars(sch, f), f) {
		if u.Equal(t) {
			return true
		}
	}
	return false
}

// CanFault reports whether faults f can rewrite anything in a protocol of schema sch: some
// variable they name has some allowed value in its domain.
func CanFault(sch *model.Schema, f faults.Spec) bool {
	for _, own := range faultVars(sch, f) {
		for _, v := range own {
			if len(v.values) > 0 {
				return true
			}
		}
	}
	return false
}
