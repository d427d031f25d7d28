package checker_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	faultspkg "github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/por"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// chain is a way of building a model: a daemon's, its rotation quotient, faults on top, in
// every order the library allows.
type chain struct {
	name     string
	blocks   bool // the distributed daemon's block reduction underneath
	rotation bool
	faults   bool
	por      bool // the central daemon's partial-order reduction, over the faults, under the rotation
}

var chains = []chain{
	{"plain", false, false, false, false}, {"blocks", true, false, false, false}, {"rotation", false, true, false, false},
	{"rotation over blocks", true, true, false, false}, {"faults", false, false, true, false}, {"faults over blocks", true, false, true, false},
	{"por", false, false, false, true}, {"por over faults", false, false, true, true},
}

// reduction is the name of the chain's reduction, as reasons quote it.
func (c chain) reduction() string {
	if c.por {
		return por.Name
	}
	return model.Blocks.String()
}

// build builds the chain over an anonymous ring of three flipping bits whose legitimate set
// is "every bit is 0" (symmetric, so that symmetry accepts it).
func (c chain) build(t *testing.T) (model.Model, model.Predicate) {
	t.Helper()
	d := model.Distributed
	switch {
	case c.blocks:
		d = model.Blocks
	case c.por:
		d = model.Central
	}
	m, err := model.Daemonize(newFlippers(3), d)
	if err != nil {
		t.Fatal(err)
	}
	legit := func(s model.State) bool { return s[0] == 0 && s[1] == 0 && s[2] == 0 }
	if c.por {
		return c.buildPOR(t, m, legit)
	}
	if c.rotation {
		if m, err = symmetry.ByRotation(m, 1); err != nil {
			t.Fatal(err)
		}
	}
	if c.faults {
		f, err := faultspkg.With(m, faultspkg.Spec{Budget: 1}, []model.State{{0, 0, 0}}, legit)
		if err != nil {
			t.Fatal(err)
		}
		return f, faultspkg.OnBase(f, legit)
	}
	return m, legit
}

