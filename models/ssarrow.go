package models

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/ssarrow"
	"github.com/mc-checker/mc/models/topology"
)

// ssarrowBounds are the model's representable ranges; a run that would pass them stops with a
// model error naming the variable. They were chosen so that no run from the initial
// configurations passes them on paths of 2 and 3 nodes.
var ssarrowBounds = ssarrow.Config{Capacity: 4, Sent0: 1, Phi0: 2, SentMax: 20, PhiMax: 22}

func init() {
	register(&Entry{
		Name: "ssarrow",
		Doc:  "the self-stabilizing arrow protocol (Section 5) with discrete time, from every configuration of a bounded universe",
		Params: []Param{
			{Name: "n", Default: 2, Min: 2, Max: 6, Doc: "nodes of the tree (ignored with a .dot topology); the star of 4 with init=0 has 86 million states and takes about 7 GiB"},
			{Name: "delay", Default: 1, Min: 1, Max: 3, Doc: "ticks a message may take; R = 2·delay (3: the path of 2 nodes only fits)"},
			{Name: "tau", Default: 5, Min: 1, Max: 16, Doc: "timeout τ in ticks (the paper asks τ ≥ 2R)"},
			{Name: "init", Default: 1, Min: 0, Max: 2, Doc: "messages in transit on an edge initially (any kind and age; 2: channels of 5 messages an age, at most 3 observers)"},
			{Name: "legit", Default: 1, Min: 0, Max: 3, Doc: "legitimate: 0 fully legal (Definition 6.1), 1 and the timers consistent; 2 every edge P1 ∨ P2 (Lemmas 6.4, 6.5), 3 and the timers consistent"},
			{Name: "skip-observe", Default: 0, Min: 0, Max: 1, Doc: "1: a wrong parent that corrects without observing"},
			{Name: "exceeds", Default: 0, Min: 0, Max: 1, Doc: "the timeout's reading: 0 when the timer reaches τ, 1 when it exceeds τ (5.3's words: after τ+1 ticks)"},
		},
		Tree:         true,
		Asynchronous: true,
		Checks:       []string{"action-invariant", "deadlock", "closure", "convergence", "worst-case"},
		Build: func(v map[string]int, tree *topology.Tree) (*Instance, error) {
			cfg := ssarrowBounds
			cfg.SentMax = max(cfg.SentMax, 10*v["delay"]*max(1, v["init"])) // a longer observation, or more messages initially, send more finds
			cfg.PhiMax = cfg.SentMax + 2
			cfg.Delay, cfg.Timeout, cfg.Capacity0, cfg.SkipObserve = v["delay"], v["tau"]+v["exceeds"], v["init"], v["skip-observe"] == 1
			if cfg.Capacity0 > 1 {
				// Two messages initially grow a channel's age past 4 messages, which the up
				// channel's three kinds cannot number in a byte (364 contents for 5); with at
				// most 3 observers an age, 5 messages number 236.
				cfg.Capacity, cfg.Observers = 5, 3
			}
			p, err := ssarrow.New(tree, cfg)
			if err != nil {
				return nil, err
			}
			r := cfg.R()
			legit, legitDoc := p.Legitimate(), "every edge is fully legal (Definition 6.1)"
			switch v["legit"] {
			case 1:
				legit, legitDoc = p.LegitimateConsistent(), "every edge is fully legal and its observer returns before the next timeout"
			case 2:
				legit, legitDoc = p.EveryObserved(false), "every edge satisfies P1 ∨ P2 (Lemmas 6.4 and 6.5)"
			case 3:
				legit, legitDoc = p.EveryObserved(true), "every edge satisfies P1 ∨ P2 and its observer returns before the next timeout"
			}
			init, err := p.InitialStates()
			if err != nil {
				return nil, err
			}
			return &Instance{
				Protocol: p,
				Init:     init,
				Properties: model.Properties{
					Legit: legit,
					Actions: []model.ActionProperty{
						{Name: "child-keeps-phi (Lemma 6.1)", Holds: p.ChildKeepsPhi},
						{Name: "only-own-edge (Lemma 6.2)", Holds: p.OnlyOwnEdge},
						{Name: "observe-keeps-phi (Lemma 6.3)", Holds: p.ObserveKeepsPhi},
					},
				},
				LegitDoc: legitDoc,
				Notes: []string{
					timeoutNote(r, v["tau"], v["exceeds"] == 1),
					"legitimate: " + legitDoc,
					fmt.Sprintf("initially %s in transit per edge, sent ≤ %d, φest ≤ %d; arrows, phases and timers arbitrary", inTransit(cfg.Capacity0), cfg.Sent0, cfg.Phi0),
					fmt.Sprintf("channels hold %d messages of each age per direction%s, sent ≤ %d, φest ≤ %d: a run past these is reported, never cut", cfg.Capacity, observersNote(cfg.Observers), cfg.SentMax, cfg.PhiMax),
				},
			}, nil
		},
	})
}

// observersNote says how many observers an age may hold, if that is bounded.
func observersNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (at most %d observers)", n)
}

// inTransit says how many messages an edge may carry initially.
func inTransit(n int) string {
	switch n {
	case 0:
		return "no message"
	case 1:
		return "at most one message, of any kind and age,"
	}
	return fmt.Sprintf("at most %d messages, of any kinds and ages,", n)
}

// timeoutNote says when the timeout fires and the paper's bound (Corollary 6.8: 3R + τ; Lemma
// 6.7: 5R when τ = 2R).
func timeoutNote(r, tau int, exceeds bool) string {
	when := fmt.Sprintf("the timeout fires when the timer reaches τ = %d", tau)
	if exceeds {
		when = fmt.Sprintf("the timeout fires when the timer exceeds τ = %d (after %d ticks)", tau, tau+1)
	}
	return fmt.Sprintf("R = %d ticks, %s: the paper bounds stabilization by 3R+τ = %d ticks (5R = %d when τ = 2R)", r, when, 3*r+tau, 5*r)
}
