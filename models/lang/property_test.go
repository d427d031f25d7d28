package lang_test

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/lang"
)

const propBase = "protocol t\nparam n = 3\ntopology oriented_ring(n)\nvar x : 0..2\nrule r : x != x[left] -> x := x[left]\nlegitimate : true\n"

// Every error of a property's syntax, names and types is one message at its file:line:col.
func TestPropertyErrors(t *testing.T) {
	for _, c := range []struct{ prop, want string }{
		{"property : always true", "t.gcl:7:10: expected the property's name, found \":\""},
		{"property a from somewhere : always true", "t.gcl:7:17: expected init or legitimate (where the executions start)"},
		{"property a under fair : always true", "t.gcl:7:18: expected a fairness: unfair, weak or strong"},
		{"property a under weak per process : always true", "t.gcl:7:27: expected \"rule\", found \"process\""},
		{"property a under strong rule s : always true", "t.gcl:7:30: no rule s above: fairness names a rule declared before it"},
		{"property a always true", "t.gcl:7:12: expected \":\", found \"always\""},
		{"property a : x[0] == 0", "t.gcl:7:23: expected always, eventually, or a predicate and leadsto"},
		{"property a : always x[0] == 0 leadsto true", "t.gcl:7:31: leadsto joins two predicates"},
		{"property a : always x[0] + 1", "t.gcl:7:21: property a's predicate is an integer expression; it must be a condition"},
		{"property a : true leadsto x[0]", "t.gcl:7:27: property a's goal is an integer"},
		{"property a : forall q in procs : always x == 0", "t.gcl:7:41: x is a variable of a process: here write x[q] for process q"},
		{"property a : forall q in 1..0 : always true", "t.gcl:7:21: property a ranges over an empty set"},
		{"property a : forall q in 0..9999 : forall r in 0..9999 : always true", "t.gcl:7:10: property a has more than 4096 parts"},
		{"property a : always y == 0", "t.gcl:7:21: unknown name y"},
	} {
		refusedAs(t, "t.gcl", propBase+c.prop, c.want)
	}
}

// refusedAs checks that the file's text, named name, fails to parse or compile with an
// error that begins with want.
func refusedAs(t *testing.T, name, src, want string) {
	t.Helper()
	f, err := lang.Parse(name, src)
	if err == nil {
		_, err = lang.Compile(f, nil, nil)
	}
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%q:\n got %v\nwant %s", src, err, want)
	}
}

// A property compiles to its kind, start, fairness and one part per value of its foralls,
// each named by them; a forall( with a parenthesis is a predicate's.
func TestPropertyCompiles(t *testing.T) {
	src := propBase + `property a from legitimate under weak, strong rule r : forall q in procs : forall k in 1..2 : always eventually x[q] != k
property b under strong per rule : forall(q in procs : x[q] == 0) leadsto exists(q in procs : x[q] == 1)
property c : eventually always x[0] == x[1]
`
	f, err := lang.Parse("t.gcl", src)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	props := pr.Temporal()
	if len(props) != 3 {
		t.Fatalf("%d properties", len(props))
	}
	a, b, c := props[0], props[1], props[2]
	if !a.FromLegit || len(a.Fair) != 2 || a.Fair[0] != (model.Fair{}) || a.Fair[1] != (model.Fair{Strong: true, Rule: "r"}) || len(a.Parts) != 6 {
		t.Fatalf("a: %+v", a)
	}
	if a.Parts[5].Label != "q = P2, k = 2" || a.Parts[0].Kind != model.AlwaysEventually {
		t.Errorf("a's last part: %+v", a.Parts[5])
	}
	s := pr.Schema().NewState() // every x is 0
	if !a.Parts[0].P(s) || b.Parts[0].Kind != model.LeadsTo || !b.Parts[0].P(s) || b.Parts[0].Q(s) {
		t.Errorf("the predicates on the zero configuration")
	}
	s[2] = 2 // x of process 2, for q = P2, k = 2
	if a.Parts[5].P(s) || !a.Parts[4].P(s) {
		t.Errorf("part q = P2, k = 2 reads its own q and k")
	}
	if b.FromLegit || b.Fair[0] != (model.Fair{Strong: true, PerRule: true}) || c.Parts[0].Kind != model.EventuallyAlways || c.Fair != nil {
		t.Errorf("b: %+v, c: %+v", b, c)
	}
}

// init : P lists the configurations where P holds as the initial ones; characterise NAME : P
// is a characterisation; each refused at its place when it is no condition or, for init,
// when nothing satisfies it.
func TestInitAndCharacterise(t *testing.T) {
	src := "protocol c\ntopology path(2)\nvar x : 0..2\nrule down : x > 0 -> x := x - 1\ninit : x[0] == 2 and x[1] == 0\nlegitimate : true\ncharacterise small : x[1] == 0\ncharacterise loose : x[0] <= 2\n"
	f, err := lang.Parse("c.gcl", src)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	init, err := pr.Init()
	if err != nil || len(init) != 1 || init[0][0] != 2 || init[0][1] != 0 {
		t.Fatalf("init: %v %v", init, err)
	}
	m, _ := model.Daemonize(pr, model.Central, model.From(init))
	res, err := checker.Run(t.Context(), m, checker.Spec{Checks: []checker.Check{checker.CheckCharacterise},
		Properties: model.Properties{Characterisations: pr.Characterisations()}}, checker.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Checks[0].Verdict != checker.Holds || res.Checks[1].Verdict != checker.Violated {
		t.Errorf("%+v", res.Checks)
	}
	for _, c := range []struct{ src, want string }{
		{"init : x[0] == 3\nlegitimate : true", "init : no configuration satisfies the init predicate"},
		{"init : x[0]\nlegitimate : true", "c.gcl:5:8: the init predicate is an integer expression"},
		{"init : true\ninit : true\nlegitimate : true", "c.gcl:6:1: a second init predicate (the first is at line 5)"},
		{"characterise c : 1\nlegitimate : true", "c.gcl:5:18: characterise c is an integer expression"},
	} {
		f, err := lang.Parse("c.gcl", "protocol c\ntopology path(2)\nvar x : 0..2\nrule down : x > 0 -> x := x - 1\n"+c.src)
		if err == nil {
			var pr *lang.Program
			if pr, err = lang.Compile(f, nil, nil); err == nil {
				_, err = pr.Init()
			}
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}
