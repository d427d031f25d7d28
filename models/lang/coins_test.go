package lang_test

import (
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
	"github.com/mc-checker/mc/models/lang"
)

// compileText parses and compiles a file's text with its defaults.
func compileText(t *testing.T, src string) *lang.Program {
	t.Helper()
	f, err := lang.Parse("c.gcl", src)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// One process tries until it succeeds, with probability 1/4 a step, however the coin is
// written: a weighted pick, a uniform random, two fair coins. A geometric distribution: 4
// expected steps from failure, 0 from success, 2 on average over the two configurations.
func TestCoinsGeometric(t *testing.T) {
	for _, value := range []string{
		"pick(3 : 0, 1 : 1)",
		"if random(0..3) == 0 then 1 else 0",
		"if flip == 1 and flip == 1 then 1 else 0",
		"pick(1 : random(1..1), 3 : 0)",
	} {
		pr := compileText(t, "protocol geo\ntopology path(1)\nvar x : 0..1\nrule try : x == 0 -> x := "+value+"\nlegitimate : x[0] == 1\n")
		proto := pr.Protocol()
		if _, ok := proto.(model.Randomized); !ok {
			t.Fatalf("%s: the program is not randomized", value)
		}
		for _, d := range []model.Daemon{model.Synchronous, model.Central} {
			m, err := model.Daemonize(proto, d)
			if err != nil {
				t.Fatal(err)
			}
			spec := checker.Spec{Checks: []checker.Check{checker.CheckAlmostSure, checker.CheckExpected}, Properties: model.Properties{Legit: pr.Legit}}
			res, err := checker.Run(t.Context(), m, spec, checker.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			e := res.Expected
			if res.Verdict() != checker.Holds || e == nil || e.Steps.Worst.Exact != "4" || e.Steps.Average.Exact != "2" {
				t.Errorf("%s, %v: %s, %+v", value, d, res.Verdict(), e)
			}
		}
	}
}

// Each kind of draw in a protocol that fails: the values it draws never include success, so
// the failures are a trap (a closed set outside the legitimate one), shown by a counterexample
// the checker replayed.
func TestCoinsTrap(t *testing.T) {
	for _, value := range []string{"pick(1 : 0, 2 : 2)", "random(2..3)", "2 * flip"} {
		pr := compileText(t, "protocol trap\ntopology path(1)\nvar x : 0..3\nrule try : x != 1 -> x := "+value+"\nlegitimate : x[0] == 1\n")
		m, err := model.Daemonize(pr.Protocol(), model.Synchronous)
		if err != nil {
			t.Fatal(err)
		}
		spec := checker.Spec{Checks: []checker.Check{checker.CheckAlmostSure}, Properties: model.Properties{Legit: pr.Legit}}
		res, err := checker.Run(t.Context(), m, spec, checker.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Checks[0]
		if c.Verdict != checker.Violated || c.Trace == nil || model.Replay(m, c.Trace) != nil {
			t.Errorf("%s: %s (%s)", value, c.Verdict, c.Detail)
		}
	}
}

// A rule's outcomes are every combination of its draws, the first draw the least significant
// digit, with the product of their probabilities; a rule without draws has none, and a file
// without draws is no randomized protocol.
func TestCoinsOutcomes(t *testing.T) {
	pr := compileText(t, "protocol o\ntopology path(1)\nvar x : 0..5\nvar y : 0..2\nrule r : true -> x := random(0..2) + 3 * flip, y := pick(2 : 0, 1 : 2)\nrule s : false -> x := 0\nlegitimate : true\n")
	r := pr.Protocol().(model.Randomized)
	s := pr.Schema().NewState()
	got := r.Chances(s, 0, 0, nil)
	if len(got) != 12 || got[0] != (prob.Prob{Num: 1, Den: 9}) || got[11] != (prob.Prob{Num: 1, Den: 18}) {
		t.Fatalf("%v", got)
	}
	for o, want := range map[int][2]byte{0: {0, 0}, 2: {2, 0}, 3: {3, 0}, 5: {5, 0}, 6: {0, 2}, 11: {5, 2}} {
		next := s.Clone()
		pr.Fire(s, []model.Move{{Proc: 0, Rule: 0, Outcome: o}}, next)
		if next[0] != want[0] || next[1] != want[1] {
			t.Errorf("outcome %d: x = %d, y = %d, want %v", o, next[0], next[1], want)
		}
	}
	if len(r.Chances(s, 0, 1, nil)) != 0 {
		t.Errorf("a rule without draws has outcomes")
	}
	plain := compileText(t, "protocol p\ntopology path(1)\nvar x : 0..1\nrule r : x == 0 -> x := 1\nlegitimate : true\n")
	if _, ok := plain.Protocol().(model.Randomized); ok {
		t.Errorf("a file without draws is randomized")
	}
}

// Draws have their place, each error one line at its file:line:col.
func TestCoinErrors(t *testing.T) {
	base := "protocol c\ntopology ring(3)\nvar x : 0..3\n"
	for _, c := range []struct{ src, want string }{
		{"rule r : flip == 1 -> x := 0\nlegitimate : true", "c.gcl:4:10: flip draws at random: only a value a rule assigns may (x := flip)"},
		{"rule r : true -> x := 0\nlegitimate : x[0] == flip", "c.gcl:5:22: flip draws at random: only a value a rule assigns may"},
		{"rule r : true -> x := sum(q in neighbors : flip)\nlegitimate : true", "c.gcl:4:44: flip draws at random, once when the rule fires: not inside a quantifier"},
		{"rule r : true -> x := random(3..1)\nlegitimate : true", "c.gcl:4:23: random(3..1): a range of 1 to 4096 values"},
		{"rule r : true -> x := random(0..x)\nlegitimate : true", "c.gcl:4:33: x is a variable"},
		{"rule r : true -> x := pick(0 : 1, 1 : 2)\nlegitimate : true", "c.gcl:4:28: a weight of pick is a positive integer up to 2^20, not 0"},
		{"rule r : true -> x := pick(1 : 1 2 : 2)\nlegitimate : true", "c.gcl:4:34: expected \")\", found \"2\""},
		{"rule r : true -> x := random(0, 3)\nlegitimate : true", "c.gcl:4:31: expected \"..\", found \",\""},
		{"rule r : true -> x := random(0..63) + random(0..63) + random(0..63)\nlegitimate : true", "c.gcl:4:6: rule r has more than 4096 outcomes"},
		{"var flip : 0..1\nlegitimate : true", "c.gcl:4:5: flip is a name of the language"},
		{"rule r : true -> x := pick(1 : x == 0)\nlegitimate : true", "c.gcl:4:32: an argument of pick is a condition; it must be an integer"},
	} {
		refusedAs(t, "c.gcl", base+c.src, c.want)
	}
}
