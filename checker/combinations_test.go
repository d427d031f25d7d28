package checker_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
	"github.com/mc-checker/mc/checker/shard"
)

// opaque is a user's wrapper that says nothing of what it is (no method Traits).
type opaque struct{ model.Model }

func (o opaque) Unwrap() model.Model { return o.Model }

// Issue 35: every row of the table of combinations (checker.Combinations) is refused on every
// chain of wrappers that has its features, and in a user's wrapper around each: a run with
// just the row's features (the first of each group) is refused with the row's own reason, and
// every other way of building it is refused too (a user's wrapper around a quotient is
// refused before the table: a quotient must be outermost). A user's wrapper that does not say
// its initial set is the universe (model.InitOverUniverse) lists it: it has no universe to
// refuse.
func TestEveryCombinationRefused(t *testing.T) {
	for _, row := range checker.Combinations() {
		var picks []string
		for _, group := range row.When {
			picks = append(picks, group[0])
		}
		if elsewhere(picks, row.Unless) {
			continue
		}
		exact := 0
		for _, c := range chains {
			if !realizes(c, picks, row.Unless) {
				continue
			}
			if minimal(c, picks) {
				exact++
			}
			m, legit := c.build(t)
			spec := specWith(picks, legit)
			if c.por && slices.Equal(spec.Checks, []checker.Check{checker.CheckClosure}) && !slices.Contains(picks, string(checker.CheckClosure)) {
				spec.Checks = []checker.Check{checker.CheckDeadlock} // closure needs the goal a por chain lacks
			}
			opts := checker.Options{Workers: 1}
			if slices.Contains(picks, checker.FeatureSymbolic) {
				opts.Engine = checker.EngineSymbolic
			}
			if slices.Contains(picks, checker.FeatureShard) {
				opts.Shard = &shard.Shard{Index: 1, Count: 3}
			}
			for _, wrapped := range []bool{false, true} {
				if wrapped && slices.Contains(picks, checker.FeatureUniverse) {
					continue // a wrapper that does not say its initial set is the universe lists its initial states (Init)
				}
				run := model.Model(m)
				if wrapped {
					run = opaque{m}
				}
				_, err := checker.Run(context.Background(), run, spec, opts)
				why := strings.ReplaceAll(strings.ReplaceAll(row.Why, "{reduction}", c.reduction()), "{feature}", picks[len(picks)-1])
				switch {
				case err == nil:
					t.Errorf("%v on %s (wrapped %v): accepted, want %q", picks, c.name, wrapped, why)
				case minimal(c, picks) && !wrapped && err.Error() != why:
					t.Errorf("%v on %s: refused with %q, want %q", picks, c.name, err, why)
				}
			}
		}
		if exact == 0 {
			t.Errorf("%v: no chain has exactly these features", picks)
		}
	}
}

// elsewhere reports whether a row is tested by another test than the chains': a feature of
// the catalogue's entry, or a daemon other than the chains' distributed one, which a run
// description has (TestFlagsRefusedByTheTable in cmd/mc/app), and the symbolic engine's
// rows on what a model is (TestSymbolicModelsRefused).
func elsewhere(picks []string, unless string) bool {
	for _, f := range picks {
		switch f {
		case checker.FeatureOneEvent, checker.FeatureInRounds, checker.FeatureCoins, checker.FeatureRestricted,
			model.Central.String(), model.LocallyCentral.String(), model.Synchronous.String():
			return true
		}
	}
	if slices.Contains(picks, checker.FeaturePOR) && slices.Contains(picks, checker.FeatureSymmetry) {
		return true // no library chain builds both (buildPOR)
	}
	return unless == checker.FeatureProtocol || unless == checker.FeatureUniverse
}

// realizes reports whether chain c has the model features among picks, and not unless. A
// recovery check has faults (unless the row is about a recovery without them).
func realizes(c chain, picks []string, unless string) bool {
	if slices.Contains(picks, string(checker.CheckRecovery)) && unless != checker.FeatureFaults && !c.faults {
		return false
	}
	has := map[string]bool{checker.FeatureReduction: c.blocks || c.por, checker.FeatureBlocks: c.blocks, checker.FeaturePOR: c.por,
		checker.FeatureSymmetry: c.rotation, checker.FeatureFaults: c.faults, checker.FeatureUniverse: !c.por}
	for _, f := range []string{checker.FeatureReduction, checker.FeatureBlocks, checker.FeaturePOR, checker.FeatureSymmetry, checker.FeatureFaults, checker.FeatureUniverse} {
		if slices.Contains(picks, f) && !has[f] {
			return false
		}
	}
	return unless == "" || !has[unless] && !slices.Contains(picks, unless)
}

// minimal reports whether c has no model feature beyond picks.
func minimal(c chain, picks []string) bool {
	return (!c.blocks || slices.Contains(picks, checker.FeatureReduction) || slices.Contains(picks, checker.FeatureBlocks)) &&
		(!c.por || slices.Contains(picks, checker.FeatureReduction) || slices.Contains(picks, checker.FeaturePOR)) &&
		(!c.rotation || slices.Contains(picks, checker.FeatureSymmetry)) &&
		(!c.faults || slices.Contains(picks, checker.FeatureFaults) || slices.Contains(picks, string(checker.CheckRecovery)))
}

// coinFlippers are flippers that say they draw coins (every rule one outcome): a randomized
// protocol as the table sees it.
type coinFlippers struct{ *flippers }

func (coinFlippers) Chances(model.State, int, int, []prob.Prob) []prob.Prob { return nil }