// buildPOR is the reduction over m (with faults): the flippers are not silent, so the
// reduction is told of no goal (Run refuses these chains before it explores). No chain puts
// a rotation over it (ByRotation needs a universe, which the reduction does not say it
// starts from) or under it (Reduce needs a daemon's model): only flags can ask for both,
// and TestFlagsRefusedByTheTable has them refused.
func (c chain) buildPOR(t *testing.T, m model.Model, legit model.Predicate) (model.Model, model.Predicate) {
	if c.faults {
		f, err := faultspkg.With(m, faultspkg.Spec{Budget: 1}, []model.State{{0, 0, 0}}, legit)
		if err != nil {
			t.Fatal(err)
		}
		m, legit = f, faultspkg.OnBase(f, legit)
	}
	m, err := por.Reduce(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m, legit
}

// A refusal: what a spec (and options) asks for, which chains must refuse it, and a word of
// the reason.
type refusal struct {
	what   string
	spec   func(checker.Spec) checker.Spec
	opts   checker.Options
	refuse func(chain) bool
	reason string
}

func with(checks ...checker.Check) func(checker.Spec) checker.Spec {
	return func(s checker.Spec) checker.Spec { s.Checks = checks; return s }
}

var (
	reduced   = func(c chain) bool { return c.blocks } // the blocks reduction's refusals
	symmetric = func(c chain) bool { return c.rotation }
	everyone  = func(chain) bool { return true }
)

// refusals are the documented ones (checker.Spec, docs/DESIGN.md): what the block reduction,
// symmetry, faults and the symbolic engine do not preserve or do not check.
var refusals = []refusal{
	{"weak fairness", func(s checker.Spec) checker.Spec { s.Fairness = checker.WeaklyFair; return s }, checker.Options{},
		func(c chain) bool { return c.blocks || c.rotation }, ""},
	{"rounds", func(s checker.Spec) checker.Spec { s.Rounds = true; return s }, checker.Options{},
		func(c chain) bool { return c.blocks || c.rotation }, ""},
	{"worst case", with(checker.CheckClosure, checker.CheckWorstCase), checker.Options{}, reduced, "blocks"},
	{"convergence without closure", with(checker.CheckConvergence), checker.Options{}, reduced, "closure"},
	{"eventually", func(s checker.Spec) checker.Spec {
		s.Checks, s.Eventually = []checker.Check{checker.CheckEventually}, []model.Property{{Name: "zero", Holds: s.Legit}}
		return s
	}, checker.Options{}, reduced, "blocks"},
	{"action invariants", func(s checker.Spec) checker.Spec {
		s.Checks = []checker.Check{checker.CheckAction}
		s.Actions = []model.ActionProperty{{Name: "any", Holds: func(model.State, model.Step, model.State) bool { return true }}}
		return s
	}, checker.Options{}, func(c chain) bool { return c.blocks || c.rotation }, ""},
	{"almost-sure", with(checker.CheckAlmostSure), checker.Options{}, func(c chain) bool { return c.blocks || c.faults }, ""},
	{"almost-sure-stable", with(checker.CheckStable), checker.Options{}, func(c chain) bool { return c.blocks || c.faults }, ""},
	{"an index-dependent legitimate set", func(s checker.Spec) checker.Spec {
		s.Checks, s.Legit = []checker.Check{checker.CheckClosure}, func(st model.State) bool { return st[0] == 0 }
		return s
	}, checker.Options{}, symmetric, "indexes"},
	{"the symbolic engine", with(checker.CheckClosure), checker.Options{Engine: checker.EngineSymbolic},
		func(c chain) bool { return c.blocks || c.rotation || c.faults }, "symbolic"},
}

// Every documented refusal is refused on every chain of wrappers it concerns, whichever
// wrapper is outermost: a wrapper that did not forward what it wraps once let
// `--symmetry rotation --reduce blocks` through with the worst case, and `--reduce blocks`
// with the recovery check (issue 33). The checks each chain must run are accepted on it (the
// recovery check on the models with faults, closure on the others), so an error comes from
// the refused feature.
func TestRefusalsEverywhere(t *testing.T) {
	for _, c := range chains {
		m, legit := c.build(t)
		base := checker.Spec{Properties: model.Properties{Legit: legit}, Checks: []checker.Check{checker.CheckClosure}}
		switch {
		case c.faults:
			base.Checks = []checker.Check{checker.CheckRecovery}
		case c.por:
			base.Checks = []checker.Check{checker.CheckDeadlock} // closure needs a silent goal
		}
		_, err := checker.Run(context.Background(), m, base, checker.Options{Workers: 1})
		refused := c.faults && (c.blocks || c.por) // the recovery check, refused by the reduction (without a goal, por)
		switch {
		case refused && (err == nil || !strings.Contains(err.Error(), c.reduction())):
			t.Errorf("%s: the recovery check is not refused: %v", c.name, err)
		case !refused && err != nil:
			t.Fatalf("%s: the control run is refused: %v", c.name, err)
		}
		for _, r := range refusals {
			if !r.refuse(c) {
				continue
			}
			spec := r.spec(base)
			if c.faults && len(spec.Checks) == 1 && spec.Checks[0] != checker.CheckRecovery && spec.Checks[0] != checker.CheckAlmostSure &&
				spec.Checks[0] != checker.CheckStable {
				spec.Checks = append(spec.Checks, checker.CheckRecovery)
			}
			opts := r.opts
			opts.Workers = 1
			res, err := checker.Run(context.Background(), m, spec, opts)
			switch {
			case err == nil:
				t.Errorf("%s with %s: accepted (%v)", c.name, r.what, verdictsOf(res))
			case !c.faults && !strings.Contains(err.Error(), r.reason): // with faults, the check itself may be the reason
				t.Errorf("%s with %s: refused for another reason: %v", c.name, r.what, err)
			}
		}
	}
}

func verdictsOf(res *checker.Result) string {
	var out []string
	for _, c := range res.Checks {
		out = append(out, fmt.Sprintf("%s %s", c.Name, c.Verdict))
	}
	return strings.Join(out, ", ")
}

// Faults on a symmetry quotient are refused when they are built: a fault hits one process,
// which the quotient does not tell from the others.
func TestFaultsRefuseSymmetry(t *testing.T) {
	m, _ := model.Daemonize(newFlippers(3), model.Central)
	q, _ := symmetry.ByRotation(m, 1)
	if _, err := faultspkg.With(q, faultspkg.Spec{Budget: 1}, []model.State{{0, 0, 0}}, func(model.State) bool { return true }); err == nil ||
		!strings.Contains(err.Error(), "symmetry") {
		t.Errorf("faults on a quotient: %v", err)
	}
}
