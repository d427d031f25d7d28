package proof

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/plural"
)

// Expectation lists what must come out; figures left out are not compared. One that lists
// nothing must say so: verdict: any.
type Expectation struct {
	// Verdict is the run's overall verdict (holds, violated, inconclusive), or "any" for a
	// run that is expected to complete and nothing more.
	Verdict        string                     `yaml:"verdict"`
	Verdicts       map[string]checker.Verdict `yaml:"verdicts"`
	InitialStates  *uint64                    `yaml:"initial_states"`
	States         *uint64                    `yaml:"states"`
	Transitions    *uint64                    `yaml:"transitions"`
	WorstCaseMoves *uint64                    `yaml:"worst_case_moves"`
	WorstCaseSteps *uint64                    `yaml:"worst_case_steps"`
	// TraceSteps is the number of steps of each violated check's trace (a lasso's closing step
	// included).
	TraceSteps map[string]int `yaml:"trace_steps"`
	// ExpectedSteps pins the expected-time check's exact figures, as fractions ("48/7").
	ExpectedSteps *expectedPin `yaml:"expected_steps"`
	// ExpectedCosts pins those of the model's costs, by name (model.Cost: messages, say).
	ExpectedCosts map[string]*expectedPin `yaml:"expected_costs"`
}

// expectedPin is the exact worst and average expected steps; one left out is not compared.
type expectedPin struct {
	Worst   string `yaml:"worst"`
	Average string `yaml:"average"`
}

// valid refuses an Expectation that expects nothing without saying so, and one that pins a
// trace on a check it expects to hold.
func (e *Expectation) valid() error {
	switch {
	case e == nil:
		return errors.New("no expect: block (a run that expects nothing but to complete says expect: {verdict: any})")
	case e.Verdict != "" && e.Verdict != "any":
		if _, err := checker.ParseVerdict(e.Verdict); err != nil {
			return fmt.Errorf("expect: verdict: %v (or any)", err)
		}
	case e.empty():
		return errors.New("expect: lists nothing (a run that expects nothing but to complete says expect: {verdict: any})")
	}
	pins := map[string]*expectedPin{"expected_steps": e.ExpectedSteps}
	for name, p := range e.ExpectedCosts {
		pins["expected_costs: "+name] = p
	}
	for _, what := range slices.Sorted(maps.Keys(pins)) {
		if p := pins[what]; p != nil {
			for _, v := range []string{p.Worst, p.Average} {
				if _, ok := new(big.Rat).SetString(v); v != "" && !ok {
					return fmt.Errorf("expect: %s: %q is not a fraction", what, v)
				}
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(e.TraceSteps)) {
		if v, ok := e.Verdicts[name]; ok && v == checker.Holds {
			return fmt.Errorf("expect: trace_steps: %s is expected to hold, and a check that holds has no trace", name)
		}
		if e.TraceSteps[name] < 0 {
			return fmt.Errorf("expect: trace_steps: %s: %s", name, plural.Count(e.TraceSteps[name], "step"))
		}
	}
	return nil
}

// empty reports whether the Expectation names nothing to compare.
func (e *Expectation) empty() bool {
	figures := e.InitialStates == nil && e.States == nil && e.Transitions == nil &&
		e.WorstCaseMoves == nil && e.WorstCaseSteps == nil && e.ExpectedSteps == nil && len(e.ExpectedCosts) == 0
	return e.Verdict == "" && len(e.Verdicts) == 0 && len(e.TraceSteps) == 0 && figures
}

// compare lists every deviation of r from the Expectation, as "what: expected x, got y", in
// a fixed order.
func (e *Expectation) Compare(res *checker.Result) []string {
	var diffs []string
	got := map[string]checker.CheckResult{}
	for _, c := range res.Checks {
		got[c.Name] = c
	}
	if e.Verdict != "" && e.Verdict != "any" && e.Verdict != res.Verdict().String() {
		diffs = append(diffs, fmt.Sprintf("verdict: expected %s, got %s", e.Verdict, res.Verdict()))
	}
	for _, name := range slices.Sorted(maps.Keys(e.Verdicts)) {
		c, ok := got[name]
		switch want := e.Verdicts[name]; {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s: expected %s, but the check was not run", name, want))
		case c.Verdict != want:
			diffs = append(diffs, fmt.Sprintf("%s: expected %s, got %s (%s)", name, want, c.Verdict, c.Detail))
		}
	}
	figure := func(what string, want *uint64, have *uint64) {
		switch {
		case want == nil:
		case have == nil:
			diffs = append(diffs, fmt.Sprintf("%s: expected %d, got none", what, *want))
		case *want != *have:
			diffs = append(diffs, fmt.Sprintf("%s: expected %d, got %d", what, *want, *have))
		}
	}
	figure("initial_states", e.InitialStates, &res.Stats.InitialStates)
	figure("states", e.States, &res.Stats.States)
	figure("transitions", e.Transitions, &res.Stats.Transitions)
	figure("worst_case_moves", e.WorstCaseMoves, res.WorstCaseMoves)
	figure("worst_case_steps", e.WorstCaseSteps, res.WorstCaseSteps)
	diffs = append(diffs, e.ExpectedSteps.compare("expected_steps", res.Expected, stepsOf)...)
	for _, name := range slices.Sorted(maps.Keys(e.ExpectedCosts)) {
		diffs = append(diffs, e.ExpectedCosts[name].compare("expected_costs: "+name, res.Expected, costOf(name))...)
	}
	for _, name := range slices.Sorted(maps.Keys(e.TraceSteps)) {
		c, ok := got[name]
		switch want := e.TraceSteps[name]; {
		case !ok || c.Trace == nil:
			diffs = append(diffs, fmt.Sprintf("%s trace: expected %s, got no trace", name, plural.Count(want, "step")))
		case len(c.Trace.Steps) != want:
			diffs = append(diffs, fmt.Sprintf("%s trace: expected %s, got %d", name, plural.Count(want, "step"), len(c.Trace.Steps)))
		}
	}
	return diffs
}

// stepsOf is the expected steps' figure.
func stepsOf(e *checker.Expected) *checker.ExpectedFigure { return e.Steps }

// costOf is the figure of the model's cost of that name, or nil.
func costOf(name string) func(*checker.Expected) *checker.ExpectedFigure {
	return func(e *checker.Expected) *checker.ExpectedFigure {
		for _, c := range e.Costs {
			if c.Name == name {
				return c.ExpectedFigure
			}
		}
		return nil
	}
}

// compare lists the deviations of the exact figure of(got) from the pinned one, each
// prefixed with what.
func (p *expectedPin) compare(what string, got *checker.Expected, of func(*checker.Expected) *checker.ExpectedFigure) []string {
	if p == nil {
		return nil
	}
	if got == nil || !got.Exact || of(got) == nil {
		return []string{what + ": expected exact figures, got none (did expected-time run, and hold exactly?)"}
	}
	fig := of(got)
	var diffs []string
	for _, f := range []struct {
		what, want string
		have       checker.Bound
	}{{"worst", p.Worst, fig.Worst}, {"average", p.Average, fig.Average}} {
		want, _ := new(big.Rat).SetString(f.want)
		have, _ := new(big.Rat).SetString(f.have.Exact)
		if f.want != "" && (have == nil || want.Cmp(have) != 0) {
			diffs = append(diffs, fmt.Sprintf("%s: %s: expected %s, got %s", what, f.what, f.want, f.have.Exact))
		}
	}
	return diffs
}