// Issue 35: the symbolic engine's rows on what a model is: not a protocol under a daemon, a
// randomized protocol, an initial set that is not the whole universe (a restriction of it, or
// configurations listed). Each is refused with
// the row's reason, which the table gives (no other code decides them).
func TestSymbolicModelsRefused(t *testing.T) {
	reasons := map[string]string{}
	for _, row := range checker.Combinations() {
		if len(row.When) > 0 && row.When[0][0] == checker.FeatureSymbolic {
			reasons[row.When[len(row.When)-1][0]+row.Unless] = row.Why
		}
	}
	legit := func(s model.State) bool { return s[0] == 0 }
	plain, _ := model.Daemonize(newFlippers(3), model.Central)
	coins, _ := model.Daemonize(coinFlippers{newFlippers(3)}, model.Central)
	where, _ := model.Daemonize(newFlippers(3), model.Central, model.Where(legit))
	from, _ := model.Daemonize(newFlippers(3), model.Central, model.From([]model.State{{0, 0, 0}}))
	for _, c := range []struct {
		name string
		m    model.Model
		why  string
	}{
		{"a user's wrapper", opaque{plain}, reasons[checker.FeatureSymbolic+checker.FeatureProtocol]},
		{"coins", coins, reasons[checker.FeatureCoins]},
		{"restricted", where, reasons[checker.FeatureRestricted]},
		{"initial states", from, reasons[checker.FeatureSymbolic+checker.FeatureUniverse]},
	} {
		spec := checker.Spec{Checks: []checker.Check{checker.CheckDeadlock}}
		_, err := checker.Run(context.Background(), c.m, spec, checker.Options{Engine: checker.EngineSymbolic, Workers: 1})
		if c.why == "" || err == nil || err.Error() != c.why {
			t.Errorf("%s: %v, want %q", c.name, err, c.why)
		}
	}
}

// specWith is a spec asking for the checks and spec features among picks, each check with
// what it reads (closure when none is asked for).
func specWith(picks []string, legit model.Predicate) checker.Spec {
	zero := model.Property{Name: "zero", Holds: legit}
	s := checker.Spec{Properties: model.Properties{
		Legit:             legit,
		Invariants:        []model.Property{zero},
		Eventually:        []model.Property{zero},
		Characterisations: []model.Property{zero},
		Temporal:          []model.Temporal{{Name: "zero", Parts: []model.Formula{{Kind: model.AlwaysEventually, P: legit}}}},
		Actions:           []model.ActionProperty{{Name: "any", Holds: func(model.State, model.Step, model.State) bool { return true }}},
	},
	}
	for _, f := range picks {
		switch f {
		case checker.FeatureWeakFair:
			s.Fairness = checker.WeaklyFair
		case checker.FeatureRounds:
			s.Rounds = true
		case checker.FeatureReduction, checker.FeatureBlocks, checker.FeaturePOR, checker.FeatureSilentGoal, checker.FeatureSymmetry, checker.FeatureFaults, checker.FeatureUniverse, checker.FeatureSymbolic:
		default:
			s.Checks = append(s.Checks, checker.Check(f))
		}
	}
	if len(s.Checks) == 0 {
		s.Checks = []checker.Check{checker.CheckClosure}
	}
	return s
}

var updatePage = flag.Bool("update", false, "rewrite docs/COMBINATIONS.md from the table")

// docs/COMBINATIONS.md is written from the table (go test ./checker -run TestCombinationsPage
// -update), and this test fails when the two differ.
func TestCombinationsPage(t *testing.T) {
	var b strings.Builder
	b.WriteString(`# Combinations the checker refuses

Written from the one table that decides them (` + "`checker.Combinations`" + ` in
` + "`checker/combinations.go`" + `) by ` + "`go test ./checker -run TestCombinationsPage -update`" + `; a test
fails when the page and the table differ. ` + "`checker.Run`" + ` evaluates the table, in this order,
before it explores anything; ` + "`mc`" + ` asks it first, from its flags, before it builds the model
(` + "`checker.Refused`" + `; exit 2, with the reason). A run is refused when it has a feature of
every group of "when" and not the one of "unless". The features are the checks by name,
the daemons (central, locally-central, distributed, synchronous; the blocks reduction is the
distributed daemon's), and: reduction (the model explores a reduction, either of the two),
blocks (the distributed daemon's blocks), por (the central daemon's partial-order reduction),
silent-goal (por was given the legitimate set, which it sees silent), symmetry (a quotient by rotation), faults (the recovery check's model),
universe (the initial set is described over the universe), restricted (a part of it, by a
predicate), protocol (a protocol under a daemon), coins (randomized steps), weak-fairness,
rounds, symbolic (the symbolic engine), and two that a catalogue's entry says of its
protocol: one-event (it runs one event a step) and in-rounds (it is written in synchronous
rounds). A reason quotes the model, the daemon, the reduction and the feature the run has.

What the table does not decide is input, not combination: an unknown name or a value out of
range (a parameter, a daemon, a check), and what ` + "`model.Daemonize`" + `,
` + "`symmetry.ByRotation`" + ` and ` + "`faults.With`" + ` refuse of their inputs (a
protocol that declares no rotation, a fault budget over 32).

| when | unless | why |
|---|---|---|
`)
	for _, c := range checker.Combinations() {
		var groups []string
		for _, g := range c.When {
			groups = append(groups, strings.Join(g, " or "))
		}
		why := strings.NewReplacer("{reduction}", "blocks or por", "{feature}", "…", "{model}", "…", "{daemon}", "…", "{why}", "…").Replace(c.Why)
		fmt.Fprintf(&b, "| %s | %s | %s |\n", strings.Join(groups, ", with "), c.Unless, why)
	}
	path := filepath.Join("..", "docs", "COMBINATIONS.md")
	if *updatePage {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if have, _ := os.ReadFile(path); string(have) != b.String() {
		t.Errorf("docs/COMBINATIONS.md is not the table's: go test ./checker -run TestCombinationsPage -update")
	}
}
