package checker

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// The features of a run that another may refuse, besides the checks (named by their Check):
// what the model is (its reduction, a symmetry quotient, faults, a universe for its initial
// set) and what the spec asks (weak fairness, rounds).
const (
	FeatureReduction = "reduction"     // the model explores a reduction (model.Traits.Reduced)
	FeatureSymmetry  = "symmetry"      // the model is a quotient by symmetry (symmetry.Quotient)
	FeatureFaults    = "faults"        // the model suffers faults (faults.Budget)
	FeatureUniverse  = "universe"      // the model's initial set is described over its universe
	FeatureWeakFair  = "weak-fairness" // Spec.Fairness is WeaklyFair
	FeatureRounds    = "rounds"        // Spec.Rounds
	FeatureSymbolic  = "symbolic"      // Options.Engine decides the checks on BDDs
)

// Combination is one combination of features the checker refuses, and why: every group of
// When has a feature of the run, and Unless does not. Why may name the reduction as
// {reduction}, and the first feature of the last group the run has as {feature}.
type Combination struct {
	When   [][]string
	Unless string
	Why    string
}

// combinations is the one table of the features that do not combine. Spec.validate evaluates
// it, in order, before anything runs; the command line evaluates it through Spec.validate; no
// other code decides a combination. docs/COMBINATIONS.md is written from it.
var combinations = []Combination{
	{When: [][]string{{string(CheckAlmostSure), string(CheckExpected)}, {FeatureFaults}},
		Why: "almost-sure and expected-time run on a model without faults"},
	{When: [][]string{{string(CheckAlmostSure), string(CheckExpected)}, {FeatureReduction}},
		Why: "almost-sure and expected-time need the daemon's steps themselves, not the {reduction} reduction"},
	{When: [][]string{{string(CheckAlmostSure), string(CheckExpected)}, {FeatureWeakFair}},
		Why: "almost-sure and expected-time quantify over every scheduler: weak fairness is not among their assumptions"},
	{When: [][]string{{string(CheckCharacterise)}, {FeatureUniverse}},
		Why: "characterise needs a model with explicit initial states"},
	{When: [][]string{{string(CheckRecovery)}}, Unless: FeatureFaults,
		Why: "the recovery check runs on a model with faults (faults.With), and only it"},
	{When: [][]string{{FeatureFaults}}, Unless: string(CheckRecovery),
		Why: "the recovery check runs on a model with faults (faults.With), and only it"},
	{When: [][]string{{FeatureReduction}, {FeatureWeakFair, FeatureRounds, string(CheckWorstCase), string(CheckAction), string(CheckEventually), string(CheckRecovery)}},
		Why: "the {reduction} reduction keeps reachable configurations, deadlocks and cycles, not the steps themselves: " +
			"it applies to invariants, deadlock, closure, characterise and (with closure) convergence"},
	{When: [][]string{{FeatureReduction}, {string(CheckConvergence)}}, Unless: string(CheckClosure),
		Why: "the {reduction} reduction keeps convergence only where closure holds: check closure with it"},
	{When: [][]string{{FeatureSymmetry}, {FeatureWeakFair, FeatureRounds}},
		Why: "symmetry forgets which process is which: weak fairness and rounds are refused with it"},
	{When: [][]string{{FeatureSymmetry}, {string(CheckAction), string(CheckCharacterise), string(CheckRecovery)}},
		Why: "symmetry reduction applies to invariants, deadlock, closure, convergence, worst-case and eventually"},
	{When: [][]string{{FeatureSymbolic}, {string(CheckAction), string(CheckCharacterise), string(CheckEventually),
		string(CheckRecovery), string(CheckAlmostSure), string(CheckExpected)}},
		Why: "the symbolic engine does not run the {feature} check (it runs invariant, deadlock, closure, convergence and worst-case)"},
	{When: [][]string{{FeatureSymbolic}, {FeatureRounds}},
		Why: "the symbolic engine measures moves and steps, not rounds"},
}

// Combinations is the table of the combinations the checker refuses, in the order it
// evaluates them.
func Combinations() []Combination {
	out := make([]Combination, len(combinations))
	copy(out, combinations)
	return out
}

// refuses reports whether the combination applies to a run with the features have.
func (c Combination) refuses(have map[string]bool) bool {
	if c.Unless != "" && have[c.Unless] {
		return false
	}
	for _, group := range c.When {
		found := false
		for _, f := range group {
			found = found || have[f]
		}
		if !found {
			return false
		}
	}
	return true
}

// features are what a run of spec on m is made of, as the table names them.
func (s *Spec) features(m model.Model) map[string]bool {
	have := map[string]bool{}
	for _, c := range s.Checks {
		have[string(c)] = true
	}
	_, quotient := symmetry.QuotientOf(m)
	_, faulty := faults.BudgetOf(m)
	have[FeatureReduction] = model.TraitsOf(m).Reduced != ""
	have[FeatureSymmetry] = quotient
	have[FeatureFaults] = faulty
	have[FeatureUniverse] = universal(m)
	have[FeatureWeakFair] = s.Fairness == WeaklyFair
	have[FeatureRounds] = s.Rounds
	return have
}

// refusal is the first combination of the table that refuses spec on m, as an error; nil if
// none does.
func (s *Spec) refusal(m model.Model) error {
	return Refused(s.features(m), model.TraitsOf(m).Reduced)
}

// Refused is the first combination of the table that refuses a run with the features have
// (the checks by name, and the Feature names), as an error whose text names the reduction;
// nil if none does. Run asks it of the model it is given; a caller that knows the features
// before it builds a model (the command line, from its flags) asks it first, so that a
// refused run fails before a quotient or the faults' starts are enumerated.
func Refused(have map[string]bool, reduction string) error {
	for _, c := range combinations {
		if c.refuses(have) {
			why := strings.ReplaceAll(c.Why, "{reduction}", reduction)
			return fmt.Errorf("%s", strings.ReplaceAll(why, "{feature}", c.firstOf(have)))
		}
	}
	return nil
}

// firstOf is the first feature of the last group of When that the run has.
func (c Combination) firstOf(have map[string]bool) string {
	for _, f := range c.When[len(c.When)-1] {
		if have[f] {
			return f
		}
	}
	return ""
}
