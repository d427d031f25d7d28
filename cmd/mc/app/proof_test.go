package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A proof file is validated, run by run, before any runs, as mc check validates its flags:
// parameters out of range or unknown, a run that expects nothing without saying so, a trace
// pinned on a check that holds are input errors (exit 2), never a panic or a pass. Missing
// parameters take the model's defaults; topology: chooses a model's tree.
func TestProofValidation(t *testing.T) {
	for _, c := range []struct {
		name, run string
		code      int
		out       string // in stdout or stderr
	}{
		{"parameter out of range", "model: arrow\n    params: {n: 3, F: 1, weaken: 5}\n    checks: [characterise]\n    expect: {verdict: holds}", exitUsage, "parameter weaken = 5 is outside 0..2"},
		{"F out of range", "model: arrow\n    params: {n: 3, F: 9}\n    checks: [closure]\n    expect: {verdict: holds}", exitUsage, "parameter F = 9 is outside 1..4"},
		{"unknown parameter", "model: arrow\n    params: {n: 3, foo: 1}\n    checks: [closure]\n    expect: {verdict: holds}", exitUsage, `has no parameter "foo"`},
		{"delay out of range", "model: ssarrow\n    params: {delay: 9}\n    checks: [closure]\n    expect: {verdict: holds}", exitUsage, "parameter delay = 9 is outside 1..3"},
		{"no expect", "model: dijkstra\n    params: {n: 4, K: 2}\n    checks: [convergence]", exitUsage, "no expect: block"},
		{"empty expect", "model: dijkstra\n    checks: [convergence]\n    expect: {}", exitUsage, "expect: lists nothing"},
		{"trace on a check that holds", "model: dijkstra\n    params: {n: 4, K: 3}\n    checks: [convergence]\n    expect: {verdicts: {convergence: holds}, trace_steps: {convergence: 8}}", exitUsage, "a check that holds has no trace"},
		{"unknown verdict", "model: dijkstra\n    checks: [closure]\n    expect: {verdicts: {closure: hold}}", exitUsage, "unknown verdict"},
		{"defaults fill in", "model: dijkstra\n    params: {n: 4}\n    checks: [closure, convergence, worst-case]\n    expect: {verdict: holds, states: 256}", exitHolds, "ok"}, // K follows n
		{"expects nothing, says so", "model: dijkstra\n    params: {n: 4, K: 2}\n    checks: [convergence]\n    expect: {verdict: any}", exitHolds, "ok"},
		{"the overall verdict", "model: dijkstra\n    params: {n: 4, K: 2}\n    checks: [convergence]\n    expect: {verdict: holds}", exitViolated, "verdict: expected holds, got violated"},
		{"a topology", "model: arrow\n    topology: star\n    params: {n: 5}\n    checks: [characterise]\n    expect: {verdict: holds, states: 189}", exitHolds, "ok"},
		{"a topology file sets n", "model: arrow\n    topology: ../../../testdata/topologies/tree5.dot\n    params: {n: 3}\n    checks: [closure]\n    expect: {verdict: holds}", exitHolds, "ok"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "proof.yaml")
			os.WriteFile(path, []byte("runs:\n  - name: "+c.name+"\n    "+c.run+"\n"), 0o644)
			code, out, stderr := mc(t, "verify", path)
			if code != c.code || !strings.Contains(out+stderr, c.out) || strings.Contains(stderr, "panic") {
				t.Fatalf("exit %d, want %d with %q:\n%s%s", code, c.code, c.out, out, stderr)
			}
		})
	}
}

// A topology file far larger than the model allows is refused, from its size, before a model
// is built on it: quickly and in little memory (a path of 200,000 nodes grew by 80 MB/s).
func TestLargeTopologyRefusedFirst(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000 // a tenth: refused as fast, parsed in a tenth of the time
	}
	var b strings.Builder
	b.WriteString("graph g {\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  n%d -- n%d\n", i-1, i)
	}
	b.WriteString("}\n")
	path := filepath.Join(t.TempDir(), "path.dot")
	os.WriteFile(path, []byte(b.String()), 0o644)
	start := time.Now()
	code, _, stderr := mc(t, "check", "arrow", "--topology", path)
	if code != exitUsage || !strings.Contains(stderr, fmt.Sprintf("has %d nodes; model arrow runs on 2..8", n)) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("refused after %v", took)
	}
}

// A saved run whose parameters, move labels or counterexamples were edited does not replay:
// a parameter out of range is an input error before anything is built (n = 10^12 ran out of
// memory), an edited move or a missing counterexample is exit 1; the saved run as written
// replays.
func TestReplayRejectsEditedRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	if code, _, _ := mc(t, "check", "dijkstra", "-p", "n=4", "-p", "K=2", "--check", "closure,convergence", "--trace-out", path); code != exitViolated {
		t.Fatalf("check exit %d", code)
	}
	saved, _ := os.ReadFile(path)
	for _, c := range []struct {
		name, old, new string
		code           int
		says           string
	}{
		{"as saved", "", "", exitHolds, ""},
		{"an unknown key", `"model":`, `"modle": "x", "model":`, exitUsage, "unknown field"},
		{"n of 10^12", `"n": 4`, `"n": 1000000000000`, exitUsage, "parameter n = 1000000000000 is outside 2..64"},
		{"a process", `"process": 2`, `"process": 1`, exitViolated, "the saved run names P1 copy, the step of index"},
		{"a rule", `"rule": "increment"`, `"rule": "copy"`, exitViolated, "the saved run names P0 copy"},
		{"no counterexample", `"trace": {`, `"untrace": {`, exitViolated, "convergence is violated, and the saved run has no counterexample"},
	} {
		edited := strings.Replace(string(saved), c.old, c.new, 1)
		if c.old != "" && edited == string(saved) {
			t.Fatalf("%s: nothing to edit", c.name)
		}
		if c.name == "no counterexample" { // remove the trace
			i := strings.Index(edited, `"untrace": {`)
			edited = edited[:i] + `"detail": ""` + edited[closing(edited, i+len(`"untrace": `)):]
		}
		p := filepath.Join(t.TempDir(), "edited.json")
		os.WriteFile(p, []byte(edited), 0o644)
		code, _, stderr := mc(t, "replay", p)
		if code != c.code || !strings.Contains(stderr, c.says) {
			t.Errorf("%s: exit %d, want %d with %q: %s", c.name, code, c.code, c.says, stderr)
		}
	}
}

// closing is the position just past the JSON object that starts at s[i].
func closing(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return len(s)
}
