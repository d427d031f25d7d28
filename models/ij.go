package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/ij"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	register(&Entry{
		Name: "ij",
		Doc:  "Israeli and Jalfon's randomized token ring: the daemon picks a token holder, which passes its token left or right with probability 1/2; tokens that meet merge (probability-1 convergence and expected time; from the configurations with a token)",
		Params: []Param{
			{Name: "n", Default: 5, Min: 3, Max: 12, Doc: "processes on the ring"},
		},
		Checks: []string{"closure", "almost-sure", "expected-time"},
		Daemon: "central",
		// A move writes its neighbour's bit: the bits are network variables, which one move a
		// step keeps from being written twice (see the package doc of models/ij).
		Asynchronous: true,
		CentralWhy:   "a move writes its neighbour's token bit, a network variable that two moves of one step could both write",
		Build: func(v map[string]int, _ *topology.Tree) (*Instance, error) {
			r, err := ij.New(v["n"])
			if err != nil {
				return nil, err
			}
			return &Instance{Protocol: r, Init: r.Initial(), Properties: model.Properties{Legit: r.OneToken}, LegitDoc: "exactly one token",
				Notes: []string{
					"initial: the 2^n - 1 configurations with at least one token; no step creates a token or destroys the last",
					"the token bits are network variables, as PRISM's globals: a move writes its neighbour's bit",
				}}, nil
		},
	})
}
