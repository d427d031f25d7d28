package lang_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// Issue 33, item 8: a file begins with `protocol NAME` (the name mc list and the reports
// show): a file without one, or with it after another declaration, is refused at its first
// declaration.
func TestProtocolRequired(t *testing.T) {
	const rest = "param n = 3\ntopology ring(n)\nvar x : 0..1\nlegitimate : true\n"
	const want = "a protocol file must begin with protocol NAME"
	refused(t, "no protocol", rest, "t.gcl:1:1: "+want)
	refused(t, "a comment, then no protocol", "// a ring\n\n"+rest, "t.gcl:3:1: "+want)
	refused(t, "protocol second", rest+"protocol t\n", "t.gcl:1:1: "+want)
	refused(t, "an empty file", "", "t.gcl:1:1: "+want)
	if _, err := build("// a ring\nprotocol t\n" + rest); err != nil {
		t.Fatal(err)
	}
}

// Issue 33, item 8: two rules of one name would make a trace's move ambiguous: the second
// is refused at its name, which says where the first is.
func TestDuplicateRuleNames(t *testing.T) {
	refused(t, "two rules r", head+"rule r : x == 0 -> x := 1\nrule r : x == 1 -> x := 2\nlegitimate : true",
		"t.gcl:6:6: a second rule r (the first is at line 5)")
	refused(t, "two rules with parameters", head+"rule r(q in neighbors) : x[q] == 0 -> x := 1\nlegitimate : true\nrule r : x == 1 -> x := 2",
		"t.gcl:7:6: a second rule r (the first is at line 5)")
}

// Issue 33, item 8: a misspelled check in a file's check declaration is refused at its name,
// with the list of the checks, which is the checker's.
func TestUnknownCheckName(t *testing.T) {
	var names []string
	for _, c := range checker.AllChecks {
		names = append(names, string(c))
	}
	list := "(want one of " + strings.Join(names, ", ") + ")"
	refused(t, "convergance", head+"legitimate : true\ncheck closure, convergance", "t.gcl:6:16: unknown check \"convergance\" "+list)
	refused(t, "worst-cas", head+"legitimate : true\ncheck worst-cas, closure", "t.gcl:6:7: unknown check \"worst-cas\"")
	if _, err := build(head + "legitimate : true\ncheck " + strings.Join(names, ", ")); err != nil {
		t.Fatal(err)
	}
}

// Issue 33, item 8: an enumeration of more values than a domain holds is refused at its
// place, naming the variable as written (not the state's y0); so is a pointer whose
// neighbours and names are too many at some process.
func TestEnumTooLarge(t *testing.T) {
	names := func(k int) string {
		var b strings.Builder
		for i := range k {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "v%d", i)
		}
		return b.String()
	}
	refused(t, "100,000 names", head+"var y : {"+names(100_000)+"}\nlegitimate : true",
		"t.gcl:5:9: the domain of y has 100000 values; a domain has at most 256")
	refused(t, "a pointer", head+"var par : neighbors + {"+names(256)+"}\nlegitimate : true",
		"t.gcl:5:11: the domain of par has 257 values at process 0; a domain has at most 256")
	if _, err := build(head + "var y : {" + names(256) + "}\nlegitimate : true"); err != nil {
		t.Fatal(err)
	}
}

// Issue 33, item 8: argmin and argmax over an empty set have no member to give: a model
// error at their place, as min and max are (they once gave -1).
func TestArgOverEmptySet(t *testing.T) {
	for _, op := range []string{"argmin", "argmax", "min", "max"} {
		pr, err := build(head + "legitimate : " + op + "(q in 1..0 : q) == -1")
		if err != nil {
			t.Fatal(err)
		}
		pr.Legit(model.State{0, 0, 0})
		if err := pr.Violation(); err == nil || !strings.HasPrefix(err.Error(), "t.gcl:5:14: "+op+" over an empty set") {
			t.Errorf("%s over an empty set: %v", op, err)
		}
	}
}
