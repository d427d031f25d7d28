package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	register(&Entry{
		Name: "dijkstra",
		Doc:  "Dijkstra's K-state token ring (1974): n machines, x[i] in 0..K-1",
		Params: []Param{
			{Name: "n", Default: 6, Min: 2, Max: 64, Doc: "machines on the ring"},
			{Name: "K", Default: 6, Min: 2, Max: model.MaxDomain, Doc: "states per machine"},
		},
		Search: "K",
		Checks: []string{"closure", "convergence", "worst-case"},
		Build: func(v map[string]int, _ *topology.Tree) (*Instance, error) {
			r, err := dijkstra.New(v["n"], v["K"])
			if err != nil {
				return nil, err
			}
			return &Instance{
				Protocol:  r,
				Legit:     r.Legitimate(),
				LegitForm: r.LegitimateForm(),
				LegitDoc:  "exactly one machine is privileged",
				Invariants: []model.Property{
					{Name: "some-privileged", Holds: r.SomePrivileged(), Form: r.SomePrivilegedForm()},
				},
			}, nil
		},
	})
}
