package models

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/lek"
	"github.com/mc-checker/mc/models/topology"
)

func init() {
	register(&Entry{
		Name: "lek",
		Doc:  "LE(k) (Datta, Devismes, Larmore, Tixeuil): the same leader recovered after at most k faults at any time, on an anonymous oriented ring; starts legitimate, leader at process 0",
		Params: []Param{
			{Name: "n", Default: 19, Min: 3, Max: 64, Doc: "processes on the ring (the paper asks n > 18k+1)"},
			{Name: "k", Default: 1, Min: 1, Max: 3, Doc: "faults tolerated"},
			{Name: "tie", Default: 0, Min: 0, Max: 2, Names: []string{"strict", "left-yields", "right-yields"}, Doc: "equal suggestions: neither yields (Action 2 as printed), the left one yields (Section 4), the right one (Section 5)"},
			{Name: "trail", Default: 0, Min: 0, Max: 1, Names: []string{"empty", "no-copy"}, Doc: "Delete Probe/Report (a, b) need the trailing variable ⊥ (as printed) or only not a trailing copy (as Delete Trailing Denial)"},
			{Name: "close", Default: 0, Min: 0, Max: 1, Names: []string{"any", "matching"}, Doc: "Close Report rests the process whatever its status (as printed) or only for its own direction"},
			{Name: "strand", Default: 0, Min: 0, Max: 1, Names: []string{"stay", "delete"}, Doc: "a query token that can no longer move stays (as printed) or is deleted (repair)"},
			{Name: "report", Default: 0, Min: 0, Max: 1, Names: []string{"printed", "stop"}, Doc: "a report is copied onto a query of its home and deleted there (as printed) or, as probes, stops before it (repair)"},
			{Name: "returned", Default: 0, Min: 0, Max: 1, Names: []string{"wait", "rest"}, Doc: "status query_returned without its query waits forever (as printed) or rests (repair)"},
			{Name: "probeend", Default: 0, Min: 0, Max: 2, Names: []string{"delete", "wait", "wait-everywhere"}, Doc: "a probe at the end of its range is deleted once its report starts (as printed) or waits for its trailing copy, and its report for it (repair; wait-everywhere: the repair's first version, a report waits beside any probe of its value, finding 8)"},
			{Name: "stale", Default: 0, Min: 0, Max: 1, Names: []string{"printed", "requesting"}, Doc: "Erroneous Query Return deletes a query back home at a process querying left or resting (as printed) or also requesting (repair)"},
			{Name: "copyid", Default: 0, Min: 0, Max: 1, Names: []string{"home", "home-cand"}, Doc: "a query's copies are recognised by their home (as printed) or by home and candidate (repair)"},
			{Name: "dominated", Default: 0, Min: 0, Max: 1, Names: []string{"ignore", "query"}, Doc: "a satisfied process's rumor dominated by its right neighbour's, whose candidate it cannot see, is ignored (as printed) or that neighbour queries its candidate (repair)"},
			{Name: "cands", Default: 0, Min: 0, Max: 1, Names: []string{"path", "paper"}, Doc: "a query's candidate, relative to its host, ranges over -3k-1..3k+1, where every query's path stays (the model's narrowing), or over the paper's -6k-1..6k+1, which faults may write"},
			{Name: "far", Default: 0, Min: 0, Max: 1, Names: []string{"keep", "delete"}, Doc: "a query whose candidate is beyond 3k+1 (written by a fault, with cands=paper) is kept (as printed) or deleted and never copied (repair)"},
			{Name: "order", Default: 0, Min: 0, Max: 1, Names: lek.Orders, Doc: "a selected process runs until it is no longer enabled, taking the first enabled action in textual order or any enabled action (the daemon chooses)"},
			{Name: "mutant", Default: 0, Min: 0, Max: len(lek.Mutants) - 1, Names: lek.Mutants, Doc: "a deliberate bug, to see a check fail"},
		},
		Checks: []string{"invariant", "deadlock"},
		Build: func(v map[string]int, _ *topology.Tree) (*Instance, error) {
			r, err := lek.New(v["n"], v["k"], lek.Readings{Tie: v["tie"], Trail: v["trail"], Close: v["close"], Strand: v["strand"], ProbeEnd: v["probeend"], Report: v["report"], Returned: v["returned"], Stale: v["stale"], Order: v["order"], CopyID: v["copyid"], Dominated: v["dominated"], Cands: v["cands"], Far: v["far"], Mutant: lek.Mutant(v["mutant"])})
			if err != nil {
				return nil, err
			}
			return &Instance{Protocol: r, Init: []model.State{r.Legitimate(0)}, Properties: model.Properties{
				Legit: r.Legit,
				Invariants: []model.Property{
					{Name: "legitimate configurations are silent", Holds: r.Silent},
					{Name: "no process runs forever in one step", Holds: r.NoRunaway},
				},
			},
				LegitDoc: "one of the n legitimate configurations: a leader, the 6k+1 processes around it voting and rumoring for it, all else at rest",
				Notes:    []string{"a selected process runs until it is no longer enabled, its actions in " + lek.Orders[v["order"]] + " order; readings in docs/LEK.md"}}, nil
		},
	})
}
