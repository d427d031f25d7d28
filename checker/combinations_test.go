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
)

// opaque is a user's wrapper that says nothing of what it is (not model.Traited).
type opaque struct{ model.Model }

func (o opaque) Unwrap() model.Model { return o.Model }

// Issue 35: every row of the table of combinations (checker.Combinations) is refused on every
// chain of wrappers that has its features, and in a user's wrapper around each: a run with
// just the row's features (the first of each group) is refused with the row's own reason, and
// every other way of building it is refused too (a user's wrapper around a quotient is
// refused before the table: a quotient must be outermost). A user's wrapper that does not say
// its initial set is the universe (model.Universal) lists it: it has no universe to refuse.
func TestEveryCombinationRefused(t *testing.T) {
	for _, row := range checker.Combinations() {
		var picks []string
		for _, group := range row.When {
			picks = append(picks, group[0])
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
			opts := checker.Options{Workers: 1}
			if slices.Contains(picks, checker.FeatureSymbolic) {
				opts.Engine = checker.EngineSymbolic
			}
			for _, wrapped := range []bool{false, true} {
				if wrapped && slices.Contains(picks, checker.FeatureUniverse) {
					continue // a wrapper that does not say Universal lists its initial states (Init): no universe
				}
				run := model.Model(m)
				if wrapped {
					run = opaque{m}
				}
				_, err := checker.Run(context.Background(), run, spec, opts)
				why := strings.ReplaceAll(strings.ReplaceAll(row.Why, "{reduction}", "blocks"), "{feature}", picks[len(picks)-1])
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

// realizes reports whether chain c has the model features among picks, and not unless.
func realizes(c chain, picks []string, unless string) bool {
	has := map[string]bool{checker.FeatureReduction: c.blocks, checker.FeatureSymmetry: c.rotation,
		checker.FeatureFaults: c.faults, checker.FeatureUniverse: true}
	for _, f := range []string{checker.FeatureReduction, checker.FeatureSymmetry, checker.FeatureFaults} {
		if slices.Contains(picks, f) && !has[f] {
			return false
		}
	}
	return unless == "" || !has[unless] && !slices.Contains(picks, unless)
}

// minimal reports whether c has no model feature beyond picks.
func minimal(c chain, picks []string) bool {
	return (!c.blocks || slices.Contains(picks, checker.FeatureReduction)) &&
		(!c.rotation || slices.Contains(picks, checker.FeatureSymmetry)) &&
		(!c.faults || slices.Contains(picks, checker.FeatureFaults))
}

// specWith is a spec asking for the checks and spec features among picks, each check with
// what it reads (closure when none is asked for).
func specWith(picks []string, legit model.Predicate) checker.Spec {
	zero := model.Property{Name: "zero", Holds: legit}
	s := checker.Spec{Legit: legit, Invariants: []model.Property{zero}, Eventually: []model.Property{zero},
		Characterisations: []model.Property{zero},
		Actions:           []model.ActionProperty{{Name: "any", Holds: func(model.State, model.Step, model.State) bool { return true }}}}
	for _, f := range picks {
		switch f {
		case checker.FeatureWeakFair:
			s.Fairness = checker.WeaklyFair
		case checker.FeatureRounds:
			s.Rounds = true
		case checker.FeatureReduction, checker.FeatureSymmetry, checker.FeatureFaults, checker.FeatureUniverse, checker.FeatureSymbolic:
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
and: reduction (the model explores a reduction, the distributed daemon's blocks), symmetry
(a quotient by rotation), faults (the recovery check's model), universe (every
configuration initial), weak-fairness, rounds, symbolic (the symbolic engine).

Not in the table yet, and decided where they are written: what the command line asks of its
flags (the recovery check runs alone, ` + "`--reduce blocks`" + ` is the distributed daemon's, a model
that fixes its daemon), which models the symbolic engine reads (` + "`symbolic.Supports`" + `: a
protocol under a daemon other than blocks, not randomized, from every configuration) and what
` + "`model.Daemonize`" + `, ` + "`symmetry.ByRotation`" + ` and
` + "`faults.With`" + ` refuse of their inputs.

| when | unless | why |
|---|---|---|
`)
	for _, c := range checker.Combinations() {
		var groups []string
		for _, g := range c.When {
			groups = append(groups, strings.Join(g, " or "))
		}
		why := strings.ReplaceAll(strings.ReplaceAll(c.Why, "{reduction}", "blocks"), "{feature}", "…")
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
