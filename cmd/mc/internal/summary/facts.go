package summary

import (
	"fmt"
	"io"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
)

// Fact is one line of a run's statistics: its name, its value, and lines under it that
// belong to it (the expected steps, moves and rounds). The terminal report prints the facts;
// the HTML report shows them.
type Fact struct {
	Name, Value string
	Sub         []string
	Figure      bool // a worst case, recovery or expected-time figure, not the exploration's
}

// printFacts writes the statistics and the figures.
func printFacts(w io.Writer, facts []Fact, width int) {
	fmt.Fprintln(w)
	for _, f := range facts {
		layout.WriteWrapped(w, fmt.Sprintf("  %-12s ", f.Name), f.Value, width)
		for _, line := range f.Sub {
			layout.WriteWrapped(w, "    ", line, width)
		}
	}
}

// Facts are a run's statistics and figures, in the order they are printed; figures are
// those of checks the caller writes itself (recovery's), after the worst case.
func Facts(res *checker.Result, figures ...Fact) []Fact {
	facts := exploreFacts(res)
	if res.WorstCaseMoves != nil {
		text := plural.Count(*res.WorstCaseMoves, "move") + ", " + plural.Count(*res.WorstCaseSteps, "step")
		if res.WorstCaseTicks != nil {
			text += ", " + plural.Count(*res.WorstCaseTicks, "tick")
		}
		if res.WorstCaseRounds != nil {
			text += ", " + plural.Count(*res.WorstCaseRounds, "round")
		}
		facts = append(facts, Fact{Name: "worst case", Value: text, Figure: true})
	}
	facts = append(facts, figures...)
	if f, ok := expectedFact(res.Expected); ok {
		facts = append(facts, f)
	}
	return facts
}

// exploreFacts are the universe, the exploration, its time and its checkpoint.
func exploreFacts(res *checker.Result) []Fact {
	groupCounted := func(n uint64, noun string) string { return plural.Thousands(n) + " " + plural.Noun(n, noun) }
	s := res.Stats
	universe := s.Universe + " configurations"
	if s.UniverseSize > 0 {
		universe = s.Universe + " = " + groupCounted(s.UniverseSize, "configuration")
	}
	facts := []Fact{{Name: "universe", Value: universe}, {Name: "initial", Value: groupCounted(s.InitialStates, "state")}}
	switch {
	case s.Symbolic != nil:
		facts = append(facts, Fact{Name: "symbolic", Value: fmt.Sprintf("BDDs of %s, order %s; peak %s, %s",
			plural.Count(s.Symbolic.Levels, "variable"), orderText(s.Symbolic.Order), groupCounted(uint64(s.Symbolic.PeakNodes), "node"),
			plural.Count(s.Symbolic.Iterations, "fixpoint iteration"))})
	case s.Interrupted && s.StoppedIn == "exploration":
		facts = append(facts, Fact{Name: "explored", Value: fmt.Sprintf("%s, %s, BFS depth %d when interrupted, %s store",
			groupCounted(s.States, "state"), groupCounted(s.Transitions, "transition"), s.Depth, s.Store)})
	case s.Interrupted:
		reached := groupCounted(s.States, "state") + ", " + depthText(s)
		if everyInitial(s) { // a dense store holds them all from the start: none was analysed yet
			reached = depthText(s)
		}
		facts = append(facts, Fact{Name: "explored", Value: fmt.Sprintf("%s, %s store; interrupted during the analyses%s",
			reached, s.Store, stoppedAtText(s.StoppedAt))})
	default:
		facts = append(facts, Fact{Name: "explored", Value: fmt.Sprintf("%s, %s, %s, %s store",
			groupCounted(s.States, "state"), groupCounted(s.Transitions, "transition"), depthText(s), s.Store)})
	}
	if s.SpilledStates > 0 {
		facts = append(facts, Fact{Name: "visited set", Value: groupCounted(s.SpilledStates, "state") + " moved to disk"})
	}
	if s.CollisionProbability > 0 {
		facts = append(facts, Fact{Name: "fingerprint", Value: fmt.Sprintf("collision probability %.2g", s.CollisionProbability)})
	}
	facts = append(facts, Fact{Name: "time", Value: timeText(s)})
	if s.Resumed {
		facts = append(facts, Fact{Name: "resumed", Value: "from the checkpoint in " + s.Checkpoint})
	}
	if s.Checkpoint != "" && res.Verdict() == checker.Inconclusive {
		facts = append(facts, Fact{Name: "checkpoint", Value: fmt.Sprintf("saved in %s: continue with mc check --resume %s", s.Checkpoint, s.Checkpoint)})
	}
	return facts
}

// depthText is the BFS depth of a complete exploration; a dense store whose every
// configuration is initial did no BFS: it says so, not "depth 0".
func depthText(s checker.Stats) string {
	if everyInitial(s) {
		return "every configuration initial"
	}
	return fmt.Sprintf("BFS depth %d", s.Depth)
}

// everyInitial reports whether every configuration of the universe was an initial state.
func everyInitial(s checker.Stats) bool {
	return s.Depth == 0 && s.UniverseSize > 0 && s.InitialStates == s.UniverseSize
}

// stoppedAtText says how far the interrupted analysis had got, when its size was known.
func stoppedAtText(p *checker.Progress) string {
	if p == nil {
		return ""
	}
	what := map[string]string{"scan": "the scan of every state", "converge": "the convergence search"}[p.Phase]
	if what == "" {
		what = p.Phase
	}
	return fmt.Sprintf(" (%s at %.0f%%: %s of %s)", what, 100*float64(p.States)/float64(p.Total), plural.Thousands(p.States), plural.Thousands(p.Total))
}

// timeText is the run's time, its exploration's, its rate and its peak memory.
func timeText(s checker.Stats) string {
	rate := ""
	if s.StatesPerSecond > 0 {
		rate = plural.Thousands(uint64(s.StatesPerSecond)) + " states/s, "
	}
	explored := ""
	if s.ExploreSeconds > 0 {
		explored = fmt.Sprintf(" (exploration %.2f s)", s.ExploreSeconds)
	}
	return fmt.Sprintf("%.2f s%s, %speak memory %.1f MiB", s.Seconds, explored, rate, float64(s.PeakMemoryBytes)/(1<<20))
}
