package por

import (
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// maxLocal bounds the assignments of two moves' variables that refine tries: past it, the
// footprints' relation stands.
const maxLocal = 1 << 14

// refine narrows the relations the footprints give to what the moves do, wherever the
// variables two moves read and write have at most maxLocal assignments. A footprint says that
// u writes a variable t reads; on a ring, a disabled process then needs its neighbours in the
// set, and they theirs, all the way round, so footprints alone reduce nothing there. Yet a
// colouring's node that moves takes a colour no neighbour has, and so never enables one. By
// the footprints, the two moves' behaviour depends on their variables only, so trying every
// assignment of them (the others at 0) decides, for every configuration:
//   - u may enable t: in some configuration t is disabled, u enabled, and t enabled after u;
//   - t and u depend on each other: in some configuration both are enabled and one disables
//     the other, or they do not commute.
//
// These are the relations stubborn sets are defined with (Godefroid's dependency is over the
// configurations where both moves are enabled), so the sets stay stubborn.
func (s *Sets) refine(feet []model.Footprint) {
	sch := s.pr.Schema()
	dep := map[[2]int32]bool{}
	for t := range s.moves {
		t32 := int32(t)
		s.dependents[t] = slices.DeleteFunc(s.dependents[t], func(u int32) bool {
			key := [2]int32{min(t32, u), max(t32, u)}
			d, seen := dep[key]
			if !seen {
				d = s.tryDependent(sch, feet, t32, u)
				dep[key] = d
			}
			return !d
		})
		s.enablers[t] = slices.DeleteFunc(s.enablers[t], func(u int32) bool {
			return !s.tryEnables(sch, feet, u, t32)
		})
	}
}

// tryDependent reports whether t and u may depend on each other: true when their local space
// is too large to try, or when a move breaks the protocol's rules in one of its assignments.
func (s *Sets) tryDependent(sch *model.Schema, feet []model.Footprint, t, u int32) bool {
	found := false
	tried := eachAssignment(sch, varsOf(feet[t], feet[u]), func(st model.State) bool {
		onT, afterT, okT := s.try(st, t)
		onU, afterU, okU := s.try(st, u)
		switch {
		case !okT || !okU:
			found = true
		case onT && onU:
			onUAfter, tu, ok1 := s.try(afterT, u)
			onTAfter, ut, ok2 := s.try(afterU, t)
			found = !ok1 || !ok2 || !onUAfter || !onTAfter || !tu.Equal(ut)
		}
		return !found
	})
	return found || !tried
}

// tryEnables reports whether u may enable t: true when their local space is too large to
// try, or when a move breaks the protocol's rules in one of its assignments.
func (s *Sets) tryEnables(sch *model.Schema, feet []model.Footprint, u, t int32) bool {
	found := false
	tried := eachAssignment(sch, varsOf(feet[t], feet[u]), func(st model.State) bool {
		onT, _, okT := s.try(st, t)
		onU, afterU, okU := s.try(st, u)
		switch {
		case !okT || !okU:
			found = true
		case !onT && onU:
			onTAfter, _, ok := s.try(afterU, t)
			found = !ok || onTAfter
		}
		return !found
	})
	return found || !tried
}

// varsOf is every variable two footprints read or write, in increasing order.
func varsOf(a, b model.Footprint) []int {
	vars := slices.Concat(a.Reads, a.Writes, b.Reads, b.Writes)
	slices.Sort(vars)
	return slices.Compact(vars)
}

// eachAssignment calls f on a configuration for every assignment of vars, the other variables
// at 0, until f returns false; it reports false, calling nothing, if there are more than
// maxLocal assignments.
func eachAssignment(sch *model.Schema, vars []int, f func(model.State) bool) bool {
	count := 1
	for _, v := range vars {
		if count *= sch.Vars[v].Domain.Size; count > maxLocal {
			return false
		}
	}
	st := sch.NewState()
	for {
		if !f(st) {
			return true
		}
		i := 0
		for ; i < len(vars); i++ { // the odometer, the first variable fastest
			v := vars[i]
			if st[v]++; int(st[v]) < sch.Vars[v].Domain.Size {
				break
			}
			st[v] = 0
		}
		if i == len(vars) {
			return true
		}
	}
}

// try is whether move t is enabled at st and, if it is, the configuration after it; ok is
// false if the protocol's rules break there (model.Trial): these configurations are made up,
// and a protocol that audits itself must not record a breach no run met.
func (s *Sets) try(st model.State, t int32) (enabled bool, next model.State, ok bool) {
	m := s.moves[t]
	next = st.Clone()
	if s.trial != nil {
		enabled, ok = s.trial.Try(st, m, next)
		return enabled, next, ok
	}
	if !slices.Contains(s.pr.Enabled(st, m.Proc, nil), m.Rule) {
		return false, next, true
	}
	s.pr.Fire(st, []model.Move{m}, next)
	return true, next, true
}
