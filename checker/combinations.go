package checker

import (
	"errors"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/por"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// The features of a run that another may refuse, besides the checks (named by their Check)
// and the daemons (named by model.Daemon's String; the blocks reduction is the distributed
// daemon's): what the model is (its reduction, a symmetry quotient, faults, a universe for
// its initial set, a protocol under a daemon, coins), what the spec asks (weak fairness,
// rounds) and the engine. The last two are what a catalogue's entry says of its protocol,
// which a run description knows and a model does not.
const (
	FeatureReduction = "reduction" // the model explores a reduction (model.Traits.Reduced), either
	FeatureBlocks    = "blocks"    // the reduction is the distributed daemon's blocks
	FeaturePOR       = "por"       // the reduction is the partial-order reduction (checker/model/por)
	// FeatureSilentGoal: the partial-order reduction was given the legitimate set (por.Reduce's
	// goal), which it sees silent wherever a check's executions may end.
	FeatureSilentGoal = "silent-goal"
	FeatureSymmetry   = "symmetry"      // the model is a quotient by symmetry (symmetry.Quotient)
	FeatureFaults     = "faults"        // the model suffers faults (faults.Budget)
	FeatureUniverse   = "universe"      // the model's initial set is described over its universe
	FeatureWeakFair   = "weak-fairness" // Spec.Fairness is WeaklyFair
	FeatureRounds     = "rounds"        // Spec.Rounds
	FeatureSymbolic   = "symbolic"      // Options.Engine decides the checks on BDDs
	FeatureProtocol   = "protocol"      // the model is a protocol under a daemon (model.ProtocolOf)
	FeatureCoins      = "coins"         // the model's steps carry probabilities (Traits.Probabilistic)
	// FeatureRestricted: the initial set is the universe restricted by a predicate
	// (model.Where), not all of it.
	FeatureRestricted = "restricted"
	// FeatureOneEvent: the catalogue's protocol runs one event a step (it passes messages
	// asynchronously, or its moves write shared variables): the central daemon only.
	FeatureOneEvent = "one-event"
	// FeatureInRounds: the catalogue's protocol is written in synchronous rounds (every node
	// moves every round, reading the messages of the last one): the synchronous daemon only.
	FeatureInRounds = "in-rounds"
	// FeatureStrongFair and FeatureRuleFair: a temporal property of the spec assumes strong
	// fairness, or fairness per rule (model.Fair).
	FeatureStrongFair = "strong-fairness"
	FeatureRuleFair   = "rule-fairness"
	// FeatureShard: the run checks a shard of the universe's ranks (Options.Shard).
	FeatureShard = "shard"
)

// The daemons as the table names them.
var (
	central, locallyCentral  = model.Central.String(), model.LocallyCentral.String()
	distributed, synchronous = model.Distributed.String(), model.Synchronous.String()
)

// Combination is one combination of features the checker refuses, and why: every group of
// When has a feature of the run, and Unless does not. Why may quote what the caller names
// ({reduction}, {model}, {daemon}, {why}: see Refused), and the first feature of the last
// group the run has as {feature}.
type Combination struct {
	When   [][]string
	Unless string
	Why    string
}

// combinations is the one table of the features that do not combine. Spec.validate evaluates
// it, in order, before anything runs; the command line evaluates it through Spec.validate; no
// other code decides a combination. docs/COMBINATIONS.md is written from it.
var combinations = []Combination{
	{When: [][]string{{FeatureOneEvent}, {locallyCentral, distributed, synchronous}},
		Why: "model {model} runs one event a step (the central daemon), not under the {daemon} daemon: {why}"},
	{When: [][]string{{FeatureInRounds}, {central, locallyCentral, distributed}},
		Why: "model {model} runs in synchronous rounds (every node moves every round, reading the messages of the last one): the synchronous daemon, not the {daemon} daemon"},
	{When: [][]string{{FeatureBlocks}, {central, locallyCentral, synchronous}},
		Why: "--reduce blocks: the block reduction (blocks) is the distributed daemon's"},
	{When: [][]string{{FeaturePOR}, {locallyCentral, distributed, synchronous}},
		Why: "--reduce por: the partial-order reduction is built for the central daemon (one move a step), not the {daemon} daemon"},
	{When: [][]string{{FeatureSymbolic}, {FeatureReduction}},
		Why: "the symbolic engine checks the daemons' own steps, not the {reduction} reduction"},
	{When: [][]string{{FeatureSymbolic}}, Unless: FeatureProtocol,
		Why: "not a state-model protocol: the symbolic engine needs a protocol under a daemon"},
	{When: [][]string{{FeatureSymbolic}, {FeatureCoins}},
		Why: "the symbolic engine does not check randomized protocols"},
	{When: [][]string{{FeatureSymbolic}}, Unless: FeatureUniverse,
		Why: "the symbolic engine checks models that start from every configuration"},
	{When: [][]string{{FeatureSymbolic}, {FeatureRestricted}},
		Why: "the symbolic engine checks models that start from every configuration"},
	{When: [][]string{{string(CheckAlmostSure), string(CheckStable), string(CheckExpected)}, {FeatureFaults}},
		Why: "almost-sure, almost-sure-stable and expected-time run on a model without faults"},
	{When: [][]string{{string(CheckAlmostSure), string(CheckStable), string(CheckExpected)}, {FeatureReduction}},
		Why: "almost-sure, almost-sure-stable and expected-time need the daemon's steps themselves, not the {reduction} reduction"},
	{When: [][]string{{string(CheckAlmostSure), string(CheckStable), string(CheckExpected)}, {FeatureWeakFair}},
		Why: "almost-sure, almost-sure-stable and expected-time quantify over every scheduler: weak fairness is not among their assumptions"},
	{When: [][]string{{string(CheckTemporal)}, {FeatureReduction}},
		Why: "the temporal check needs the daemon's steps themselves, not the {reduction} reduction"},
	{When: [][]string{{string(CheckTemporal)}, {FeatureCoins}},
		Why: "the temporal check reads every step as a choice of the daemon; a randomized protocol's coins are probabilities (almost-sure and expected-time check them)"},
	{When: [][]string{{string(CheckTemporal)}, {FeatureWeakFair}},
		Why: "a temporal property states its own fairness (under weak, strong, per rule): --fairness is convergence's and eventually's"},
	{When: [][]string{{string(CheckCharacterise)}, {FeatureUniverse}},
		Why: "characterise needs a model with explicit initial states"},
	{When: [][]string{{string(CheckRecovery)}}, Unless: FeatureFaults,
		Why: "the recovery check runs on a model with faults (faults.With), and only it"},
	{When: [][]string{{FeatureFaults}}, Unless: string(CheckRecovery),
		Why: "the recovery check runs on a model with faults (faults.With), and only it"},
	{When: [][]string{{FeatureBlocks}, {FeatureWeakFair, FeatureRounds, string(CheckWorstCase), string(CheckAction), string(CheckEventually), string(CheckRecovery)}},
		Why: "the blocks reduction keeps reachable configurations, deadlocks and cycles, not the steps themselves: " +
			"it applies to invariants, deadlock, closure, characterise and (with closure) convergence"},
	{When: [][]string{{FeatureBlocks}, {string(CheckConvergence)}}, Unless: string(CheckClosure),
		Why: "the blocks reduction keeps convergence only where closure holds: check closure with it"},
	{When: [][]string{{FeaturePOR}, {FeatureSymmetry, FeatureCoins}},
		Why: "the por reduction applies to a protocol under the central daemon without coins, not with {feature}"},
	{When: [][]string{{FeaturePOR}, {FeatureWeakFair, FeatureRounds, string(CheckInvariant), string(CheckAction), string(CheckEventually), string(CheckCharacterise)}},
		Why: "the por reduction keeps deadlocks and, to a silent legitimate set, convergence, the worst case in moves and recovery, " +
			"not {feature} (it would need the moves that change a predicate made visible, and a cycle proviso)"},
	{When: [][]string{{FeaturePOR}, {string(CheckClosure), string(CheckConvergence), string(CheckWorstCase), string(CheckRecovery)}}, Unless: FeatureSilentGoal,
		Why: "the por reduction keeps {feature} only to a legitimate set it is given, and sees silent (por.Reduce's goal)"},
	{When: [][]string{{FeatureSymmetry}, {FeatureWeakFair, FeatureRounds}},
		Why: "symmetry forgets which process is which: weak fairness and rounds are refused with it"},
	{When: [][]string{{FeatureSymmetry}, {string(CheckAction), string(CheckCharacterise), string(CheckTemporal), string(CheckRecovery)}},
		Why: "symmetry reduction applies to invariants, deadlock, closure, convergence, worst-case and eventually"},
	// The symbolic engine's refusals are read from its family: what it decides is listed once.
	{When: [][]string{{FeatureSymbolic}, checksOutside(symbolicEngine{}.checks())},
		Why: "the symbolic engine does not run the {feature} check (it runs " + listed(symbolicEngine{}.checks()) + ")"},
	{When: [][]string{{FeatureSymbolic}, {FeatureRounds}},
		Why: "the symbolic engine measures moves and steps, not rounds"},
	{When: [][]string{{FeatureSymbolic}, {FeatureStrongFair, FeatureRuleFair}},
		Why: "the symbolic engine decides temporal properties unfair or weakly fair per process: strong fairness and fairness per rule need the explicit engine"},
	{When: [][]string{{string(CheckRecovery)}, checksOutside([]Check{CheckRecovery})},
		Why: "the recovery check runs alone (--check recovery)"},
	// A shard's refusals: what it decides is listed once (shardChecks).
	{When: [][]string{{FeatureShard}, {FeatureSymbolic}},
		Why: "a shard checks its range of the universe configuration by configuration, on the explicit engine, not the symbolic one"},
	// (characterise is left out: a model that starts from its universe, as a shard's does,
	// has no characterise, by the row above.)
	{When: [][]string{{FeatureShard}, checksOutside(append(slices.Clone(shardChecks), CheckCharacterise))},
		Why: "a shard decides the checks of one configuration or one step (" + listed(shardChecks) + "), each over its range of the universe; " +
			"{feature} follows executions through the whole universe: run it unsharded (docs/SCALE.md says how one state space would be split across machines)"},
	{When: [][]string{{FeatureShard}}, Unless: FeatureUniverse,
		Why: "a shard checks a range of the universe's configurations, each an initial one: the model must start from every configuration (a symmetry quotient, faults and the por reduction list their initial states)"},
	{When: [][]string{{FeatureShard}, {FeatureRestricted}},
		Why: "a shard checks each configuration of its range on its own: from an initial set restricted by a predicate, whether a configuration is reached depends on the others"},
}

// checksOutside are the checks, in AllChecks' order, that a family does not decide.
func checksOutside(family []Check) []string {
	var out []string
	for _, c := range AllChecks {
		if !slices.Contains(family, c) {
			out = append(out, string(c))
		}
	}
	return out
}

// listed names checks as a sentence does: "invariant, deadlock and closure".
func listed(checks []Check) string {
	names := make([]string, len(checks))
	for i, c := range checks {
		names[i] = string(c)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
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
	traits := model.TraitsOf(m)
	where, universe := model.InitOverUniverse(m)
	have[FeatureReduction] = traits.Reduced != ""
	have[FeatureBlocks] = traits.Reduced == model.Blocks.String()
	have[FeaturePOR] = traits.Reduced == por.Name
	if r, ok := por.ReductionOf(m); ok {
		have[FeatureSilentGoal] = r.Goal() != nil
	}
	have[FeatureSymmetry] = quotient
	have[FeatureFaults] = faulty
	have[FeatureUniverse] = universe
	have[FeatureRestricted] = universe && where != nil
	have[FeatureCoins] = traits.Probabilistic
	have[FeatureWeakFair] = s.Fairness == WeaklyFair
	have[FeatureRounds] = s.Rounds
	for _, p := range s.Temporal {
		for _, c := range p.Fair {
			have[FeatureStrongFair] = have[FeatureStrongFair] || c.Strong
			have[FeatureRuleFair] = have[FeatureRuleFair] || c.PerRule || c.Rule != ""
		}
	}
	if _, d, ok := model.ProtocolOf(m); ok {
		have[FeatureProtocol] = true
		have[DaemonFeature(d)] = true
	}
	return have
}

// DaemonFeature is the table's name of daemon d: its own, the distributed daemon's for its
// blocks reduction (which the reduction feature says).
func DaemonFeature(d model.Daemon) string {
	if d == model.Blocks {
		return distributed
	}
	return d.String()
}

// refusal is the first combination of the table that refuses spec on m, as an error; nil if
// none does.
func (s *Spec) refusal(m model.Model) error {
	return Refused(s.features(m), quotes(m))
}

// quotes are the names a reason quotes, as a model knows them.
func quotes(m model.Model) map[string]string {
	q := map[string]string{"reduction": model.TraitsOf(m).Reduced}
	if _, d, ok := model.ProtocolOf(m); ok {
		q["daemon"] = d.String()
	}
	return q
}

// Refused is the first combination of the table that refuses a run with the features have
// (the checks by name, the daemons, and the Feature names), as an error whose text quotes
// the names of quote: "reduction" (its name), "model", "daemon" and "why" (why the model
// runs one event a step); nil if none does. Run asks it of the model it is given; a caller that knows the features
// before it builds a model (the command line, from its flags) asks it first, so that a
// refused run fails before a quotient or the faults' starts are enumerated.
func Refused(have map[string]bool, quote map[string]string) error {
	for _, c := range combinations {
		if c.refuses(have) {
			why := strings.ReplaceAll(c.Why, "{feature}", c.firstOf(have))
			for name, text := range quote {
				why = strings.ReplaceAll(why, "{"+name+"}", text)
			}
			return errors.New(why)
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
