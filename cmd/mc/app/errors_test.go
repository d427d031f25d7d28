package app

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
)

const (
	overflowFile = "../../../testdata/errors/overflow.gcl"
	zeroRing     = "../../../testdata/errors/ring3-zero.dot"
)

// A model error prints where it happened: the place in the file with its line and caret, then
// the configuration as a trace's row, after the shortest execution that reaches it from an
// initial configuration (replayed); from every configuration, the configuration alone. Exit 2,
// nothing on stdout.
func TestModelErrorSaysWhere(t *testing.T) {
	head := "mc: " + overflowFile + ":9:27: rule up of process 2 writes x = 4, outside 0..3\n" +
		"\trule up : x <= x[left] -> x := x + 1\n" +
		"\t                          ^\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", overflowFile}, head + `in this configuration, an initial one:
  # step x0 x1 x2 enabled
  0       0  3  3 P0 P2
  x0 x1 x2  x of P0, P1, P2
  enabled   the processes with an enabled rule
`},
		{[]string{"check", overflowFile, "--topology", zeroRing}, strings.Replace(head, "process 2", "process p2", 1) + `in the last configuration of this execution, a shortest from an initial one (8 steps):
  # step   x0  x1  x2 enabled
  0         0   0   0 p0 p1 p2
  1 p0 up [1]   0   0 p1 p2
  2 p1 up   1 [1]   0 p1 p2
  3 p1 up   1 [2]   0 p2
  4 p2 up   1   2 [1] p0 p2
  5 p0 up [2]   2   1 p1 p2
  6 p1 up   2 [3]   1 p2
  7 p2 up   2   3 [2] p0 p2
  8 p2 up   2   3 [3] p0 p2
  step      the moves into the configuration (p0 up: p0 moved, by its rule up)
  x0 x1 x2  x of p0, p1, p2
  [v]       a value the step changed
  enabled   the processes with an enabled rule
`},
		{[]string{"simulate", overflowFile, "--runs", "5", "--seed", "1", "--workers", "1"}, head + `in this configuration, an initial one:
  # step x0 x1 x2 enabled
  0       2  3  3 P0 P2
  x0 x1 x2  x of P0, P1, P2
  enabled   the processes with an enabled rule
`},
	} {
		code, out, stderr := mc(t, c.args...)
		if code != exitUsage || out != "" || stderr != c.want {
			t.Errorf("mc %s: exit %d, stdout %q, stderr:\n%s\nwant:\n%s", strings.Join(c.args, " "), code, out, stderr, c.want)
		}
	}
}

// errorOf parses the JSON object an error is under --json.
func errorOf(t *testing.T, out string) errorBody {
	t.Helper()
	var e errorJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		t.Fatalf("not an error object: %v: %s", err, out)
	}
	return e.Error
}

