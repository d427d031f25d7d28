package checker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
)

// chooser is one process with two rules while not done: toggle a bit, or finish. Weak
// fairness per process cannot tell them apart: the toggling cycle moves the process, so it is
// fair, and convergence to done fails. Named units can: with toggle and finish as units of
// their own, the cycle starves finish, continuously enabled, and convergence holds; with
// finish the environment's (unit -1), nothing forces it and convergence fails again.
type chooser struct {
	schema *model.Schema
	finish int // RuleUnit of finish
}

func newChooser(finish int) *chooser {
	s, err := model.NewSchema(1,
		model.Var{Name: "t", Owner: 0, Domain: model.Range(2)},
		model.Var{Name: "done", Owner: 0, Domain: model.Enum("no", "yes")},
	)
	if err != nil {
		panic(err)
	}
	return &chooser{schema: s, finish: finish}
}

func (p *chooser) Schema() *model.Schema    { return p.schema }
func (p *chooser) Neighbors(int) []int      { return nil }
func (p *chooser) RuleName(_, r int) string { return [...]string{"toggle", "finish"}[r] }
func (p *chooser) Units() []string          { return []string{"toggle", "finish"} }
func (p *chooser) RuleUnit(_, r int) int    { return [...]int{0, p.finish}[r] }
func (p *chooser) done(s model.State) bool  { return s[1] == 1 }

func (p *chooser) Enabled(s model.State, _ int, dst []int) []int {
	if s[1] == 0 {
		dst = append(dst, 0, 1)
	}
	return dst
}

func (p *chooser) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Rule == 0 {
			next[0] = 1 - s[0]
		} else {
			next[1] = 1
		}
	}
}

// processOnly hides a protocol's units.
type processOnly struct{ model.Protocol }

// Weak fairness per unit decides what weak fairness per process cannot, the same way in the
// dense store and the hashed one, with any number of workers, as the reference does; and the
// eventually check gives convergence's verdict for the same goal.
func TestFairnessUnits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		proto model.Protocol
		holds bool
	}{
		{"per process", processOnly{newChooser(1)}, false},
		{"per unit", newChooser(1), true},
		{"finish is the environment's", newChooser(-1), false},
	} {
		p := newChooser(0)
		all := []model.State{{0, 0}, {1, 0}, {0, 1}, {1, 1}}
		for _, opt := range []model.Option{model.Where(nil), model.From(all)} {
			m, err := model.Daemonize(tc.proto, model.Central, opt)
			if err != nil {
				t.Fatal(err)
			}
			ref := reference.Check(m, reference.Spec{Legit: p.done, Eventually: []model.Property{{Name: "done", Holds: p.done}}})
			if ref.ConvergesFairly != tc.holds || ref.EventuallyFairly[0] != tc.holds || ref.Converges || ref.Eventually[0] {
				t.Fatalf("%s: the reference says %+v", tc.name, ref)
			}
			for _, workers := range []int{1, 3} {
				res, err := checker.Run(context.Background(), m, checker.Spec{
					Checks: []checker.Check{checker.CheckConvergence, checker.CheckEventually},
					Properties: model.Properties{
						Legit:      p.done,
						Eventually: []model.Property{{Name: "done", Holds: p.done}},
					},
					Fairness: checker.WeaklyFair,
				}, checker.Options{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range res.Checks {
					if (c.Verdict == checker.Holds) != tc.holds || !tc.holds && (c.Trace == nil || !c.Trace.IsLasso()) {
						t.Errorf("%s, %d workers: %s %s %q", tc.name, workers, c.Name, c.Verdict, c.Detail)
					}
				}
			}
		}
	}
}

// Without fairness the toggling lasso's detail names the unit it starves: the assumption that
// would exclude it.
func TestUnfairLassoNamesStarvedUnit(t *testing.T) {
	p := newChooser(1)
	m, err := model.Daemonize(p, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: model.Properties{Legit: p.done}},
		checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Checks[0]; c.Verdict != checker.Violated || !strings.HasSuffix(c.Detail, "it starves finish, which weak fairness excludes") {
		t.Errorf("%s %q", c.Verdict, c.Detail)
	}
}
