package lang_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/lang"
)

// head is a file's start that compiles; what a test adds starts on line 5.
const head = "protocol t\nparam n = 3\ntopology oriented_ring(n)\nvar x : 0..2\n"

// build parses and compiles src, as t.gcl.
func build(src string) (*lang.Program, error) {
	f, err := lang.Parse("t.gcl", src)
	if err != nil {
		return nil, err
	}
	return lang.Compile(f, nil, nil)
}

// refused checks that src is refused with a *lang.Error whose text starts with want.
func refused(t *testing.T, what, src, want string) {
	t.Helper()
	_, err := build(src)
	var e *lang.Error
	if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%s: got %.300v\nwant %s", what, err, want)
	}
}

// Issue 33, item 6: every kind of nesting the parser recurses on, and the height a chain of
// operators builds (which the compiler and the evaluator recurse on), is refused past 256
// levels at the place of the first level too many, without a crash or a gigabyte of stack:
// 150,000 parentheses once overflowed the stack, 100,000 unclosed ones took 900 MB before an
// error. 200 levels of each parse, and those that are conditions compile and evaluate.
func TestNestingLimit(t *testing.T) {
	rep := strings.Repeat
	for _, c := range []struct {
		name    string
		expr    func(d int) string
		col     int // the column of the level too many (the expression starts at 14)
		compile bool
	}{
		{"parentheses", func(d int) string { return rep("(", d) + "true" + rep(")", d) }, 14 + 256, true},
		{"not", func(d int) string { return rep("not ", d) + "true" }, 14 + 256*4, true},
		{"minus", func(d int) string { return rep("-", d) + "1 == 0" }, 14 + 256, true},
		{"if", func(d int) string { return rep("if true then ", d) + "true" + rep(" else true", d) }, 14 + 256*13, true},
		{"brackets", func(d int) string { return rep("x[", d) + "0" + rep("]", d) + " == 0" }, 15 + 256*2, false},
		{"calls", func(d int) string { return rep("abs(", d) + "1" + rep(")", d) + " == 1" }, 14 + 256*4, true},
		{"quantifier bodies", func(d int) string { return rep("exists(q in procs : ", d) + "true" + rep(")", d) }, 14 + 256*20, false},
		{"quantifier sets", func(d int) string { // two levels each, the quantifier and its ..: at 300, the 22nd .. is 257 high
			return rep("exists(q in 0..", d/2) + "1" + rep(" : true)", d/2)
		}, 14 + 21*15 + 13, false},
		{"a chain of operators", func(d int) string { return "1" + rep(" + 1", d) + " == 0" }, 16 + 256*4, true},
		{"a chain of indices", func(d int) string { return "x[0]" + rep("[0]", d) + " == 0" }, 15 + 256*3, false},
	} {
		want := fmt.Sprintf("t.gcl:5:%d: an expression nests at most 256 deep", c.col)
		refused(t, c.name+" 300 deep", head+"legitimate : "+c.expr(300), want)
		src := head + "legitimate : " + c.expr(200)
		if !c.compile {
			if _, err := lang.Parse("t.gcl", src); err != nil {
				t.Errorf("%s 200 deep: %.300v", c.name, err)
			}
			continue
		}
		pr, err := build(src)
		if err != nil {
			t.Errorf("%s 200 deep: %.300v", c.name, err)
			continue
		}
		pr.Legit(model.State{0, 0, 0})
	}
	for _, d := range []int{150_000, 300_000} { // once a stack overflow (150,000 parentheses), or 23 s (minus)
		refused(t, fmt.Sprint(d, " parentheses"), head+"legitimate : "+rep("(", d)+"true"+rep(")", d), "t.gcl:5:270: an expression nests at most 256 deep")
		refused(t, fmt.Sprint(d, " minus signs"), head+"legitimate : "+rep("-", d)+"1 == 0", "t.gcl:5:270: an expression nests at most 256 deep")
	}
	// The error shows the line around its column, not 300,000 characters of it twice.
	if _, err := lang.Parse("t.gcl", head+"legitimate : "+rep("(", 300_000)); err == nil || len(err.Error()) > 400 ||
		!strings.Contains(err.Error(), "…(((") {
		t.Errorf("the error of a long line: %d bytes: %.400v", len(fmt.Sprint(err)), err)
	}
	refused(t, "100,000 unclosed parentheses", head+"legitimate : "+rep("(", 100_000), "t.gcl:5:270: an expression nests at most 256 deep")
}