// Under --json an error is a JSON object on stdout, exit 2 still: a model error with its
// place, configuration and path (the path's actions by process and rule, as a check's trace);
// a usage error; a file that is not there; a protocol file that does not parse, with its place.
func TestJSONErrors(t *testing.T) {
	code, out, _ := mc(t, "check", overflowFile, "--topology", zeroRing, "--json")
	e := errorOf(t, out)
	want := errorBody{Kind: "model", Message: "rule up of process p2 writes x = 4, outside 0..3", // the file names the processes
		Position:      &positionJSON{File: overflowFile, Line: 9, Col: 27},
		Configuration: &configurationJSON{Variables: []string{"x0", "x1", "x2"}, Values: []any{2.0, 3.0, 3.0}}}
	path := e.Path
	e.Path = nil
	if code != exitUsage || !reflect.DeepEqual(e, want) || path == nil || len(path.States) != 9 || len(path.Actions) != 8 ||
		!reflect.DeepEqual(path.States[8], []any{2.0, 3.0, 3.0}) || path.Actions[7].Moves[0] != (trace.Move{Process: 2, Rule: "up"}) {
		t.Fatalf("exit %d: %s", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.gcl")
	os.WriteFile(bad, []byte("protocol t\nparam n = 3\ntopology oriented_ring(n)\nvar x : 0..2\nrule r : y == 0 -> x := 1\nlegitimate : true\n"), 0o644)
	for _, c := range []struct {
		args []string
		want errorBody
	}{
		{[]string{"check", "dijkstra", "--daemon", "foo", "--json"}, errorBody{Kind: "usage", Message: `unknown daemon "foo" (want one of central, locally-central, distributed, synchronous)`}},
		{[]string{"simulate", "dijkstra", "--runs", "0", "--json"}, errorBody{Kind: "usage", Message: "simulate at least one run"}},
		{[]string{"check", "nonexist.gcl", "--json"}, errorBody{Kind: "input", Message: "protocol file nonexist.gcl: no such file", File: "nonexist.gcl"}},
		{[]string{"check", bad, "--json"}, errorBody{Kind: "input", Message: "unknown name y", Position: &positionJSON{File: bad, Line: 5, Col: 10}}},
		{[]string{"simulate", overflowFile, "--runs", "5", "--seed", "1", "--json"}, errorBody{Kind: "model", Message: "rule up of process 2 writes x = 4, outside 0..3",
			Position:      &positionJSON{File: overflowFile, Line: 9, Col: 27},
			Configuration: &configurationJSON{Variables: []string{"x0", "x1", "x2"}, Values: []any{2.0, 3.0, 3.0}}}},
	} {
		code, out, stderr := mc(t, c.args...)
		e := errorOf(t, out)
		e.Path = nil
		if code != exitUsage || !reflect.DeepEqual(e, c.want) || !strings.HasPrefix(stderr, "mc: ") {
			t.Errorf("mc %s: exit %d: %s%s", strings.Join(c.args, " "), code, out, stderr)
		}
	}
}

// A file that is not there, or is a directory, is said with the flag or the role that named it,
// never as the system's raw stat error.
func TestFileErrorsNameTheFlag(t *testing.T) {
	dir := t.TempDir()
	proof := filepath.Join(dir, "p.yaml")
	os.WriteFile(proof, []byte("runs:\n  - name: r\n    model: arrow\n    topology: nonexist.dot\n    checks: [characterise]\n    expect: {verdict: holds}\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "nonexist.gcl"}, "protocol file nonexist.gcl: no such file"},
		{[]string{"list", "nonexist.gcl"}, "protocol file nonexist.gcl: no such file"},
		{[]string{"check", overflowFile, "--topology", "nonexist.dot"}, "--topology nonexist.dot: no such file"},
		{[]string{"check", "arrow", "--topology", "nonexist.dot"}, "--topology nonexist.dot: no such file"},
		{[]string{"simulate", "arrow", "--topology", "nonexist.dot"}, "--topology nonexist.dot: no such file"},
		{[]string{"verify", "nonexist.yaml"}, "proof file nonexist.yaml: no such file"},
		{[]string{"verify", dir}, "proof file " + dir + ": a directory, not a file"},
		{[]string{"verify", proof}, proof + `: run 1 ("r"): topology nonexist.dot: no such file`},
		{[]string{"replay", "nonexist.json"}, "saved run nonexist.json: no such file"},
		{[]string{"check", "--resume", "nonexist"}, "--resume: no checkpoint in nonexist"},
	} {
		code, _, stderr := mc(t, c.args...)
		if code != exitUsage || stderr != "mc: "+c.want+"\n" {
			t.Errorf("mc %s: exit %d, %q; want %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
}

// usageErrors are command lines mc must refuse as bad input (TestUsageErrors).
var usageErrors = [][]string{
	{"check", "nosuch"},
	{"check", "dijkstra", "--daemon", "foo"},
	{"check", "dijkstra", "--check", "foo"},
	{"check", "dijkstra", "--param", "K=1"},
	{"check", "dijkstra", "--param", "n=x"},
	{"check", "dijkstra", "--param", "n=3..2"},
	{"check", "dijkstra", "--param", "n=3..5"},
	{"check", "dijkstra", "--param", "q=3"},
	{"check", "dijkstra", "--param", "n"},
	{"check", "dijkstra", "--fairness", "strong"},
	{"check", "dijkstra", "--bogus"},
	{"check", "dijkstra", "--workers", "-1"},
	{"check"},
	{"check", "dijkstra", "--param", "n=64", "--param", "K=256"},
	{"sweep", "dijkstra", "--search", "zz"},
	{"replay", "/nonexistent/trace.json"},
	{"verify", "/nonexistent/proof.yaml"},
	{"list", "extra"},
	{"list", "nosuch.gcl"},
	{"check", "dijkstra", "--topology", "star"},
	{"check", "arrow", "--topology", "ring"},
	{"check", "arrow", "--topology", "../../../testdata/topologies/cycle3.dot"},
	{"check", "arrow", "--topology", "../../../testdata/topologies/broken.dot"},
	{"check", "arrow", "--check", "characterise", "-p", "F=9"},
	{"check", "arrow", "--daemon", "dd"},
	{"check", "dijkstra", "--mem", "lots"},
	{"check", "dijkstra", "-p", "n=9", "-p", "K=9", "--mem", "64MiB"},
	{"check", "arrow", "--topology", "all", "--trace-out", "/nonexistent/x.json"},
	{"check", "ssarrow", "--dir", "/proc/no/such/dir"},
	{"check", "ssarrow", "--checkpoint-every", "1m"},
	{"check", "dijkstra", "--dir", os.TempDir() + "/mc-dense-has-no-checkpoints"},
	{"check", "arrow", "--topology", "all", "--dir", os.TempDir() + "/mc-all"},
	{"check", "--resume", "/nonexistent/run"},
	{"check", "ssarrow", "--resume", "/nonexistent/run"},
	{"check", "--resume", "/nonexistent/run", "--lint"},
	{"check", "ssarrow", "--store", "disk"},
	{"check", "ssarrow", "--store", "lsm", "--dir", os.TempDir() + "/mc-lsm"},
	{"check", "ssarrow", "--store", "badger"},
	{"foo"},
	{},
	{"check", "dijkstra", "--check", ""},
	{"check", "dijkstra", "--check", " "},
	{"check", "dijkstra", "--timeout", "-1s"},
	{"check", "dijkstra", "--max-states", "0"},
	{"check", "dijkstra", "-p", "n=3", "-p", "n=4"},
	{"sweep", "dijkstra", "-p", "n=3", "-p", "K=2..3"},
	{"sweep", "arrow"},
	{"sweep", "arrow", "--search", "q"},
	{"sweep", "dijkstra", "--check", ""},
	{"check", "arvy", "-p", "newparent=sideways"},
	{"check", "arvy", "-p", "n=3", "-p", "newparent=bridge"},
	{"check", "arvy", "-p", "newparent=bridge", "--topology", "iso"},
	{"check", "arvy", "-p", "n=4", "-p", "newparent=bridge", "--topology", "path"},
	{"check", "arvy", "--topology", "ring"},
	{"arvy-ratio", "--n", "5"},
	{"arvy-ratio", "--n", "10"},
	{"arvy-ratio", "--newparent", "any"},
	{"arvy-ratio", "--length", "0"},
	{"arvy-ratio", "extra"},
	{"arvy-ratio", "--requests", "9"},
	{"arvy-ratio", "--n", "4", "--requests", "1,1"},
	{"arvy-ratio", "--requests", "ring", "--tree", "star"},
	{"arvy-ratio", "--newparent", "bridge", "--requests", "ring", "--tree", "path"},
	{"arvy-ratio", "--newparent", "ivy", "--tree", "all"},
	{"arvy-ratio", "--tree", "path"},
	{"arvy-ratio", "--weights", "1,2,0,1"},
	{"arvy-ratio", "--weights", "1,2,3"},
	{"check", "dijkstra", "--reading", "sideways"},
	{"simulate", "dijkstra", "--scheduler", "lazy"},
	{"simulate", "dijkstra", "--scheduler", "postpone", "--daemon", "dd"},
	{"simulate", "dijkstra", "--runs", "0"},
	{"simulate", "arrow", "--topology", "all"},
	{"simulate"},
	{"check", "dijkstra", "--symmetry", "rotation"},
	{"check", "maxring", "--check", "recovery", "--faults", "1", "--end", "elsewhere"},
	{"check", "maxring", "--end", "start"},
	{"check", "dijkstra", "--reduce", "blocks"},
	{"check", "dijkstra", "--daemon", "dd", "--reduce", "blocks"},
	{"check", "dijkstra", "--daemon", "dd", "--reduce", "blocks", "--check", "convergence"},
	{"check", "dijkstra", "--daemon", "dd", "--reduce", "stubborn", "--check", "closure"},
	{"check", "maxring", "--symmetry", "mirror"},
	{"check", "maxring", "--symmetry", "rotation", "--fairness", "weak"},
	{"check", "dijkstra", "--check", "recovery"},
	{"check", "dijkstra", "--check", "recovery,convergence", "--faults", "1"},
	{"check", "dijkstra", "--faults", "1"},
	{"check", "dijkstra", "--check", "recovery", "--faults", "1", "--fault-vars", "y"},
	{"check", "dijkstra", "--check", "recovery", "--faults", "99"},
	{"check", "dijkstra", "--check", "recovery", "--faults", "1", "--fault-values", "300"},
	{"check", "arvy", "--check", "recovery", "--faults", "1"}, // no initial configuration is legitimate
	{"check", "dijkstra", "--check", "recovery", "--faults", "1", "--fault-scope", "bytes"},
	{"check", "dijkstra", "--fault-scope", "variable"},
	{"check", "lek", "--check", "recovery", "--faults", "1", "--fault-vars", "qIhome"}, // a byte of a query record
	// issue 33: no value of 5 fits a domain of 3 (once a panic in an explorer's goroutine);
	// refusals that a wrapper once hid from the checker
	{"check", "dijkstra", "-p", "n=3", "-p", "K=3", "--check", "recovery", "--faults", "1", "--fault-values", "5"},
	{"check", "maxring", "-p", "n=4", "-p", "K=2", "--daemon", "distributed", "--reduce", "blocks", "--symmetry", "rotation",
		"--check", "closure,convergence,worst-case"},
	{"check", "dijkstra", "-p", "n=4", "-p", "K=4", "--daemon", "distributed", "--reduce", "blocks", "--check", "recovery", "--faults", "1"},
	{"check", "maxring", "--symmetry", "rotation", "--check", "recovery", "--faults", "1"},
	// issue 34: a file that is not there, or is a directory, named by its flag or its role
	// (TestFileErrorsNameTheFlag has the messages)
	{"check", "nonexist.gcl"},
	{"check", "../../../testdata/errors/overflow.gcl", "--topology", "nonexist.dot"},
	{"check", "arrow", "--topology", "nonexist.dot"},
	{"simulate", "arrow", "--topology", "nonexist.dot"},
	{"verify", os.TempDir()},
	{"replay", os.TempDir()},
	{"list", "nonexist.gcl"},
}

// Bad input: a clear one-line error and exit code 2, never a panic or a verdict.
func TestUsageErrors(t *testing.T) {
	for _, args := range usageErrors {
		code, _, stderr := mc(t, args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code != exitUsage || len(lines) != 1 || !strings.HasPrefix(lines[0], "mc: ") {
			t.Errorf("mc %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
		}
	}
}

// Issue 35: mc asks the checker's one table of combinations from its flags, before it builds
// the model: every row a run description can express is refused with the row's reason, exit
// 2 (the engine's rows are asked by the library, with the options, once the model is built).
func TestFlagsRefusedByTheTable(t *testing.T) {
	rows := 0
	for _, row := range checker.Combinations() {
		args, why, ok := flagsFor(row)
		if !ok {
			continue
		}
		rows++
		if code, _, stderr := mc(t, args...); code != exitUsage || strings.TrimSpace(stderr) != "mc: "+why {
			t.Errorf("mc %s: exit %d, %q; want %q", strings.Join(args, " "), code, stderr, why)
		}
	}
	if rows < 10 { // the six of features and checks, the four of a description (issue 35)
		t.Errorf("only %d rows of the table tried from flags", rows)
	}
}

// flagsFor is a command line with the row's features (the first of each group, on a model
// of the catalogue that has them) and the reason it must be refused with; false when flags
// cannot say the row (faults without the recovery check, what the model's initial set is,
// the engine's rows, which the library asks once the model is built).
func flagsFor(row checker.Combination) (args []string, why string, ok bool) {
	name, daemon, params := "maxring", "", []string{"-p", "n=4", "-p", "K=2"}
	var flags, checks []string
	ok = row.Unless == "" || row.Unless == string(checker.CheckClosure) // convergence without closure
	for _, group := range row.When {
		switch f := group[0]; f {
		case checker.FeatureReduction, checker.FeatureBlocks:
			flags, daemon = append(flags, "--reduce", "blocks"), cmp.Or(daemon, "distributed")
		case checker.FeaturePOR:
			flags = append(flags, "--reduce", "por")
		case checker.FeatureSymmetry:
			flags = append(flags, "--symmetry", "rotation")
		case checker.FeatureWeakFair:
			flags = append(flags, "--fairness", "weakly-fair")
		case checker.FeatureRounds:
			flags = append(flags, "--rounds")
		case checker.FeatureOneEvent:
			name, params = "arrow", nil
		case checker.FeatureInRounds:
			name, params = "leader", nil
		case "central", "locally-central", "distributed", "synchronous":
			daemon = f
		case checker.FeatureShard: // refused before a part is written
			flags = append(flags, "--shard", "0/2", "--part-out", filepath.Join(os.TempDir(), "mc-refused-part.json"))
		case checker.FeatureFaults, checker.FeatureUniverse, checker.FeatureSymbolic, checker.FeatureProtocol,
			checker.FeatureCoins, checker.FeatureRestricted:
			ok = false
		default:
			checks = append(checks, f)
		}
	}
	if len(checks) == 0 {
		checks = []string{"closure"}
	}
	args = append(append([]string{"check", name}, params...), flags...)
	if daemon != "" {
		args = append(args, "--daemon", daemon)
	}
	args = append(args, "--check", strings.Join(checks, ","))
	if slices.Contains(checks, "recovery") {
		args = append(args, "--faults", "1")
	}
	why = strings.NewReplacer("{reduction}", "blocks", "{feature}", row.When[len(row.When)-1][0], "{model}", name,
		"{daemon}", daemon, "{why}", "it passes messages asynchronously").Replace(row.Why)
	return args, why, ok
}
