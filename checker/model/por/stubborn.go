package por

import (
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// Sets computes stubborn sets for one protocol. It is read-only after New, and safe for
// concurrent use; Stubborn allocates its scratch per call.
type Sets struct {
	pr    model.Protocol
	moves []model.Move // every rule of every process, in order: a move's id is its index
	first []int        // first[p]: the id of p's rule 0
	// dependents[t]: the moves that depend on t; enablers[t]: the moves that write a
	// variable t reads (which may enable or disable it)
	dependents, enablers [][]int32
	trial                model.Trial // the protocol's moves tried without a record of breaches, or nil
}

// newSets is the stubborn sets of pr, whose footprints are fp.
func newSets(pr model.Protocol, fp model.Footprinted) *Sets {
	n, width := pr.Schema().Procs(), pr.Schema().Width()
	s := &Sets{pr: pr, first: make([]int, n+1)}
	s.trial, _ = fp.(model.Trial) // the protocol itself, under the lint
	var feet []model.Footprint
	for p := range n {
		s.first[p] = len(s.moves)
		for r := range fp.Rules(p) {
			s.moves = append(s.moves, model.Move{Proc: p, Rule: r})
			feet = append(feet, fp.Footprint(p, r))
		}
	}
	s.first[n] = len(s.moves)
	readers, writers := make([][]int32, width), make([][]int32, width)
	for t, f := range feet {
		for _, v := range f.Reads {
			readers[v] = append(readers[v], int32(t))
		}
		for _, v := range f.Writes {
			writers[v] = append(writers[v], int32(t))
		}
	}
	s.dependents, s.enablers = make([][]int32, len(feet)), make([][]int32, len(feet))
	for t, f := range feet {
		var dep, en []int32
		for _, v := range f.Writes {
			dep = append(append(dep, readers[v]...), writers[v]...)
		}
		for _, v := range f.Reads {
			dep = append(dep, writers[v]...)
			en = append(en, writers[v]...)
		}
		s.dependents[t], s.enablers[t] = unique(dep, int32(t)), unique(en, int32(t))
	}
	s.refine(feet)
	return s
}

// unique is ids without repeats and without self, in increasing order.
func unique(ids []int32, self int32) []int32 {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if i, found := slices.BinarySearch(ids, self); found {
		ids = slices.Delete(ids, i, i+1)
	}
	return ids
}

// Stubborn returns the enabled moves of a stubborn set at s, given every process's enabled
// rules (enabled[p], as Enabled lists them), and whether they are all the enabled moves. Of
// the sets closed from each enabled move, it keeps the one with the fewest enabled moves
// (the first such, by move order). With no enabled move it returns none, and all.
func (s *Sets) Stubborn(enabled [][]int) (moves []model.Move, all bool) {
	on := make([]bool, len(s.moves))
	count := 0
	for p, rules := range enabled {
		for _, r := range rules {
			on[s.first[p]+r] = true
			count++
		}
	}
	for _, t := range s.smallest(on) {
		if on[t] {
			moves = append(moves, s.moves[t])
		}
	}
	return moves, len(moves) == count
}

// smallest is the stubborn set, closed from one enabled move, with the fewest enabled moves
// (the first such by move order: a set of one enabled move ends the search). The closures
// share one membership array, cleared after each, and only the kept set is copied.
func (s *Sets) smallest(on []bool) []int32 {
	in := make([]bool, len(s.moves))
	var best, set []int32
	bestOn := 0
	for t := range s.moves {
		if !on[t] {
			continue
		}
		var n int
		set, n = s.closure(int32(t), on, in, set[:0])
		if best == nil || n < bestOn {
			best, bestOn = slices.Clone(set), n
			if n == 1 {
				break
			}
		}
	}
	slices.Sort(best)
	return best
}

// closure appends to set the stubborn set closed from the enabled move seed, and counts its
// enabled moves; in marks the members while it runs and is all false again when it returns.
func (s *Sets) closure(seed int32, on, in []bool, set []int32) ([]int32, int) {
	in[seed] = true
	set, enabledIn := append(set, seed), 0
	for k := 0; k < len(set); k++ {
		t := set[k]
		next := s.enablers[t]
		if on[t] {
			next = s.dependents[t]
			enabledIn++
		}
		for _, u := range next {
			if !in[u] {
				in[u] = true
				set = append(set, u)
			}
		}
	}
	for _, t := range set {
		in[t] = false
	}
	return set, enabledIn
}
