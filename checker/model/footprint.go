package model

import "slices"

// Footprint is what a move of one rule of one process reads (its guard and its statement) and
// what it may change, as schema variable indices in increasing order. A partial-order
// reduction tells independent moves apart by their footprints; the process's neighbourhood
// (Neighbors) says the same, coarser: every rule of a process reads its whole neighbourhood.
type Footprint struct {
	Reads, Writes []int
}

// Footprinted is a protocol that declares the footprint of each of its rules: Rules(p) is the
// number of p's rules (the r of Enabled, Fire's moves and RuleName are 0..Rules(p)-1), and
// Footprint(p, r) the footprint of rule r of p in every configuration. A protocol file's are
// derived from its rules (models/lang); a Go protocol declares its own, and --lint checks
// them on the configurations a run meets: a move that changes a variable outside its Writes,
// or whose guard or statement reads one outside its Reads, is a breach of the contract.
type Footprinted interface {
	Listed
	Footprint(p, r int) Footprint
}

// Listed is a protocol that says how many actions each process has: Rules(p), the r of
// Enabled, Fire's moves and RuleName being 0..Rules(p)-1. Fairness per rule reads it
// (fairness.Resolve, through ListedOf).
type Listed interface {
	Rules(p int) int
}

// ListedOf is p's list of actions, looking through the lint (WithLint) that checks it.
func ListedOf(p Protocol) (Listed, bool) {
	if l, ok := p.(*lint); ok {
		p = l.Protocol
	}
	r, ok := p.(Listed)
	return r, ok
}

// Independent reports whether moves of the two footprints commute and neither enables nor
// disables the other: neither writes what the other reads or writes.
func (f Footprint) Independent(g Footprint) bool {
	return !meets(f.Writes, g.Reads) && !meets(f.Writes, g.Writes) && !meets(g.Writes, f.Reads)
}

// meets reports whether two increasing lists share an element.
func meets(a, b []int) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// NewFootprint is the footprint of the given reads and writes, sorted, without repeats.
func NewFootprint(reads, writes []int) Footprint {
	sorted := func(v []int) []int {
		v = slices.Clone(v)
		slices.Sort(v)
		return slices.Compact(v)
	}
	return Footprint{Reads: sorted(reads), Writes: sorted(writes)}
}

// Trial is implemented by a protocol that audits its own steps (Audited), whose Enabled and
// Fire record a step that breaks its rules: Try evaluates move m's guard at s and, if it
// holds, writes its statement into next, recording nothing, and reports false if either
// breaks the rules there. The partial-order reduction tries moves on configurations no run
// need reach (por's refinement), where a breach is not the run's. A protocol that records
// nothing need not implement it.
type Trial interface {
	Try(s State, m Move, next State) (enabled, ok bool)
}

// FootprintsOf is p's footprints if it declares them, looking through the lint (WithLint),
// which checks them but does not declare them itself.
func FootprintsOf(p Protocol) (Footprinted, bool) {
	if l, ok := p.(*lint); ok {
		p = l.Protocol
	}
	f, ok := p.(Footprinted)
	return f, ok
}
