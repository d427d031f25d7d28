package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/maxring"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	register(&Entry{
		Name: "maxring",
		Doc:  "maximum propagation on an anonymous bidirectional ring: every process adopts its neighbours' largest value (rotation-symmetric)",
		Params: []Param{
			{Name: "n", Default: 5, Min: 3, Max: 12, Doc: "processes on the ring"},
			{Name: "K", Default: 3, Min: 2, Max: 16, Doc: "values 0..K-1"},
			{Name: "copy", Default: 0, Min: 0, Max: 1, Doc: "1: copy the left neighbour's differing value instead (may rotate forever)"},
		},
		Checks: []string{"deadlock", "closure", "convergence", "worst-case"},
		Build: func(v map[string]int, _ *topology.Tree) (*Instance, error) {
			r, err := maxring.New(v["n"], v["K"])
			if err != nil {
				return nil, err
			}
			r.Copy = v["copy"] == 1
			return &Instance{Protocol: r, Properties: model.Properties{
				Legit:      r.Agreed,
				Invariants: []model.Property{{Name: "no-zero (fails)", Holds: r.NoZero}},
			}, LegitDoc: "every value the same",
			}, nil
		},
	})
}
