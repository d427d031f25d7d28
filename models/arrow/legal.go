package arrow

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/invariants"
	"github.com/mc-checker/mc/models/topology"
)

// EdgeLegal is Definition 4.1: φ(e) = 1.
func (p *Protocol) EdgeLegal(s model.State, e topology.Edge) bool { return p.Phi(s, e) == 1 }

// Legal is the right-hand side of Theorem 4.1: every tree edge is legal.
func (p *Protocol) Legal() model.Predicate {
	return invariants.EveryEdge(p.tree.Edges(), p.EdgeLegal)
}

// Weakened returns a deliberately wrong local predicate, to show that the characterisation
// check notices: "phi<=1" admits φ(e) = 0, which no execution reaches; "no-finds" forgets F(e)
// in φ, which every find in transit violates.
func (p *Protocol) Weakened(kind string) model.Predicate {
	local := func(s model.State, e topology.Edge) bool { return p.Phi(s, e) <= 1 }
	if kind == "no-finds" {
		local = func(s model.State, e topology.Edge) bool {
			arrows := 0
			if p.Arrow(s, e.Parent) == e.Child {
				arrows++
			}
			if p.Arrow(s, e.Child) == e.Parent {
				arrows++
			}
			return arrows == 1
		}
	}
	return invariants.EveryEdge(p.tree.Edges(), local)
}

// PreservesPhi is the action invariant behind Theorem 4.2: a find transition changes φ(e) of
// no edge.
func (p *Protocol) PreservesPhi(from model.State, _ model.Step, to model.State) bool {
	for _, e := range p.tree.Edges() {
		if p.Phi(from, e) != p.Phi(to, e) {
			return false
		}
	}
	return true
}
