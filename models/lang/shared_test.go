package lang_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/lang"
)

// A shared variable is the network's (no process owns it), a rule writes it at its process
// or at a neighbour, every right-hand side reading the old configuration; its footprint
// writes the variable at the process and at every neighbour.
func TestSharedVariables(t *testing.T) {
	pr := compileText(t, `protocol s
topology ring(4)
shared var t : 0..1
var y : 0..3
rule pass : t == 1 -> t := 0, t[right] := t[left], y := t[right] + 2
legitimate : true
`)
	sch := pr.Schema()
	if sch.Vars[0].Name != "t0" || sch.Vars[0].Owner != model.Global || sch.Vars[1].Owner != 0 {
		t.Fatalf("variables %+v", sch.Vars)
	}
	s := model.State{1, 0, 0, 0, 0, 0, 1, 0} // t0 y0 t1 y1 …: t0 = t3 = 1 (P3 is P0's left)
	next := s.Clone()
	pr.Fire(s, []model.Move{{Proc: 0, Rule: 0}}, next)
	if want := (model.State{0, 2, 1, 0, 0, 0, 1, 0}); !want.Equal(next) {
		t.Fatalf("P0 passes: %v, want %v", next, want)
	}
	if fp := pr.Footprint(0, 0); !slices.Equal(fp.Writes, []int{0, 1, 2, 6}) {
		t.Errorf("P0's footprint %+v: it writes t0, t1, t3 and y0, not t2", fp)
	}
	if err := pr.Violation(); err != nil {
		t.Fatal(err)
	}
}

// Shared variables are refused where they do not belong, each error at its place; an index
// the configuration decides is checked on the step.
func TestSharedErrors(t *testing.T) {
	base := "protocol s\ntopology path(4)\nvar x : 0..2\nshared var t : 0..1\n"
	for _, c := range []struct{ src, want string }{
		{"rule r : true -> x[left] := 0\nlegitimate : true", "s.gcl:5:18: rule r assigns x[...], but a rule assigns only its own process's variables: write x := ..., or declare it shared var x"},
		{"rule r where p == 1 : true -> t[3] := 0\nlegitimate : true", "s.gcl:5:33: rule r of process 1 assigns t[3]: a rule writes only its process's and its neighbours' variables"},
		{"rule r where p == 1 : true -> t[7] := 0\nlegitimate : true", "s.gcl:5:33: rule r of process 1 assigns t[7]: no such process"},
		{"rule r : t == 1 -> t[x == 1] := 0\nlegitimate : true", "s.gcl:5:22: the process whose t a rule assigns is a condition"},
		{"shared var u : neighbors\nlegitimate : true", "s.gcl:5:16: shared variable u cannot be a pointer"},
		{"shared x : 0..1\nlegitimate : true", "s.gcl:5:8: expected var after shared"},
	} {
		refusedAs(t, "s.gcl", base+c.src, c.want)
	}
	for _, c := range []struct{ rule, want string }{
		{"rule r : x == 0 -> t[x + 2] := 1, x := 1", "assigns t[2]: a rule writes only its process's and its neighbours' variables"},
		{"rule r where p == 1 : x == 0 -> t[x] := 1, t[p - 1] := 0, x := 1", "writes t[process 0] twice in one move"},
		{"rule r where p == 1 : x == 0 -> t[x] := 2, x := 1", "rule r of process 1 writes t[process 0] = 2, outside 0..1"},
	} {
		pr := compileText(t, base+c.rule+"\nlegitimate : true\n")
		if err := closureError(t, pr); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a model error with %q", c.rule, err, c.want)
		}
	}
}

// closureError is what checking closure under the central daemon reports of pr: the model
// error of a step that breaks the language's rules, or nil.
func closureError(t *testing.T, pr *lang.Program) error {
	t.Helper()
	m, err := model.Daemonize(pr, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	_, err = checker.Run(t.Context(), m, checker.Spec{Properties: model.Properties{Legit: pr.Legit}, Checks: []checker.Check{checker.CheckClosure}}, checker.Options{Workers: 1})
	return err
}
