package app

import (
	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/checker/sim"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
)

// simulationJSON is a simulation as --json prints it: the run as asked for (as mc check --json
// says it), the simulation's own settings, the overall verdict (holds: every run stabilized;
// violated: a run got stuck outside the legitimate set; inconclusive: a run passed
// --max-steps, or the simulation was stopped), how the runs ended, the distribution of the
// stabilized runs' figures, and the traces --dir saved.
type simulationJSON struct {
	summary.About
	Scheduler string          `json:"scheduler"`
	Runs      int             `json:"runs"`
	Seed      uint64          `json:"seed"`
	MaxSteps  int             `json:"max_steps"`
	Faults    int             `json:"faults,omitempty"`
	FaultGap  *int            `json:"fault_gap,omitempty"`
	End       string          `json:"end,omitempty"` // with --faults: legitimate, or start
	Verdict   checker.Verdict `json:"verdict"`
	Stats     simStatsJSON    `json:"stats"`
	Figures   simFiguresJSON  `json:"figures"`
	Saved     []string        `json:"saved,omitempty"` // the traces of the runs that did not stabilize, for mc replay
}

// simStatsJSON says how the runs ended: stabilized, stuck (no process enabled outside the
// legitimate set) or bounded (not stabilized within max_steps); not_stabilized lists the first
// of the others (numbered from 0: a run depends only on the seed and its number).
type simStatsJSON struct {
	Stabilized    int     `json:"stabilized"`
	Stuck         int     `json:"stuck"`
	Bounded       int     `json:"bounded"`
	NotStabilized []int   `json:"not_stabilized"`
	Interrupted   bool    `json:"interrupted,omitempty"`
	Seconds       float64 `json:"seconds"`
}

// simFiguresJSON are the distributions over the stabilized runs; after_last, with faults, the
// steps from the last fault.
type simFiguresJSON struct {
	Moves     sim.Spread  `json:"moves"`
	Steps     sim.Spread  `json:"steps"`
	Rounds    sim.Spread  `json:"rounds"`
	AfterLast *sim.Spread `json:"after_last,omitempty"`
	// Costs are the model's costs (messages, say), each summed over a run's steps.
	Costs []sim.CostSpread `json:"costs,omitempty"`
}

// simulationJSONOf is what --json prints of a simulation that took the given time.
func simulationJSONOf(b *runs.Run, opts sim.Options, s sim.Summary, saved []string, seconds float64, interrupted bool) simulationJSON {
	out := simulationJSON{About: aboutOf(b), Scheduler: opts.Scheduler.String(), Runs: opts.Runs, Seed: opts.Seed,
		MaxSteps: opts.MaxSteps, Saved: saved,
		Stats: simStatsJSON{Stabilized: s.Stabilized, Stuck: s.Deadlocked, Bounded: s.Bound, NotStabilized: s.FirstFailed,
			Interrupted: interrupted, Seconds: seconds},
		Figures: simFiguresJSON{Moves: s.Moves, Steps: s.Steps, Rounds: s.Rounds, Costs: s.Costs}}
	if out.Stats.NotStabilized == nil {
		out.Stats.NotStabilized = []int{}
	}
	if opts.Faults > 0 {
		out.Faults, out.FaultGap, out.End, out.Figures.AfterLast = opts.Faults, &opts.FaultGap, "legitimate", &s.AfterLast
		if opts.EndAtStart {
			out.End = "start"
		}
	}
	switch {
	case s.Deadlocked > 0:
		out.Verdict = checker.Violated
	case s.Bound > 0 || interrupted:
		out.Verdict = checker.Inconclusive
	default:
		out.Verdict = checker.Holds
	}
	return out
}
