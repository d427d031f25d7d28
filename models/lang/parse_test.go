package lang

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// The Dijkstra ring of examples/protocols/dijkstra.gcl parses into its declarations.
func TestParseDijkstra(t *testing.T) {
	src, err := os.ReadFile("../../examples/protocols/dijkstra.gcl")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse("dijkstra.gcl", string(src))
	if err != nil {
		t.Fatal(err)
	}
	if f.Protocol.Name != "dijkstra" || len(f.Params) != 2 || f.Topology.Kind != "oriented_ring" || len(f.Vars) != 1 ||
		len(f.Rules) != 2 || f.Legit == nil || len(f.Checks) != 4 || f.Checks[2].Name != "worst-case" || len(f.Properties) != 1 {
		t.Fatalf("%+v", f)
	}
	r := f.Rules[0]
	if r.Name.Name != "bottom" || r.Where == nil || len(r.Assigns) != 1 || r.Assigns[0].Var.Name != "x" {
		t.Fatalf("%+v", r)
	}
	// x := (x + 1) % K: a % of a + and a name.
	if b, ok := r.Assigns[0].Value.(*Binary); !ok || b.Op != "%" || b.L.(*Binary).Op != "+" || b.R.(*Name).Name != "K" {
		t.Fatalf("%#v", r.Assigns[0].Value)
	}
	q, ok := f.Legit.(*Binary).L.(*Quant)
	if !ok || q.Op != "count" || q.Var.Name != "q" {
		t.Fatalf("%#v", f.Legit)
	}
}

// Every syntax error is one message at file:line:col, with the line and a caret under the
// column, saying what was expected.
func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"protocol", "f.gcl:1:9: expected the protocol's name, found the end of the file"},
		{"param n = ", "f.gcl:1:11: expected an expression, found the end of the file"},
		{"var x : 0..", "f.gcl:1:12: expected an expression"},
		{"var x : {a, }", "f.gcl:1:13: expected a value's name, found \"}\""},
		{"rule r : x == 1 x := 0", "f.gcl:1:17: expected \"->\", found \"x\""},
		{"legitimate : a < b < c", "f.gcl:1:20: comparisons do not chain"},
		{"topology torus(3)", "f.gcl:1:10: expected a topology (ring, oriented_ring, path, star, grid, complete, random)"},
		{"check closure,", "f.gcl:1:15: expected a check's name, found the end of the file"},
		{"frobnicate", "f.gcl:1:1: expected a declaration"},
		{"legitimate : x # 1", "f.gcl:1:16: unexpected character '#'"},
		{"protocol a\nprotocol b", "f.gcl:2:1: a second protocol declaration (the first is at line 1)"},
		{"legitimate : count(q in procs x[q] == 0)", "f.gcl:1:31: expected \":\", found \"x\""},
		{"topology \"g.dot", "f.gcl:1:10: a string that does not end on its line"},
		{"param n = 12345678901", "f.gcl:1:11: the number 12345678901 is too large"},
	} {
		_, err := Parse("f.gcl", c.src)
		var e *Error
		if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v\nwant %s", c.src, err, c.want)
			continue
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != 3 || !strings.HasSuffix(lines[2], "^") || len([]rune(lines[2])) != e.Pos.Col+1 {
			t.Errorf("%q: no caret under column %d:\n%s", c.src, e.Pos.Col, err)
		}
	}
}

// The parser never panics, and fails only with an *Error; a file that parses compiles or
// fails with an error, and a compiled one evaluates without a panic (seed corpus in
// testdata/fuzz/FuzzParse at the repository's root, as for the other fuzz tests, and the
// library of examples/protocols).
func FuzzParse(f *testing.F) {
	dir := "../../testdata/fuzz/FuzzParse"
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		data, err := os.ReadFile(dir + "/" + e.Name())
		if err != nil {
			f.Fatal(err)
		}
		src, ok := fuzzString(string(data))
		if !ok {
			f.Fatalf("%s: not a corpus file", e.Name())
		}
		f.Add(src)
	}
	for _, pattern := range []string{"../../examples/protocols/*.gcl", "../../examples/protocols/broken/*.gcl"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			data, _ := os.ReadFile(name)
			f.Add(string(data))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := Parse("fuzz.gcl", src)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("%T: %v", err, err)
		}
		if err == nil {
			runCompiled(t, file)
		}
	})
}

// runCompiled compiles a parsed file and, if it compiles, evaluates everything of it on the
// zero configuration: errors and breaches are fine, a panic or a hang is not.
func runCompiled(t *testing.T, file *File) {
	pr, err := Compile(file, nil, nil)
	if err != nil && strings.Contains(err.Error(), "internal error") {
		t.Fatal(err)
	}
	if err != nil || pr.schema.Width() > 1<<12 {
		return
	}
	s := pr.schema.NewState()
	pr.Legit(s)
	for _, inv := range pr.Invariants() {
		inv.Holds(s)
	}
	for _, prop := range pr.Temporal() {
		for _, f := range prop.Parts {
			f.P(s)
			if f.Q != nil {
				f.Q(s)
			}
		}
	}
	for p := range pr.g.n {
		for _, r := range pr.Enabled(s, p, nil) {
			pr.Fire(s, []model.Move{{Proc: p, Rule: r}}, slices.Clone(s))
		}
	}
	pr.AppendCentral(s, &model.Batch{})
	pr.Init()
}

// fuzzString reads a corpus file of one string, as go test writes them.
func fuzzString(data string) (string, bool) {
	rest, ok := strings.CutPrefix(data, "go test fuzz v1\nstring(")
	if !ok {
		return "", false
	}
	rest = strings.TrimSuffix(strings.TrimSpace(rest), ")")
	s, err := strconv.Unquote(rest)
	return s, err == nil
}
