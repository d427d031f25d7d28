package checker_test

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/arvy"
)

// The checker agrees with the reference (a plain exploration with its own analyses) on every
// invariant, action invariant, deadlock, convergence, worst case and eventually goal, with
// and without fairness per message, on small instances as the catalogue builds them, bounded
// and recycled.
func TestReferenceArvy(t *testing.T) {
	for _, cfg := range []arvy.Config{
		{N: 3, Requests: 1, NewParent: arvy.Any},
		{N: 3, Requests: 2, NewParent: arvy.Ivy},
		{N: 3, Recycle: true, NewParent: arvy.Any},
		{N: 3, Requests: 1, NewParent: arvy.Any, Mutant: arvy.KeepNext},
		{N: 4, Recycle: true, NewParent: arvy.Arrow},
		{N: 4, Requests: 1, NewParent: arvy.Bridge},
	} {
		m, spec := arvyInstance(t, cfg)
		ref := reference.Check(m, reference.Spec{Legit: spec.Legit, Invariants: spec.Invariants, Actions: spec.Actions, Eventually: spec.Eventually})
		for _, fair := range []checker.Fairness{checker.Unfair, checker.WeaklyFair} {
			spec.Fairness = fair
			res, err := checker.Run(t.Context(), m, spec, checker.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.States != uint64(ref.States) {
				t.Fatalf("%+v: %d states, reference %d", cfg, res.Stats.States, ref.States)
			}
			for _, c := range res.Checks {
				if want, ok := referenceVerdict(c.Name, spec, ref, fair); ok && (c.Verdict == checker.Holds) != want {
					t.Errorf("%+v %s: %s %s, reference says holds=%v", cfg, fair, c.Name, c.Verdict, want)
				}
			}
		}
	}
}

// referenceVerdict is what the reference decides for the check named name.
func referenceVerdict(name string, spec checker.Spec, ref reference.Result, fair checker.Fairness) (bool, bool) {
	for i, p := range spec.Invariants {
		if name == "invariant "+p.Name {
			return ref.Invariants[i] < 0, true
		}
	}
	for i, a := range spec.Actions {
		if name == "action-invariant "+a.Name {
			return ref.Actions[i] < 0, true
		}
	}
	for i, p := range spec.Eventually {
		if name == "eventually "+p.Name {
			if fair == checker.WeaklyFair {
				return ref.EventuallyFairly[i], true
			}
			return ref.Eventually[i], true
		}
	}
	switch name {
	case "deadlock":
		return !ref.Deadlock, true
	case "convergence":
		if fair == checker.WeaklyFair {
			return ref.ConvergesFairly, true
		}
		return ref.Converges, true
	}
	return false, false
}

// arvyInstance is the catalogue's Arvy (from every rooted tree, or the bridge's ring) under
// the central daemon, with the lint on, and the spec of the checks the catalogue runs on it.
func arvyInstance(t *testing.T, cfg arvy.Config) (model.Model, checker.Spec) {
	t.Helper()
	e, err := models.Lookup("arvy")
	if err != nil {
		t.Fatal(err)
	}
	v := e.Defaults()
	v["n"], v["requests"], v["newparent"], v["mutant"] = cfg.N, cfg.Requests, int(cfg.NewParent), int(cfg.Mutant)
	if cfg.Recycle {
		v["recycle"] = 1
	}
	inst, err := e.BuildSet(v, models.RootedSets[0])
	if err != nil {
		t.Fatal(err)
	}
	names := e.Checks
	if inst.Checks != nil {
		names = inst.Checks
	}
	checks, err := checker.ParseChecks(strings.Join(names, ","))
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(inst.Protocol, model.Central, model.From(inst.Init), model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	return m, checker.Spec{Checks: checks, Properties: model.Properties{Legit: inst.Legit, Invariants: inst.Invariants, Actions: inst.Actions, Eventually: inst.Eventually}}
}
