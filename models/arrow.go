package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/arrow"
	"github.com/mc-checker/mc/models/topology"
)

// weakenings are the local predicates the arrow model can be checked against: Theorem 4.1's,
// and two wrong ones that show what a failed characterisation looks like.
var weakenings = []string{"phi=1", "phi<=1", "no-finds"}

func init() {
	register(&Entry{
		Name: "arrow",
		Doc:  "the arrow queuing protocol on a tree, from quiescent configurations (Theorem 4.1: legal iff every edge has φ(e)=1)",
		Params: []Param{
			{Name: "n", Default: 4, Min: 2, Max: 8, Doc: "nodes of the tree (ignored with a .dot topology)"},
			{Name: "F", Default: 1, Min: 1, Max: 4, Doc: "finds a channel may hold"},
			{Name: "weaken", Default: 0, Min: 0, Max: 2, Doc: "predicate: 0 φ(e)=1, 1 φ(e)≤1, 2 F(e) left out of φ (1, 2 must fail)"},
		},
		Tree:         true,
		Asynchronous: true,
		Checks:       []string{"characterise", "action-invariant", "closure"},
		Build: func(v map[string]int, tree *topology.Tree) (*Instance, error) {
			p, err := arrow.New(tree, v["F"])
			if err != nil {
				return nil, err
			}
			pred := p.Legal()
			if v["weaken"] > 0 {
				pred = p.Weakened(weakenings[v["weaken"]])
			}
			return &Instance{
				Protocol: p,
				Init:     p.Quiescent(),
				Properties: model.Properties{
					Legit: p.Legal(),
					Characterisations: []model.Property{
						{Name: "every-edge-" + weakenings[v["weaken"]], Holds: pred},
					},
					Actions: []model.ActionProperty{{Name: "find-transitions-preserve-phi", Holds: p.PreservesPhi}},
				},
				LegitDoc: "every tree edge has φ(e) = p(a,e) + p(b,e) + F(e) = 1",
				Notes:    []string{"a send on a full channel is disabled until the channel has room"},
			}, nil
		},
	})
}
