package analysis

import (
	"context"
	"slices"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	fairnesspkg "github.com/mc-checker/mc/checker/model/fairness"
)

// A temporal formula is decided as the search for a counterexample of one shape: an
// execution from a source that, from some configuration on (the trigger), stays in a region
// (the avoided set) forever, either by ending in a configuration without successors (which
// stutters) or by looping fairly in a component of the region; ◇□P's loop must also pass
// through ¬P. Per formula:
//
//	□P      a trigger ¬P anywhere (no loop needed: reaching it breaks the formula)
//	◇P      a source in ¬P, then ¬P forever
//	□◇P     a trigger ¬P anywhere, then ¬P forever
//	P ↝ Q   a trigger P ∧ ¬Q anywhere, then ¬Q forever
//	◇□P     anything forever, looping through ¬P (or stuck in ¬P)
//
// The search is a breadth-first search of the product of the graph with two phases, before
// the trigger and after it, from every source: the first candidate it meets (a stuck
// configuration of the region, or a node of a fair component of the region) ends the
// shortest stem, and the loop is built inside that component (fairloop.go).

// TemporalQuery is one formula to decide on a complete graph: its kind, the marks of its
// predicates over the reached nodes, where executions start, and the fairness.
type TemporalQuery struct {
	Kind    model.TemporalKind
	P, Q    par.Bitmap // Q: LeadsTo's goal, else nil
	Sources par.Bitmap
	Fair    *fairnesspkg.Assumption
}

// TemporalViolation is a counterexample: a trace from an initial configuration, the index of
// the state where its execution starts (a source) and of its trigger.
type TemporalViolation struct {
	Trace          *model.Trace
	Start, Trigger int
}

// TemporalBytes is what deciding a formula keeps a node of the graph, at most: the product
// search's parents (two phases), and the components' search and positions.
const TemporalBytes = 2*12 + 12 + 4

// DecideTemporal returns a shortest counterexample to q on g, or nil if the formula holds.
func DecideTemporal(ctx context.Context, g explore.Graph, q TemporalQuery) (*TemporalViolation, error) {
	not := func(b par.Bitmap) func(uint64) bool { return func(id uint64) bool { return !b.Has(id) } }
	all := func(uint64) bool { return true }
	var trigger, avoid, accept func(uint64) bool
	wander := true
	switch q.Kind {
	case model.Always:
		trigger, avoid, accept = not(q.P), all, all
	case model.Eventually:
		trigger, avoid, accept, wander = not(q.P), not(q.P), all, false
	case model.AlwaysEventually:
		trigger, avoid, accept = not(q.P), not(q.P), all
	case model.LeadsTo:
		trigger = func(id uint64) bool { return q.P.Has(id) && !q.Q.Has(id) }
		avoid, accept = not(q.Q), all
	case model.EventuallyAlways:
		trigger, avoid, accept = all, all, not(q.P)
	}
	s := &productSearch{g: g, x: explore.NewExpander(g), trigger: trigger, avoid: avoid, wander: wander}
	if err := s.run(ctx, q.Sources); err != nil {
		return nil, err
	}
	if q.Kind == model.Always {
		if len(s.after) == 0 {
			return nil, nil
		}
		return s.violation(s.after[0], nil), nil
	}
	comps, err := fairComponents(ctx, g, s.x, q.Fair, s.inRegion, accept)
	if err != nil {
		return nil, err
	}
	for _, id := range s.after {
		if accept(id) && g.Expanded(id) && len(s.x.Edges(id)) == 0 {
			return s.violation(id, nil), nil
		}
		if c, ok := comps[id]; ok {
			return s.violation(id, c.loopFrom(id)), nil
		}
	}
	return nil, ctx.Err()
}

// productSearch is the breadth-first search of the product from the sources.
type productSearch struct {
	g              explore.Graph
	x              *explore.Expander
	trigger, avoid func(uint64) bool
	wander         bool // moves before the trigger are allowed (all but ◇P)
	// parent[k] is how the search reached key k of the product (a node id shifted left, its
	// phase in bit 0, 1 after the trigger): from key parent[k]-1 (0: unreached; k itself at a
	// source) by the step of index step[k].
	parent []uint64
	step   []uint32
	after  []uint64 // the nodes reached after the trigger, in breadth-first order
}

func (s *productSearch) inRegion(id uint64) bool { return s.parent[id<<1|1] != 0 }

// enter records key k reached from parent by step, and reports whether it is new.
func (s *productSearch) enter(k, parent uint64, step uint32) bool {
	if s.parent[k] != 0 {
		return false
	}
	s.parent[k], s.step[k] = parent+1, step
	if k&1 == 1 {
		s.after = append(s.after, k>>1)
	}
	return true
}

// next appends to keys the keys of node id entered from phase ph: after the trigger, the
// node's if it is in the avoided set; before it, the node's after the trigger if it is one
// (every trigger is in the avoided set), and before it too where the execution may go on to a
// later trigger (the counterexample's trigger need not be the first: all but ◇P).
func (s *productSearch) next(ph, id uint64, keys []uint64) []uint64 {
	if ph == 1 {
		if s.avoid(id) {
			keys = append(keys, id<<1|1)
		}
		return keys
	}
	if s.trigger(id) {
		keys = append(keys, id<<1|1)
	}
	if s.wander {
		keys = append(keys, id<<1)
	}
	return keys
}

func (s *productSearch) run(ctx context.Context, sources par.Bitmap) error {
	s.parent, s.step = make([]uint64, 2*s.g.Size()), make([]uint32, 2*s.g.Size())
	var queue, keys []uint64
	for id := uint64(0); id < s.g.Size(); id++ {
		if !sources.Has(id) {
			continue
		}
		for _, k := range s.next(0, id, keys[:0]) {
			if s.enter(k, k, 0) {
				queue = append(queue, k)
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		if i%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		k := queue[i]
		for _, e := range s.x.Edges(k >> 1) {
			for _, nk := range s.next(k&1, e.To, keys[:0]) {
				if s.enter(nk, k, e.Index) {
					queue = append(queue, nk)
				}
			}
		}
	}
	return nil
}

// violation is the trace to node id after the trigger (then around loop, if any): the
// shortest path from an initial node to the source, then the product's path.
func (s *productSearch) violation(id uint64, loop *explore.NodePath) *TemporalViolation {
	var keys []uint64
	for k := id<<1 | 1; ; k = s.parent[k] - 1 {
		keys = append(keys, k)
		if s.parent[k]-1 == k {
			break
		}
	}
	slices.Reverse(keys)
	stem := explore.StemTo(s.g, keys[0]>>1)
	v := &TemporalViolation{Start: len(stem.Nodes) - 1}
	for i, k := range keys[1:] {
		stem.Nodes = append(stem.Nodes, k>>1)
		stem.Steps = append(stem.Steps, s.step[k])
		if k&1 == 1 && keys[i]&1 == 0 {
			v.Trigger = len(stem.Nodes) - 1
		}
	}
	if keys[0]&1 == 1 {
		v.Trigger = v.Start
	}
	if loop == nil {
		v.Trace = explore.TraceFromNodes(s.g, stem.Nodes, stem.Steps, -1)
	} else {
		v.Trace = explore.LassoTrace(s.g, stem, *loop)
	}
	return v
}
