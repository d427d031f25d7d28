package checker_test

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// P0 sets its bit once, P1 toggles its own for ever, P2 sets its bit only while P1's is 1.
// Under an unfair daemon P1 may move alone for ever; weak fairness per process makes P0 move
// (it stays enabled), but not P2 (enabled every other step: strong fairness would).
const toggler = `protocol toggler
topology path(3)
var x : 0..1
rule set where p == 0 : x == 0 -> x := 1
rule toggle where p == 1 : true -> x := 1 - x
rule catch where p == 2 : x == 0 and x[1] == 1 -> x := 1
legitimate : x[0] == 1
property setsonce : eventually x[0] == 1
property setsweak under weak : eventually x[0] == 1
property setsagain under weak : always eventually x[0] == 1
property staysset under weak : eventually always x[0] == 1
property catches under weak : x[0] == 1 leadsto x[2] == 1
property togglesoff : always eventually x[1] == 0
property stopstoggling : eventually always x[1] == 0
property neverboth : always not (x[1] == 1 and x[2] == 1)
property fromlegit from legitimate under weak : eventually always x[1] == 1
`

// The symbolic engine decides temporal properties (unfair, and weakly fair per process) as
// the explicit engine does, on censuses of the predicates: the same verdicts under every
// daemon, on the toggler and on the countdown (deadlocks stutter), with always's
// counterexamples as short; its counterexamples pass the replay and BreaksFormula, which
// Run applies to every temporal trace.
func TestTemporalSymbolicAgrees(t *testing.T) {
	daemons := []model.Daemon{model.Central, model.Distributed, model.Synchronous, model.LocallyCentral}
	if testing.Short() {
		daemons = daemons[:1]
	}
	for _, text := range []string{toggler, countdown} {
		inst := compiled(t, text)
		spec := checker.Spec{Checks: []checker.Check{checker.CheckTemporal}, Properties: inst.Properties}
		for _, d := range daemons {
			m, err := model.Daemonize(inst.Protocol, d)
			if err != nil {
				t.Fatal(err)
			}
			explicit := run(t, m, spec, 2)
			symbolic, err := checker.Run(t.Context(), m, spec, checker.Options{Workers: 1, Engine: checker.EngineSymbolic})
			if err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			for i, e := range explicit.Checks {
				s := symbolic.Checks[i]
				if e.Name != s.Name || e.Verdict != s.Verdict {
					t.Errorf("%s %s: symbolic %s (%s), explicit %s (%s)", d, e.Name, s.Verdict, s.Detail, e.Verdict, e.Detail)
					continue
				}
				if e.Trace != nil && strings.Contains(e.Detail, "fails after") && len(e.Trace.States) != len(s.Trace.States) {
					t.Errorf("%s %s: a counterexample of %d configurations, explicit %d", d, e.Name, len(s.Trace.States), len(e.Trace.States))
				}
			}
		}
	}
	// The toggler's verdicts under the central daemon, as the comments say.
	inst := compiled(t, toggler)
	m, _ := model.Daemonize(inst.Protocol, model.Central)
	res, err := checker.Run(t.Context(), m, checker.Spec{Checks: []checker.Check{checker.CheckTemporal}, Properties: inst.Properties}, checker.Options{Engine: checker.EngineSymbolic})
	if err != nil {
		t.Fatal(err)
	}
	v, h := checker.Violated, checker.Holds
	want := map[string]checker.Verdict{"setsonce": v, "setsweak": h, "setsagain": h, "staysset": h, "catches": v,
		"togglesoff": h, "stopstoggling": v, "neverboth": v, "fromlegit": v}
	for _, c := range res.Checks {
		if w := want[strings.TrimPrefix(c.Name, "temporal ")]; c.Verdict != w {
			t.Errorf("%s: %s (%s), want %s", c.Name, c.Verdict, c.Detail, w)
		}
	}
}

// The symbolic engine refuses what it does not decide, before it runs: strong fairness,
// fairness per rule, and predicates that are no censuses.
func TestTemporalSymbolicRefuses(t *testing.T) {
	for _, c := range []struct{ prop, want string }{
		{"property s under strong : eventually x[1] == 1", "strong fairness and fairness per rule need the explicit engine"},
		{"property s under weak per rule : eventually x[1] == 1", "strong fairness and fairness per rule need the explicit engine"},
		{"property s : eventually x[1] + count(q in procs : x[q] == 1) == 2", "the symbolic engine needs the predicates of temporal property s as censuses"},
	} {
		inst := compiled(t, "protocol r\ntopology path(2)\nvar x : 0..1\nrule up : x == 0 -> x := 1\nlegitimate : true\n"+c.prop+"\n")
		m, _ := model.Daemonize(inst.Protocol, model.Central)
		_, err := checker.Run(t.Context(), m, checker.Spec{Checks: []checker.Check{checker.CheckTemporal}, Properties: inst.Properties}, checker.Options{Engine: checker.EngineSymbolic})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.prop, err, c.want)
		}
	}
}
