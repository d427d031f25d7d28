package lang_test

import (
	"os"
	"path/filepath"
	"testing"
)

// Issue 33, item 7: conditions and integers do not mix. Each of the review's files, once
// checked with a non-zero integer read as true, is refused at the place of the expression of
// the wrong type, with what it is and what it must be; a let is typed where it is used (its
// own mistakes at their place in it).
func TestTypeErrors(t *testing.T) {
	const cond, integer = "a condition (true or false)", "an integer"
	for _, c := range []struct{ src, want string }{
		// the review's cases
		{"rule r : x + 1 -> x := 1\nlegitimate : true", "t.gcl:5:10: the guard is an integer expression; a guard must be " + cond},
		{"rule r : true -> x := x == 0\nlegitimate : true", "t.gcl:5:23: the value assigned to x is a condition; a variable holds " + integer},
		{"rule r : (x == 0) + 1 == 1 -> x := 1\nlegitimate : true", "t.gcl:5:11: the left side of + is a condition; each side of + must be " + integer},
		{"rule r : if x then true else false -> x := 1\nlegitimate : true", "t.gcl:5:13: the condition of an if is an integer expression; it must be " + cond},
		{"legitimate : x[0] + 1", "t.gcl:5:14: the legitimate predicate is an integer expression; it must be " + cond},
		{"legitimate : count(q in procs : x[q]) == 1", "t.gcl:5:33: the body of count is an integer expression; it must be " + cond},
		{"legitimate : sum(q in procs : x[q] == 0) == 1", "t.gcl:5:31: the body of sum is a condition; it must be " + integer},
		// lets, typed where used
		{"let up = x + 1\nrule r : up -> x := 1\nlegitimate : true", "t.gcl:6:10: the guard is an integer expression"},
		{"let zero = x == 0\nrule r : true -> x := zero\nlegitimate : true", "t.gcl:6:23: the value assigned to x is a condition"},
		{"let bad = x + (x == 0)\nrule r : bad == 1 -> x := 1\nlegitimate : true", "t.gcl:5:16: the right side of + is a condition"},
		// every other place a type is wanted
		{"legitimate : (x[0] == 0) == 1", "t.gcl:5:26: == compares a condition with an integer expression"},
		{"legitimate : not x[0]", "t.gcl:5:18: the operand of not is an integer expression; it must be " + cond},
		{"legitimate : -true == 1", "t.gcl:5:15: the operand of - is a condition; it must be " + integer},
		{"legitimate : x[0] and true", "t.gcl:5:14: the left side of and is an integer expression; each side of and must be " + cond},
		{"legitimate : true < false", "t.gcl:5:14: the left side of < is a condition; each side of < must be " + integer},
		{"legitimate : if true then x[0] else true", "t.gcl:5:37: the branches of an if differ: then is an integer expression, else a condition"},
		{"legitimate : x[true] == 0", "t.gcl:5:16: the index of x is a condition; it must be " + integer},
		{"legitimate : abs(true) == 1", "t.gcl:5:18: the argument of abs is a condition; it must be " + integer},
		{"legitimate : exists(q in 0..true : true)", "t.gcl:5:29: a set's bound is a condition; it must be " + integer},
		{"legitimate : forall(q in procs : x[q])", "t.gcl:5:34: the body of forall is an integer expression; it must be " + cond},
		{"legitimate : max(q in procs : true) == 1", "t.gcl:5:31: the body of max is a condition; it must be " + integer},
		{"legitimate : true\ninvariant i : x[0]", "t.gcl:6:15: invariant i is an integer expression; it must be " + cond},
		{"legitimate : true\naction a : old(x[0])", "t.gcl:6:12: action a is an integer expression; it must be " + cond},
		{"rule r where p : true -> x := 1\nlegitimate : true", "t.gcl:5:14: the where-condition is an integer expression; it must be " + cond},
		{"var y : 0..(1 == 1)\nlegitimate : true", "t.gcl:5:13: a domain's bound is a condition; it must be " + integer},
		{"legitimate : enabled(true)", "t.gcl:5:22: the argument of enabled is a condition; it must be " + integer},
	} {
		refused(t, c.src, head+c.src, c.want)
	}
	refused(t, "a parameter", "protocol t\nparam k = 1 == 1\ntopology ring(3)\nvar x : 0..1\nlegitimate : true",
		"t.gcl:2:11: the value of parameter k is a condition; it must be "+integer)
	refused(t, "a topology's argument", "protocol t\ntopology ring(1 < 2)\nvar x : 0..1\nlegitimate : true",
		"t.gcl:2:15: the topology's argument is a condition; it must be "+integer)
}

// Issue 33, item 7: what is well typed compiles: conditions compared with == and !=, an if
// of either type, enumerations and pointers (integers), count compared with an integer, a
// quantifier's name that hides a let, an action's old(E) of either type.
func TestWellTyped(t *testing.T) {
	src := "protocol t\nparam n = 3\ntopology ring(n)\nvar x : 0..2\nvar c : {red, blue}\nvar par : neighbors + {none}\n" +
		"let zero = x == 0\nlet up = (x + 1) % 3\n" +
		"rule r : zero == (c == red) and par != none -> x := if zero then up else 0, c := blue\n" +
		"rule s(q in neighbors) : not zero and x[q] < up -> par := q\n" +
		"legitimate : count(q in procs : x[q] == 0) == 1 and sum(q in procs : x[q]) >= 0 and exists(zero in procs : zero == 1)\n" +
		"invariant i : (if true then x[0] else 1) >= 0 and (x[0] == 0) != (x[1] == 0) or not enabled(0)\n" +
		"action a : old(x[0] == 0) != (x[0] == 0) or moved(0) or old(x[0]) == x[0]\n"
	pr, err := build(src)
	if err != nil {
		t.Fatal(err)
	}
	pr.Legit(pr.Schema().NewState())
	for _, pattern := range []string{"../../examples/protocols/*.gcl", "../../examples/protocols/broken/*.gcl"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := build(string(data)); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}
