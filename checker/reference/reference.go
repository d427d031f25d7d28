// Package reference is a deliberately naive, sequential re-implementation of the checker's
// analyses: maps instead of perfect hashes, explicit adjacency lists, and fixpoint iteration
// instead of a depth-first search. It is slow and obviously right, and the tests of the fast
// analyses compare against it on small models.
package reference

import "github.com/mc-checker/mc/checker/model"

// Result holds what the reference computes.
type Result struct {
	States, Transitions int
	Closure             bool // no step leaves the legitimate set
	Deadlock            bool // some reachable illegitimate state has no successor
	Converges           bool // under an unfair daemon
	// Worst-case stabilization from an initial state, valid when Converges.
	WorstSteps, WorstMoves int
}

type arc struct{ to, moves int }

// Check explores m from its initial states and decides closure and unfair convergence to legit.
func Check(m model.Model, legit model.Predicate) Result {
	index := map[string]int{}
	var states []model.State
	var adj [][]arc
	add := func(s model.State) int {
		if i, ok := index[string(s)]; ok {
			return i
		}
		index[string(s)] = len(states)
		states = append(states, s.Clone())
		adj = append(adj, nil)
		return len(states) - 1
	}
	m.Init(func(s model.State) bool { add(s); return true })
	initial := len(states) // executions start here: the worst case is over these
	var r Result
	for i := 0; i < len(states); i++ {
		m.Successors(states[i], func(st model.Step, t model.State) bool {
			adj[i] = append(adj[i], arc{add(t), st.MoveCount()})
			r.Transitions++
			return true
		})
	}
	r.States = len(states)
	r.Closure = true
	inL := make([]bool, len(states))
	for i, s := range states {
		inL[i] = legit(s)
	}
	for i := range states {
		for _, a := range adj[i] {
			if inL[i] && !inL[a.to] {
				r.Closure = false
			}
		}
		if !inL[i] && len(adj[i]) == 0 {
			r.Deadlock = true
		}
	}
	// Longest distances to L by fixpoint: a state is done once all its successors are.
	done := append([]bool(nil), inL...)
	steps := make([]int, len(states))
	moves := make([]int, len(states))
	for changed := true; changed; {
		changed = false
		for i := range states {
			if done[i] || len(adj[i]) == 0 {
				continue
			}
			all := true
			for _, a := range adj[i] {
				all = all && done[a.to]
			}
			if !all {
				continue
			}
			for _, a := range adj[i] {
				steps[i] = max(steps[i], steps[a.to]+1)
				moves[i] = max(moves[i], moves[a.to]+a.moves)
			}
			done[i], changed = true, true
		}
	}
	r.Converges = true
	for i := range states {
		if !done[i] {
			r.Converges = false
		}
		if i < initial {
			r.WorstSteps = max(r.WorstSteps, steps[i])
			r.WorstMoves = max(r.WorstMoves, moves[i])
		}
	}
	return r
}
