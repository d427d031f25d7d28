package checker_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
)

// The fixed checks are temporal properties (docs/LANGUAGE.md, "Properties"), and the temporal
// check decides them as the fixed checks do, on random protocols under every daemon: closure
// is "always L" from the legitimate configurations; convergence "always eventually L" (under
// weak fairness per process too), and read strictly "eventually L"; an invariant "always I",
// with a counterexample as short; a Go model's eventually goal "always eventually G". Half the
// runs start from a few configurations, where a formula's trigger may come late.
func TestFixedChecksAreTemporal(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		p := randproto.Generate(rand.New(rand.NewPCG(41, uint64(i))))
		d := model.Daemon(i % 4) // central, locally-central, distributed, synchronous
		if d != model.Central && p.N > 4 {
			d = model.Central
		}
		var opts []model.Option
		if i%2 == 1 { // from some configurations: the executions reach the triggers late
			rng := rand.New(rand.NewPCG(43, uint64(i)))
			var list []model.State
			for _, s := range reference.Universe(p.Schema()) {
				if rng.IntN(8) == 0 {
					list = append(list, s)
				}
			}
			if len(list) == 0 {
				continue
			}
			opts = append(opts, model.From(list))
		}
		m, err := model.Daemonize(p.Model(), d, opts...)
		if err != nil {
			t.Fatal(err)
		}
		legit := p.Legit.Predicate(p)
		formula := func(k model.TemporalKind, pred model.Predicate) []model.Formula {
			return []model.Formula{{Kind: k, P: pred}}
		}
		props := model.Properties{Legit: legit, Temporal: []model.Temporal{
			{Name: "closure", FromLegit: true, Parts: formula(model.Always, legit)},
			{Name: "convergence", Parts: formula(model.AlwaysEventually, legit)},
			{Name: "fair", Parts: formula(model.AlwaysEventually, legit), Fair: []model.Fair{{}}},
			{Name: "strict", Parts: formula(model.Eventually, legit)},
		}}
		for k, inv := range p.Invariants {
			name := fmt.Sprintf("i%d", k)
			props.Invariants = append(props.Invariants, model.Property{Name: name, Holds: inv.Predicate(p)})
			props.Temporal = append(props.Temporal, model.Temporal{Name: name, Parts: formula(model.Always, inv.Predicate(p))})
		}
		for k, g := range p.Goals {
			name := fmt.Sprintf("g%d", k)
			props.Eventually = append(props.Eventually, model.Property{Name: name, Holds: g.Predicate(p)})
			props.Temporal = append(props.Temporal, model.Temporal{Name: name, Parts: formula(model.AlwaysEventually, g.Predicate(p))})
		}
		fixed := []checker.Check{checker.CheckClosure, checker.CheckConvergence}
		if len(p.Invariants) > 0 {
			fixed = append(fixed, checker.CheckInvariant)
		}
		if len(p.Goals) > 0 {
			fixed = append(fixed, checker.CheckEventually)
		}
		plain := results(t, m, checker.Spec{Checks: fixed, Properties: props})
		weak := results(t, m, checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: props, Fairness: checker.WeaklyFair})
		strict := results(t, m, checker.Spec{Checks: []checker.Check{checker.CheckConvergence}, Properties: props, Reading: checker.Strict})
		temporal := results(t, m, checker.Spec{Checks: []checker.Check{checker.CheckTemporal}, Properties: props})
		same := map[string]checker.CheckResult{"closure": plain["closure"], "convergence": plain["convergence"],
			"fair": weak["convergence"], "strict": strict["convergence"]}
		for k := range p.Invariants {
			same[fmt.Sprintf("i%d", k)] = plain[fmt.Sprintf("invariant i%d", k)]
		}
		for k := range p.Goals {
			same[fmt.Sprintf("g%d", k)] = plain[fmt.Sprintf("eventually g%d", k)]
		}
		for name, want := range same {
			got := temporal["temporal "+name]
			if got.Verdict != want.Verdict {
				t.Errorf("protocol %d, %v daemon: temporal %s %s (%s), the fixed check %s (%s)", i, d, name, got.Verdict, got.Detail, want.Verdict, want.Detail)
			}
			if name[0] == 'i' && want.Verdict == checker.Violated && len(got.Trace.Steps) != len(want.Trace.Steps) {
				t.Errorf("protocol %d: always %s's counterexample has %d steps, the invariant's %d", i, name, len(got.Trace.Steps), len(want.Trace.Steps))
			}
		}
	}
}

func results(t *testing.T, m model.Model, spec checker.Spec) map[string]checker.CheckResult {
	t.Helper()
	res := run(t, m, spec, 2)
	out := map[string]checker.CheckResult{}
	for _, c := range res.Checks {
		out[c.Name] = c
	}
	return out
}
