package models

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/arvy"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	register(&Entry{
		Name: "arvy",
		Doc:  "the Arvy directory protocol (Algorithm 1; Arrow, Ivy, the whole family, Algorithm 2's ring bridge) from rooted trees, with concurrent requests",
		Params: []Param{
			{Name: "n", Default: 3, Min: 2, Max: arvy.MaxNodes, Doc: "nodes (ignored with a .dot topology); every rooted tree of 6 takes minutes, use --topology iso"},
			{Name: "newparent", Default: int(arvy.Any), Min: 0, Max: len(arvy.NewParents) - 1, Names: arvy.NewParents,
				Doc: "NewParent: the sender, the producer, every visited node at once, or Algorithm 2 (an even ring)"},
			{Name: "requests", Default: 1, Min: 1, Max: 3, Doc: "requests per node (without recycle)"},
			{Name: "recycle", Default: 0, Min: 0, Max: 1, Doc: "1: a satisfied node may request again, without bound (liveness: eventually, under --fairness weakly-fair)"},
			{Name: "mutant", Default: 0, Min: 0, Max: len(arvy.Mutants) - 1, Names: arvy.Mutants, Doc: "a deliberate bug, to see a check fail"},
		},
		Tree:         true,
		Rooted:       true,
		Asynchronous: true,
		Checks:       []string{"invariant", "action-invariant", "deadlock", "convergence", "worst-case", "eventually"},
		Commands:     []*Command{arvyRatio},
		Build: func(v map[string]int, tree *topology.Tree) (*Instance, error) {
			return arvyOn(v, tree.Names(), fmt.Sprintf("the tree %s rooted at %s", tree.Name, tree.Labels[tree.Root]), func(p *arvy.Protocol) ([][]int, error) {
				if p.Config().NewParent == arvy.Bridge {
					return nil, fmt.Errorf("the bridge heuristic starts from Algorithm 2's configuration on the ring; --topology does not apply")
				}
				return [][]int{arvy.TreeParents(tree)}, nil
			})
		},
		BuildSet: func(v map[string]int, set string) (*Instance, error) {
			return arvyOn(v, nil, set, func(p *arvy.Protocol) ([][]int, error) {
				switch {
				case p.Config().NewParent == arvy.Bridge && set != RootedSets[0]:
					return nil, fmt.Errorf("the bridge heuristic starts from Algorithm 2's configuration on the ring; --topology %s does not apply", set)
				case p.Config().NewParent == arvy.Bridge:
					return [][]int{arvy.RingStart(p.N())}, nil
				case set == RootedSets[1]:
					return arvy.IsoTrees(p.N()), nil
				}
				return arvy.RootedTrees(p.N()), nil
			})
		},
	})
}

// arvyOn builds Arvy, its nodes named by names (nil: numbered), from the rooted trees that
// trees gives; from says which, or names the set of RootedSets they are.
func arvyOn(v map[string]int, names []string, from string, trees func(*arvy.Protocol) ([][]int, error)) (*Instance, error) {
	cfg := arvy.Config{N: v["n"], Requests: v["requests"], Recycle: v["recycle"] == 1,
		NewParent: arvy.NewParent(v["newparent"]), Mutant: arvy.Mutant(v["mutant"]), Names: names}
	p, err := arvy.New(cfg)
	if err != nil {
		return nil, err
	}
	pars, err := trees(p)
	if err != nil {
		return nil, err
	}
	init, err := p.Starts(pars)
	if err != nil {
		return nil, err
	}
	if from == RootedSets[0] || from == RootedSets[1] {
		from = arvyFrom(cfg, from, len(pars))
	}
	inst := &Instance{Protocol: p, Init: init, Properties: model.Properties{
		Invariants: p.Invariants(),
		Actions:    p.Actions(),
		Eventually: p.Satisfied(),
	},
		Notes: arvyNotes(cfg, from)}
	inst.Legit, inst.LegitDoc = p.Done, "done: no find in transit, the token at rest, every request satisfied (the token's holder needs none)"
	if cfg.Recycle {
		inst.Legit, inst.LegitDoc = p.Quiet, "quiet: no find in transit, the token at rest, no outstanding request"
		inst.Checks = []string{"invariant", "action-invariant", "deadlock", "eventually"}
	}
	return inst, nil
}

// arvyFrom says which rooted trees of a set a run starts from.
func arvyFrom(cfg arvy.Config, set string, trees int) string {
	switch {
	case cfg.NewParent == arvy.Bridge:
		return fmt.Sprintf("Algorithm 2's configuration on the ring of %d (the bridge between %d and %d)", cfg.N, cfg.N/2, cfg.N/2-1)
	case set == RootedSets[0]:
		return fmt.Sprintf("every rooted tree on %d nodes (%d)", cfg.N, trees)
	}
	return fmt.Sprintf("one rooted tree per isomorphism class on %d nodes (%d): the lemmas are invariant under relabelling nodes", cfg.N, trees)
}

// arvyNotes are the encoding choices every run states.
func arvyNotes(cfg arvy.Config, from string) []string {
	requests := "at most 1 request per node"
	if cfg.Requests != 1 {
		requests = fmt.Sprintf("at most %d requests per node, one outstanding", cfg.Requests)
	}
	if cfg.Recycle {
		requests = "recycle: a satisfied node may request again, one request outstanding"
	}
	notes := []string{
		"initially: " + from + "; the token at the root, no find in transit",
		"NewParent " + cfg.NewParent.String() + "; " + requests + "; a node holding the token at rest does not request",
		"network: one slot per producer, none or (sender, receiver, visited), not FIFO; the token at rest at a node or in transit to one (sending and receiving are two events)",
		"weak fairness, when asked for, is per message: each producer's find and the token; requests are the environment's",
	}
	if cfg.Mutant != arvy.Correct {
		notes = append(notes, "mutant "+arvy.Mutants[cfg.Mutant]+": a deliberate bug")
	}
	return notes
}
