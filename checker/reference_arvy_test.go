package checker_test

import (
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/arvy"
)

// The checker agrees with the reference (a plain exploration with its own analyses) on every
// invariant, action invariant, deadlock, convergence, worst case and eventually goal, with
// and without fairness per message, on small instances, bounded and recycled.
func TestReferenceArvy(t *testing.T) {
	for _, cfg := range []arvy.Config{
		{N: 3, Requests: 1, NewParent: arvy.Any},
		{N: 3, Requests: 2, NewParent: arvy.Ivy},
		{N: 3, Recycle: true, NewParent: arvy.Any},
		{N: 3, Requests: 1, NewParent: arvy.Any, Mutant: arvy.KeepNext},
		{N: 4, Recycle: true, NewParent: arvy.Arrow},
		{N: 4, Requests: 1, NewParent: arvy.Bridge},
	} {
		var trees [][]int
		if cfg.NewParent == arvy.Bridge {
			trees = [][]int{arvy.RingStart(cfg.N)}
		}
		m, spec := arvyInstance(t, cfg, trees)
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

// arvyInstance is Arvy under the central daemon from the given rooted trees (nil: all of
// them), with the lint on, and the spec of the checks it states: with recycle, its quiet
// configurations are the legitimate set and it has no worst case.
func arvyInstance(t *testing.T, cfg arvy.Config, trees [][]int) (model.Model, checker.Spec) {
	t.Helper()
	p, err := arvy.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if trees == nil {
		trees = arvy.RootedTrees(cfg.N)
	}
	init, err := p.Starts(trees)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(p, model.Central, model.From(init), model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	spec := checker.Spec{Invariants: p.Invariants(), Actions: p.Actions(), Eventually: p.Satisfied(), Legit: p.Done,
		Checks: []checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock,
			checker.CheckConvergence, checker.CheckWorstCase, checker.CheckEventually}}
	if cfg.Recycle {
		spec.Legit = p.Quiet
		spec.Checks = []checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock, checker.CheckEventually}
	}
	return m, spec
}