// Issue 33, items 6 and 8: a let is a macro, so the compiler (and the closures it builds)
// recurse through a chain of lets as deep as the chain: the nesting limit counts each use of
// a let as a level, and refuses at the outermost use a chain that expands past it (20,000
// chained lets once took 8 s, quadratic in the lookups of the lets). A chain of lets that
// doubles at each step expands exponentially: refused by the size of the expansion.
func TestLetChains(t *testing.T) {
	chain := func(k int) string {
		var b strings.Builder
		b.WriteString(head + "let l0 = x[0]\n")
		for i := 1; i <= k; i++ {
			fmt.Fprintf(&b, "let l%d = l%d + 1\n", i, i-1)
		}
		return b.String()
	}
	refused(t, "20,000 chained lets", chain(20_000)+"legitimate : l20000 == 0\n",
		"t.gcl:20006:14: l20000 expands to an expression nested more than 256 deep")
	refused(t, "300 chained lets in a rule", chain(300)+"rule r : l300 == 0 -> x := 1\nlegitimate : true\n",
		"t.gcl:306:10: l300 expands to an expression nested more than 256 deep")
	if _, err := build(chain(120) + "legitimate : l120 == 0\n"); err != nil { // 240 levels
		t.Errorf("120 chained lets: %v", err)
	}
	var b strings.Builder
	b.WriteString(head + "let d0 = x[0]\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "let d%d = d%d + d%d\n", i, i-1, i-1)
	}
	refused(t, "doubling lets", b.String()+"legitimate : d40 == 0\n", "t.gcl:46:14: the file's expressions, with their lets expanded, have more than 1048576 nodes")
}

// Issue 33, item 8: many lets compile in time linear in their number (a let's name was looked
// up by a scan of every let, at every use and by every static check: quadratic, seconds for
// tens of thousands). 40,000 lets in chains of 100, each chain's end used by an invariant, take
// a few tens of milliseconds; the quadratic lookups took over ten seconds. The bound is
// generous: a loaded machine passes, a quadratic compiler does not.
func TestManyLetsCompileLinearly(t *testing.T) {
	var b strings.Builder
	b.WriteString(head + "legitimate : true\n")
	for c := range 400 {
		fmt.Fprintf(&b, "let c%d_0 = x[0]\n", c)
		for i := 1; i < 100; i++ {
			fmt.Fprintf(&b, "let c%d_%d = c%d_%d + 1\n", c, i, c, i-1)
		}
		fmt.Fprintf(&b, "invariant i%d : c%d_99 >= 0\n", c, c)
	}
	done := make(chan error, 1)
	go func() {
		_, err := build(b.String())
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("40,000 lets still compiling after 3 s: the lookups are not linear")
	}
}

// Issue 33, item 6 (the evaluator within the parser's limit): an operand is evaluated once.
// abs(E) evaluated E twice, and a count compared with E twice, so that nesting within the
// limit (abs(abs(…)), a count compared with an if of a count compared with …) doubled the
// work at each level: 2^100 evaluations of 100 levels, for one configuration.
func TestEvaluatesOperandsOnce(t *testing.T) {
	rep := strings.Repeat
	counts := rep("count(q in procs : x[q] == 0) == (if ", 100) + "true" + rep(" then 1 else 0)", 100)
	src := head + "legitimate : " + rep("abs(", 200) + "1" + rep(")", 200) + " == 1\ninvariant i : " + counts + "\n"
	pr, err := build(src)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan bool, 1)
	go func() {
		done <- pr.Legit(model.State{0, 0, 0}) && !pr.Invariants()[0].Holds(model.State{0, 0, 0})
	}()
	select {
	case ok := <-done:
		if !ok {
			t.Fatal("wrong values")
		}
	case <-time.After(3 * time.Second):
		t.Fatal("evaluating 200 abs and 100 counts still running after 3 s: operands evaluated twice")
	}
}
