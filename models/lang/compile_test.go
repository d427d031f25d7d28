package lang_test

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/models/dijkstra"
	"github.com/mc-checker/mc/models/lang"
	"github.com/mc-checker/mc/models/topology"
)

func compile(t *testing.T, path string, values map[string]int) *lang.Program {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := lang.Parse(path, string(src))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, values, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// Dijkstra's ring written in the language gives the Go model's figures: the same states,
// transitions, verdicts, worst cases and traces (state by state, step index by step index),
// for n = 3..6 and K = n-2..n under the four daemons, and n = 7, 8 with K = n under the
// daemons a test affords (bench/lang.sh compares the rest: docs/PERFORMANCE.md).
func TestDijkstraAsTheGoModel(t *testing.T) {
	spec := func(legit model.Predicate) checker.Spec {
		return checker.Spec{Properties: model.Properties{Legit: legit}, Checks: []checker.Check{checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase}}
	}
	all := []model.Daemon{model.Central, model.LocallyCentral, model.Distributed, model.Synchronous}
	for n := 3; n <= 8; n++ {
		for k := max(2, n-2); k <= n; k++ {
			daemons := all
			switch {
			case n == 7 && k == 7 && testtier.Long(): // n = 7 and 8 take 20 s
				daemons = []model.Daemon{model.Central, model.LocallyCentral, model.Synchronous}
			case n == 8 && k == 8 && testtier.Long():
				daemons = []model.Daemon{model.Synchronous}
			case n > 6 || testing.Short() && n == 6:
				continue
			}
			pr := compile(t, "../../examples/protocols/dijkstra.gcl", map[string]int{"n": n, "K": k})
			ring, err := dijkstra.New(n, k)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range daemons {
				name := fmt.Sprintf("n=%d K=%d %s", n, k, d)
				mg, _ := model.Daemonize(ring, d)
				lint := []model.Option{model.WithLint()} // the contract on every step, where it is cheap
				if n > 6 {
					lint = nil
				}
				ml, _ := model.Daemonize(pr, d, lint...)
				a, err := checker.Run(context.Background(), mg, spec(ring.Legitimate()), checker.Options{Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				b, err := checker.Run(context.Background(), ml, spec(pr.Legit), checker.Options{Workers: 2})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				same(t, name, a, b)
			}
		}
	}
}

func same(t *testing.T, name string, a, b *checker.Result) {
	t.Helper()
	if a.Stats.States != b.Stats.States || a.Stats.Transitions != b.Stats.Transitions {
		t.Errorf("%s: Go %d states %d transitions, language %d and %d", name, a.Stats.States, a.Stats.Transitions, b.Stats.States, b.Stats.Transitions)
	}
	for i, c := range a.Checks {
		d := b.Checks[i]
		if c.Verdict != d.Verdict || (c.Trace != nil) != (d.Trace != nil) {
			t.Errorf("%s: %s %v, language %s %v", name, c.Name, c.Verdict, d.Name, d.Verdict)
		}
		if c.Trace != nil && d.Trace != nil && !reflect.DeepEqual(c.Trace, d.Trace) {
			t.Errorf("%s: %s: the Go model's trace %v, the language's %v", name, c.Name, c.Trace, d.Trace)
		}
	}
	if (a.WorstCaseMoves == nil) != (b.WorstCaseMoves == nil) || a.WorstCaseMoves != nil && (*a.WorstCaseMoves != *b.WorstCaseMoves || *a.WorstCaseSteps != *b.WorstCaseSteps) {
		t.Errorf("%s: worst cases differ", name)
	}
}

// Names and domains are checked when the file is compiled, each error at its place, and so is
// a rule's read of a non-neighbour where its index is a function of the process; a read whose
// index depends on the configuration, or a guarded one, and a value written outside its
// domain, are model errors (the daemon's model reports the breach, with its place), never a
// verdict or a silent wrap.
func TestCompileErrors(t *testing.T) {
	base := "protocol t\nparam n = 3\ntopology oriented_ring(n)\nvar x : 0..2\n"
	for _, c := range []struct{ src, want string }{
		{base + "rule r : y == 0 -> x := 1\nlegitimate : true", "t.gcl:5:10: unknown name y"},
		{base + "rule r : x == 0 -> z := 1\nlegitimate : true", "t.gcl:5:20: rule r assigns z, which is not a variable"},
		{"protocol t\nparam n = 3\ntopology oriented_ring(n)\nvar x : 0..300\nlegitimate : true", "t.gcl:4:9: the domain of x is 0..300"},
		{"protocol t\nparam n = 2 in 3..5\ntopology ring(n)\nvar x : 0..1\nlegitimate : true", "t.gcl:2:7: parameter n = 2 is outside 3..5"},
		{base + "legitimate : x == 0", "t.gcl:5:14: x is a variable of a process: here write x[q] for process q"},
		{base + "rule r : p == 0 -> x := 1\nlegitimate : enabled(p)", "t.gcl:6:22: p is the process of a rule"},
		{base + "rule r : x[right] == 0 -> x := 1\nlegitimate : true", "t.gcl:5:12: process 0 would read x of process 1, which is not its neighbour"},
		{base + "rule r : x[0] == 0 -> x := 1\nlegitimate : true", "t.gcl:5:12: process 2 would read x of process 0, which is not its neighbour"},
		{base + "rule r : exists(q in procs : x[q] == 0) -> x := 1\nlegitimate : true", "t.gcl:5:32: q ranges over procs, and a rule reads its neighbours only"},
		{base + "rule r where algo == \"leaf\" : true -> x := 1\nlegitimate : true", "t.gcl:5:22: no process of the topology has the rule set \"leaf\" (it has root, p)"},
		{base + "var y : {a, b}\nvar z : {b, a}\nlegitimate : true", "t.gcl:6:10: b is already a value (1) of another enumeration, here it would be 0"},
		{base + "rule r : true -> x := x[left]\nrule s : true -> y := 0\nlegitimate : true", "t.gcl:6:18: rule s assigns y, which is not a variable"},
		{base + "rule r : true -> x := 3\nlegitimate : true", "t.gcl:5:18: rule r of process 0 would write x = 3, outside its domain"},
		{base + "rule r : true -> x := 1, x := 2\nlegitimate : true", "t.gcl:5:26: rule r assigns x twice"},
		{base + "var deg : 0..3\nlegitimate : true", "t.gcl:5:5: deg is a name of the language; the variable needs another"},
		{base + "var dir : {up, down}\nvar up : 0..1\nlegitimate : true", "t.gcl:6:5: up is already a value; the variable needs another name"},
		{"protocol t\nparam n = 5\ntopology ring(3)\nvar x : 0..1\nlegitimate : true", "t.gcl:3:1: parameter n = 5, but the topology has 3 processes"},
		{"protocol t\nparam d = maxdeg\ntopology ring(3)\nvar x : 0..1\nlegitimate : true", "t.gcl:2:11: maxdeg is the topology's, and the parameters come before it"},
		{base + "var y : {out, in}\nlegitimate : true", "t.gcl:5:15: in is a word of the language"},
		{base + "rule r(q in 0..x) : true -> x := q\nlegitimate : true", "t.gcl:5:13: rule r's parameter ranges over a set the configuration changes"},
		{base + "rule r(q in neighbors) : x[q] == 0 -> x := 1\nrule s(q in procs) : x[q] == 0 -> x := 2\nlegitimate : true", "t.gcl:6:24: q ranges over procs, and a rule reads its neighbours only"},
		{base + "var y : 0..exists(q in procs : enabled(0))\nlegitimate : true", "t.gcl:5:32: enabled(q) reads the configuration: it has no place in a constant expression"},
	} {
		f, err := lang.Parse("t.gcl", c.src)
		if err == nil {
			_, err = lang.Compile(f, nil, nil)
		}
		if err == nil || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
	for _, c := range []struct{ rule, want string }{
		{"rule r : x[x] == 0 -> x := 1", "t.gcl:5:12: process "},
		{"rule r : p == 2 and x[0] == 0 -> x := 1", "t.gcl:5:23: process 2 reads x of process 0, which is not its neighbour"},
		{"rule r : true -> x := x + 1", "outside 0..2"},
	} {
		f, err := lang.Parse("t.gcl", base+c.rule+"\nlegitimate : true")
		if err != nil {
			t.Fatal(err)
		}
		pr, err := lang.Compile(f, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := model.Daemonize(pr, model.Central)
		_, err = checker.Run(context.Background(), m, checker.Spec{Properties: model.Properties{Legit: pr.Legit}, Checks: []checker.Check{checker.CheckClosure}}, checker.Options{Workers: 1})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a model error with %q", c.rule, err, c.want)
		}
	}
}

// A count compared with a bound stops counting once the comparison is decided: every
// operator and bound gives the value of the full count's comparison, on every configuration.
func TestCountStopsEarly(t *testing.T) {
	src := "protocol t\nparam n = 4\ntopology ring(n)\nvar x : 0..1\nlegitimate : true\n"
	ops := []string{"==", "!=", "<", "<=", ">", ">="}
	for _, op := range ops {
		for c := -1; c <= 5; c++ {
			src += fmt.Sprintf("invariant i%d_%d : count(q in procs : x[q] == 1) %s %d\n", slices.Index(ops, op), c+1, op, c)
		}
	}
	f, err := lang.Parse("t.gcl", src)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	invs := pr.Invariants()
	for c := range 16 {
		s := model.State{byte(c & 1), byte(c >> 1 & 1), byte(c >> 2 & 1), byte(c >> 3 & 1)}
		ones := bits.OnesCount(uint(c))
		for i, inv := range invs {
			op, c := ops[i/7], i%7-1
			want := map[string]bool{"==": ones == c, "!=": ones != c, "<": ones < c, "<=": ones <= c, ">": ones > c, ">=": ones >= c}[op]
			if inv.Holds(s) != want {
				t.Errorf("%v: count %s %d is %v, want %v", s, op, c, inv.Holds(s), want)
			}
		}
	}
}

// A let that reads the configuration is not a function of the process: the static checks of
// reads and domains leave it to run time (they once evaluated it on no configuration).
func TestLetReadsConfiguration(t *testing.T) {
	src := "protocol t\nparam n = 3\ntopology oriented_ring(n)\nvar x : 0..2\nlet up = (x + 1) % 3\nlet other = x[left]\n" +
		"rule r : other == x -> x := up\nrule s : x[other] == 0 -> x := up\nlegitimate : true\n"
	f, err := lang.Parse("t.gcl", src)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := pr.Enabled(model.State{1, 1, 1}, 1, nil); !slices.Equal(got, []int{0}) {
		t.Fatalf("enabled %v", got)
	}
}

// A topology file's init= attributes give the initial configurations: every configuration
// that agrees with them; graph attributes give parameters; no init= at all, every one.
func TestInitFromFile(t *testing.T) {
	src := "protocol t\nparam K = 3\ntopology path(2)\nvar x : 0..K-1\nvar b : {off, on}\nlegitimate : true\n"
	f, err := lang.Parse("t.gcl", src)
	if err != nil {
		t.Fatal(err)
	}
	g, err := topology.ParseGraph("i.dot", []byte(`graph { graph [K=4]; a [init="x=2 b=on"]; b [init="(x=3)"]; a -- b }`))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, nil, g)
	if err != nil {
		t.Fatal(err)
	}
	init, err := pr.Init()
	want := []model.State{{2, 1, 3, 0}, {2, 1, 3, 1}} // a's x and b fixed, b's b free
	if err != nil || pr.Params["K"] != 4 || !reflect.DeepEqual(init, want) {
		t.Fatalf("K=%d, init %v, %v", pr.Params["K"], init, err)
	}
	for _, bad := range []string{`x=4`, `y=1`, `x`, `b=maybe`} {
		g, _ := topology.ParseGraph("i.dot", []byte(`graph { graph [K=4]; a [init="`+bad+`"]; a -- b }`))
		pr, err := lang.Compile(f, nil, g)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pr.Init(); err == nil {
			t.Errorf("init=%q accepted", bad)
		}
	}
}

// The review's findings, each a file whose meaning mc once got wrong: an inner quantifier's
// name hides an outer one (and a rule's parameter); argmin over a range with -1 in it; a
// division by zero or a value out of its domain in a right-hand side that a guard keeps from
// running; a range too large for an int.
func TestReviewFindings(t *testing.T) {
	head := "protocol t\nparam n = 3\ntopology complete(n)\nvar x : 0..2\n"
	holdsEverywhere := []string{
		"invariant i : exists(q in 5..5 : exists(q in 0..0 : q == 0))",
		"invariant i : argmin(k in -1..1 : 0) == -1",
		"invariant i : argmax(k in -3..-1 : k) == -1",
		"invariant i : min(k in -2..2 : k * k) == 0 and max(k in -2..2 : k) == 2",
	}
	for _, inv := range holdsEverywhere {
		f, err := lang.Parse("t.gcl", head+"legitimate : true\n"+inv+"\n")
		if err != nil {
			t.Fatal(err)
		}
		pr, err := lang.Compile(f, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !pr.Invariants()[0].Holds(model.State{0, 1, 2}) || pr.Violation() != nil {
			t.Errorf("%s: false (%v)", inv, pr.Violation())
		}
	}
	for _, c := range []struct {
		rules string
		on    model.State
		want  []int // the actions of process 1 enabled in on
	}{
		{"rule r(q in neighbors) : x == 0 and exists(q in procs : q == p) -> x := 1", model.State{0, 0, 0}, []int{0, 1}},
		{"rule r : p != 0 and x == 0 -> x := 2 / p", model.State{0, 0, 0}, []int{0}},
		{"rule r : p != 0 and x == 0 -> x := p - 1", model.State{0, 0, 0}, []int{0}},
	} {
		f, err := lang.Parse("t.gcl", head+c.rules+"\nlegitimate : true\n")
		if err != nil {
			t.Fatal(err)
		}
		pr, err := lang.Compile(f, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.rules, err)
		}
		if got := pr.Enabled(c.on, 1, nil); !slices.Equal(got, c.want) || pr.Violation() != nil {
			t.Errorf("%s: enabled %v, want %v (%v)", c.rules, got, c.want, pr.Violation())
		}
	}
	f, _ := lang.Parse("t.gcl", head+"legitimate : exists(k in -999999999*999999999*9 .. 999999999*999999999*9 : k == 0)\n")
	pr, err := lang.Compile(f, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pr.Legit(model.State{0, 0, 0}); pr.Violation() == nil || !strings.Contains(pr.Violation().Error(), "at most 65536 values") {
		t.Fatalf("a range past an int's difference: %v", pr.Violation())
	}
}
