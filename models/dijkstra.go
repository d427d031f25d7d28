package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	e := &Entry{
		Name: "dijkstra",
		Doc:  "Dijkstra's K-state token ring (1974): n machines, x[i] in 0..K-1",
		// The parameters are examples/protocols/dijkstra.gcl's, which a test compares: n = 5,
		// K = n, the ranges the simulator takes (an exhaustive check stops far below them).
		Params: []Param{
			{Name: "n", Default: 5, Min: 2, Max: 64, Doc: "machines on the ring (mc check: up to 9, 13 with --engine symbolic)"},
			{Name: "K", Default: 5, Min: 2, Max: model.MaxDomain, Doc: "states per machine (by default n, as the file has it)"},
		},
		Search: "K",
		Checks: []string{"closure", "convergence", "worst-case"},
		Build: func(v map[string]int, _ *topology.Tree) (*Instance, error) {
			r, err := dijkstra.New(v["n"], v["K"])
			if err != nil {
				return nil, err
			}
			return &Instance{
				Protocol: r,
				Properties: model.Properties{
					Legit:     r.Legitimate(),
					LegitForm: r.LegitimateForm(),
					Invariants: []model.Property{
						{Name: "some-privileged", Holds: r.SomePrivileged(), Form: r.SomePrivilegedForm()},
					},
				},
				LegitDoc: "exactly one machine is privileged",
			}, nil
		},
	}
	e.Derive = func(given map[string]int) (map[string]int, error) { // K follows n, as the file's "param K = n"
		vals := e.Defaults()
		for name, v := range given {
			vals[name] = v
		}
		if _, ok := given["K"]; !ok {
			vals["K"] = vals["n"]
		}
		return vals, nil
	}
	register(e)
}
