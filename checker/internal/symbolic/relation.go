package symbolic

import (
	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
)

// relation is a protocol's transition relation under a daemon, over the current and
// next-state levels: trans relates a configuration to each successor; byMoves[w], for the
// daemons that move several processes a step, to the successors reached by a step of w
// moves; served[p] to those reached by a step in which p moves (weak fairness).
type relation struct {
	e       *encoding
	daemon  model.Daemon
	enabled []bdd.Node // by process: p has an enabled rule
	trans   bdd.Node
	moving  bdd.Node // the configurations with a successor
	byMoves []bdd.Node
	served  []bdd.Node
}

// newRelation builds the relation from the processes' tabulated rules. The central daemon's
// is the disjunction over p of "p moves, every other process keeps its variables" (a
// monolithic relation with frame conditions: measured the fastest of three forms in
// docs/SYMBOLIC.md). The others conjoin, for each process, "p moves or keeps its variables",
// with p's moves bit saying which (the locally-central daemon forbids two neighbours' bits,
// the synchronous one ties the bit to p's being enabled), and quantify the bits away.
func newRelation(e *encoding, d model.Daemon, locals []*local, conflicts [][]int) *relation {
	m := e.m
	n := len(locals)
	r := &relation{e: e, daemon: d, enabled: make([]bdd.Node, n), served: make([]bdd.Node, n)}
	steps, keeps := make([]bdd.Node, n), make([]bdd.Node, n)
	for p, l := range locals {
		r.enabled[p], steps[p], keeps[p] = e.enabled(l), e.step(l), e.unchanged(p)
	}
	if d == model.Central {
		r.trans = bdd.False
		for p := range n {
			r.served[p] = steps[p]
			for q := range n {
				if q != p {
					r.served[p] = m.And(r.served[p], keeps[q])
				}
			}
			r.trans = m.Or(r.trans, r.served[p])
		}
		r.moving = m.Exists(r.trans, e.next)
		return r
	}
	movers := make([]bdd.Node, n) // who moves: the moves bits, or under the synchronous daemon the enabled processes
	all := bdd.True
	for _, p := range e.order {
		if d == model.Synchronous {
			movers[p] = r.enabled[p]
			all = m.And(all, m.Or(steps[p], m.And(m.Not(r.enabled[p]), keeps[p])))
			continue
		}
		bit := m.Var(e.moved[p])
		movers[p] = bit
		all = m.And(all, m.Or(m.And(bit, steps[p]), m.And(m.Not(bit), keeps[p])))
	}
	if d == model.LocallyCentral {
		for p, qs := range conflicts {
			for _, q := range qs {
				all = m.And(all, m.Not(m.And(movers[p], movers[q])))
			}
		}
	}
	bits := bdd.True
	for _, p := range e.order {
		if e.moved[p] >= 0 {
			bits = m.And(bits, m.Var(e.moved[p]))
		}
	}
	counts := e.tally(movers, n)
	r.byMoves = make([]bdd.Node, n+1)
	r.trans = bdd.False
	for w := 1; w <= n; w++ {
		r.byMoves[w] = m.AndExist(all, counts[w], bits)
		r.trans = m.Or(r.trans, r.byMoves[w])
	}
	for p := range n {
		r.served[p] = m.AndExist(all, movers[p], bits)
	}
	r.moving = m.Exists(r.trans, e.next)
	return r
}

// pre is EX z: the configurations with a successor in z (z over the current levels).
func (r *relation) pre(z bdd.Node) bdd.Node { return r.preBy(r.trans, z) }

// preBy is the pre-image of z under the relation t.
func (r *relation) preBy(t, z bdd.Node) bdd.Node {
	return r.e.m.AndExist(t, r.e.m.Rename(z, r.e.toNext), r.e.next)
}

// roots are the BDDs the relation holds, for a collection.
func (r *relation) roots() []bdd.Node {
	out := append([]bdd.Node{r.trans, r.moving, r.e.next}, r.enabled...)
	out = append(out, r.byMoves...)
	return append(out, r.served...)
}
