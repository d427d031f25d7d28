package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/leader"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	register(&Entry{
		Name: "leader",
		Doc:  "Dufoulon, Emek and Gelles's communication-efficient randomized self-stabilizing leader election and spanning tree (DISC 2020), in synchronous rounds on 2 or 3 nodes: phases of epochs, token traversals, FindAny abstracted (docs/LEADER.md)",
		Params: []Param{
			{Name: "n", Default: 2, Min: 2, Max: 3, Doc: "physical nodes"},
			{Name: "graph", Default: 0, Min: 0, Max: 1, Names: leader.Graphs, Doc: "the communication graph"},
			{Name: "N", Default: 0, Min: 0, Max: 8, Doc: "the known bound on n, a power of 2 (0: the smallest one at least n)"},
			{Name: "Ctr", Default: 4, Min: 1, Max: 16, Doc: "timer constant: epochs of 2·Ctr·N rounds, timers expire past 8·Ctr·N"},
			{Name: "Cph", Default: 1, Min: 1, Max: 4, Doc: "phase constant: Cph·log2(N) search epochs a Propose phase"},
			{Name: "hold", Default: 1, Min: 1, Max: 4, Doc: "the most rounds a node holds a hot token (the paper's 1 to 4): past the first, the daemon chooses each round"},
			{Name: "init", Default: 0, Min: 0, Max: len(leader.Inits) - 1, Names: leader.Inits, Doc: "initial configurations: the clean one (every node just restarted), every tree structure and token placement, every combination of messages in transit, clean nodes restarted up to an epoch apart, or clean nodes with every timer, every controller (phase, epoch, round), every out_prop, in_prop and accpt"},
		},
		Checks: []string{"invariant", "closure", "almost-sure", "almost-sure-stable", "expected-time"},
		Daemon: "synchronous",
		Rounds: true,
		Build: func(v map[string]int, _ *topology.Tree) (*Instance, error) {
			bound := v["N"]
			if bound == 0 {
				for bound = 1; bound < v["n"]; bound *= 2 {
				}
			}
			pr, err := leader.New(leader.Params{N: v["n"], Graph: leader.Graph(v["graph"]), Bound: bound, Ctr: v["Ctr"], Cph: v["Cph"], Hold: v["hold"]})
			if err != nil {
				return nil, err
			}
			return &Instance{Protocol: pr, Init: pr.Initial(v["init"]), Properties: model.Properties{
				Legit: pr.Legit,
				Invariants: []model.Property{{Name: "each node restarts at most once (Theorem 1)", Holds: pr.AtMostOneRestart},
					{Name: "legitimate: at most one message, on a tree edge (Theorem 3)", Holds: pr.QuietAfter}},
				Costs: []model.Cost{{Name: "messages", Of: pr.Messages}},
			},
				LegitDoc: "a single spanning tree of compatible edges rooted at the leader, a single token, no merger under way",
				Notes: []string{"synchronous rounds: a step is a round; initial configurations: " + leader.Inits[v["init"]],
					"FindAny: each truly crossing edge of a node sampled with probability 1/2 in the safety epoch (docs/LEADER.md)"}}, nil
		},
	})
}
