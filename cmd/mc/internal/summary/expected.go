package summary

import (
	"fmt"
	"io"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
)

// expectedFact is the expected-time figures: per measure the worst and the average over
// the initial configurations, exact or as the interval iteration's bounds.
func expectedFact(e *checker.Expected) (Fact, bool) {
	if e == nil {
		return Fact{}, false
	}
	how := "exact"
	if !e.Exact {
		how = fmt.Sprintf("interval iteration to a relative precision of %g; not exact: %s", e.Precision, e.Why)
	}
	over := "worst over schedulers and initial configurations"
	if e.Chain == "Markov chain" {
		over = "worst over initial configurations"
	}
	f := Fact{Name: "expected", Figure: true,
		Value: fmt.Sprintf("to the legitimate set (%s), %s, and average over the initial ones (%s)", e.Chain, over, how)}
	for _, m := range []struct {
		name string
		fig  *checker.ExpectedFigure
	}{{"steps", e.Steps}, {"moves", e.Moves}, {"rounds", e.Rounds}} {
		if m.fig != nil {
			f.Sub = append(f.Sub, fmt.Sprintf("%-7s    worst %s, average %s", m.name, boundText(m.fig.Worst), boundText(m.fig.Average)))
		}
	}
	for _, c := range e.Costs {
		f.Sub = append(f.Sub, fmt.Sprintf("%-10s worst %s, average %s", c.Name, boundText(c.Worst), boundText(c.Average)))
	}
	return f, true
}

// boundText shows an exact value with its decimal value (a long fraction by its size: --json
// has it whole), or an interval.
func boundText(b checker.Bound) string {
	num, den, fraction := strings.Cut(b.Exact, "/")
	switch {
	case b.Exact != "" && !fraction:
		return b.Exact
	case len(b.Exact) > 24:
		return fmt.Sprintf("≈ %.6g (exact: a fraction of %d/%d digits)", b.Lo, len(num), len(den))
	case b.Exact != "":
		return fmt.Sprintf("%s ≈ %.6g", b.Exact, b.Lo)
	}
	return fmt.Sprintf("in [%.12g, %.12g]", b.Lo, b.Hi)
}

// printExpectedWorst shows, with --witness, an initial configuration of the worst expectation.
func printExpectedWorst(w io.Writer, m model.Model, e *checker.Expected) error {
	if e == nil || e.Steps == nil || e.Steps.WorstFrom == nil {
		return nil
	}
	fmt.Fprintf(w, "\nworst expected steps (%s) from\n", boundText(e.Steps.Worst))
	return trace.Print(w, m, &model.Trace{States: []model.State{e.Steps.WorstFrom}, LoopStart: -1})
}
