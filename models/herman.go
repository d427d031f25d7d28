package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/herman"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	register(&Entry{
		Name: "herman",
		Doc:  "Herman's randomized token ring: a token holder flips a fair coin, the others copy their left neighbour, all at once (probability-1 convergence and expected time; rotation-symmetric)",
		Params: []Param{
			{Name: "n", Default: 7, Min: 2, Max: 24, Doc: "processes on the ring (odd: one token is reached with probability 1; even: never)"},
			{Name: "mutant", Default: 0, Min: 0, Max: 1, Names: []string{"none", "constant-coin"}, Doc: "constant-coin: a token holder always takes 0 instead of flipping"},
		},
		Checks: []string{"closure", "almost-sure", "expected-time"},
		Daemon: "synchronous",
		Build: func(v map[string]int, _ *topology.Tree) (*Instance, error) {
			r, err := herman.New(v["n"])
			if err != nil {
				return nil, err
			}
			r.ConstantCoin = v["mutant"] == 1
			return &Instance{Protocol: r, Properties: model.Properties{Legit: r.OneToken}, LegitDoc: "exactly one token (a process whose bit equals its left neighbour's)"}, nil
		},
	})
}
