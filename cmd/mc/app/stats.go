package app

import (
	"fmt"
	"io"

	"github.com/mc-checker/mc/checker"
)

// fact is one line of a run's statistics: its name, its value, and lines under it that
// belong to it (the expected steps, moves and rounds). The terminal report prints the facts;
// the HTML report shows them.
type fact struct {
	name, value string
	sub         []string
	figure      bool // a worst case, recovery or expected-time figure, not the exploration's
}

// printStats writes the statistics and the worst case.
func printStats(w io.Writer, res *checker.Result) {
	fmt.Fprintln(w)
	for _, f := range runFacts(res) {
		fmt.Fprintf(w, "  %-12s %s\n", f.name, f.value)
		for _, line := range f.sub {
			fmt.Fprintf(w, "    %s\n", line)
		}
	}
}

// runFacts are a run's statistics and figures, in the order they are printed.
func runFacts(res *checker.Result) []fact {
	facts := exploreFacts(res)
	if res.WorstCaseMoves != nil {
		text := counted(*res.WorstCaseMoves, "move") + ", " + counted(*res.WorstCaseSteps, "step")
		if res.WorstCaseTicks != nil {
			text += ", " + counted(*res.WorstCaseTicks, "tick")
		}
		if res.WorstCaseRounds != nil {
			text += ", " + counted(*res.WorstCaseRounds, "round")
		}
		facts = append(facts, fact{name: "worst case", value: text, figure: true})
	}
	if f, ok := recoveryFact(res.Recovery); ok {
		facts = append(facts, f)
	}
	if f, ok := expectedFact(res.Expected); ok {
		facts = append(facts, f)
	}
	return facts
}

// exploreFacts are the universe, the exploration, its time and its checkpoint.
func exploreFacts(res *checker.Result) []fact {
	s := res.Stats
	universe := s.Universe + " configurations"
	if s.UniverseSize > 0 {
		universe = s.Universe + " = " + groupCounted(s.UniverseSize, "configuration")
	}
	facts := []fact{{name: "universe", value: universe}, {name: "initial", value: groupCounted(s.InitialStates, "state")}}
	switch {
	case s.Symbolic != nil:
		facts = append(facts, fact{name: "symbolic", value: fmt.Sprintf("BDDs of %s, order %s; peak %s, %s",
			counted(s.Symbolic.Levels, "variable"), orderText(s.Symbolic.Order), groupCounted(uint64(s.Symbolic.PeakNodes), "node"),
			counted(s.Symbolic.Iterations, "fixpoint iteration"))})
	case s.Interrupted && s.StoppedIn == "exploration":
		facts = append(facts, fact{name: "explored", value: fmt.Sprintf("%s, %s, BFS depth %d when interrupted, %s store",
			groupCounted(s.States, "state"), groupCounted(s.Transitions, "transition"), s.Depth, s.Store)})
	case s.Interrupted:
		facts = append(facts, fact{name: "explored", value: fmt.Sprintf("%s, BFS depth %d, %s store; interrupted during the analyses",
			groupCounted(s.States, "state"), s.Depth, s.Store)})
	default:
		facts = append(facts, fact{name: "explored", value: fmt.Sprintf("%s, %s, BFS depth %d, %s store",
			groupCounted(s.States, "state"), groupCounted(s.Transitions, "transition"), s.Depth, s.Store)})
	}
	if s.SpilledStates > 0 {
		facts = append(facts, fact{name: "visited set", value: groupCounted(s.SpilledStates, "state") + " moved to disk"})
	}
	if s.CollisionProbability > 0 {
		facts = append(facts, fact{name: "fingerprint", value: fmt.Sprintf("collision probability %.2g", s.CollisionProbability)})
	}
	facts = append(facts, fact{name: "time", value: timeText(s)})
	if s.Resumed {
		facts = append(facts, fact{name: "resumed", value: "from the checkpoint in " + s.Checkpoint})
	}
	if s.Checkpoint != "" && res.Verdict() == checker.Inconclusive {
		facts = append(facts, fact{name: "checkpoint", value: fmt.Sprintf("saved in %s: continue with mc check --resume %s", s.Checkpoint, s.Checkpoint)})
	}
	return facts
}

// timeText is the run's time, its exploration's, its rate and its peak memory.
func timeText(s checker.Stats) string {
	rate := ""
	if s.StatesPerSecond > 0 {
		rate = group(uint64(s.StatesPerSecond)) + " states/s, "
	}
	explored := ""
	if s.ExploreSeconds > 0 {
		explored = fmt.Sprintf(" (exploration %.2f s)", s.ExploreSeconds)
	}
	return fmt.Sprintf("%.2f s%s, %speak memory %.1f MiB", s.Seconds, explored, rate, float64(s.PeakMemoryBytes)/(1<<20))
}
