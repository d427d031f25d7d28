package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A protocol file is checked like a model of the catalogue: Dijkstra's ring written in the
// language gives the regression proof's figures (81 states, 189 transitions, 13 moves at
// n = 4, K = 3), a default that is an expression of another parameter follows it (K = n), its
// counterexample replays, and an error in the file is exit 2 with its file:line:col.
func TestProtocolFile(t *testing.T) {
	file := "../../../examples/protocols/dijkstra.gcl"
	code, out, _ := mc(t, "check", file, "-p", "n=4", "-p", "K=3", "--json")
	if code != exitHolds || !strings.Contains(out, `"states": 81`) || !strings.Contains(out, `"transitions": 189`) || !strings.Contains(out, `"worst_case_moves": 13`) {
		t.Fatalf("exit %d: %s", code, out)
	}
	if code, out, _ := mc(t, "check", file, "-p", "n=6", "--check", "closure"); code != exitHolds || !strings.Contains(out, "n=6 K=6") {
		t.Fatalf("exit %d: %s", code, out)
	}
	saved := filepath.Join(t.TempDir(), "run.json")
	if code, _, _ := mc(t, "check", file, "-p", "n=4", "-p", "K=2", "--check", "convergence", "--trace-out", saved); code != exitViolated {
		t.Fatalf("K = n-2: exit %d", code)
	}
	if code, out, _ := mc(t, "replay", saved); code != 0 || !strings.Contains(out, "every step is a legal step") {
		t.Fatalf("replay: exit %d: %s", code, out)
	}
	// Every kind of error in a file: one line with file:line:col (the source line and a caret
	// follow), exit 2, never a panic or a verdict.
	head := "protocol t\nparam n = 3\ntopology oriented_ring(n)\nvar x : 0..2\n"
	for _, c := range []struct{ src, want string }{
		{head + "rule r : x == 0 -> x := 1 +\nlegitimate : true\n", "bad.gcl:6:1: expected an expression"},
		{head + "rule r : y == 0 -> x := 1\nlegitimate : true\n", "bad.gcl:5:10: unknown name y"},
		{head + "rule r : true -> x := 3\nlegitimate : true\n", "bad.gcl:5:18: rule r of process 0 would write x = 3, outside its domain"},
		{head + "rule r : x == 0 -> x := 3\nlegitimate : true\n", "bad.gcl:5:20: rule r of process 0 writes x = 3, outside 0..2"},
		{head + "rule r : true -> x := x + 1\nlegitimate : true\n", "bad.gcl:5:18: rule r of process 2 writes x = 3, outside 0..2"}, // in 0 0 2, the smallest
		{head + "rule r : x == 0 -> x[left] := 1\nlegitimate : true\n", "bad.gcl:5:20: rule r assigns x[...], but a rule assigns only its own process's variables"},
		{head + "rule r : x[right] == 0 -> x := 1\nlegitimate : true\n", "bad.gcl:5:12: process 0 would read x of process 1, which is not its neighbour"},
		{head + "rule r : x[x] == 0 -> x := 1\nlegitimate : true\n", "bad.gcl:5:12: process "},
	} {
		bad := filepath.Join(t.TempDir(), "bad.gcl")
		os.WriteFile(bad, []byte(c.src), 0o644)
		code, out, stderr := mc(t, "check", bad)
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || !strings.Contains(first, c.want) || strings.Contains(out, "holds") {
			t.Errorf("%q: exit %d: %s%s\nwant exit 2 and %q", c.src, code, out, stderr, c.want)
		}
	}
}

// SASA's topology files (issue 17's acceptance): a directed ring of 4 as SASA's generator
// writes it runs Dijkstra's ring from its file with the root's rules on p0, and gives the Go
// model's figures; on a ring whose root.ml is p2 the bottom's rules are p2's; a strict graph
// with duplicate edges is accepted; a tree's root is the node the file marks. A saved run on a
// topology file replays.
func TestSASATopologies(t *testing.T) {
	file, topo := "../../../examples/protocols/dijkstra.gcl", "../../../testdata/topologies/"
	code, out, _ := mc(t, "check", file, "--topology", topo+"ring4.dot", "--json")
	_, goOut, _ := mc(t, "check", "dijkstra", "-p", "n=4", "-p", "K=4", "--json")
	for _, figure := range []string{`"states": 256`, `"transitions": 640`, `"worst_case_moves": 13`, `"worst_case_steps": 13`} {
		if code != exitHolds || !strings.Contains(out, figure) || !strings.Contains(goOut, figure) {
			t.Fatalf("%s: exit %d: %s\nthe Go model: %s", figure, code, out, goOut)
		}
	}
	if !strings.Contains(out, `"n": 4`) || !strings.Contains(out, `"K": 4`) {
		t.Fatalf("n is the file's, and K = n follows it: %s", out)
	}
	saved := filepath.Join(t.TempDir(), "run.json")
	code, out, _ = mc(t, "check", file, "--topology", topo+"ring5-root2.dot", "-p", "K=3", "--check", "convergence", "--trace-out", saved)
	if code != exitViolated || !strings.Contains(out, "p2 bottom") || strings.Contains(out, "p0 bottom") {
		t.Fatalf("the bottom's rules belong to p2, the file's root.ml (named as the file names it): exit %d: %s", code, out)
	}
	if code, out, _ := mc(t, "replay", saved); code != 0 || !strings.Contains(out, "every step is a legal step") {
		t.Fatalf("replay on a topology file: exit %d: %s", code, out)
	}
	code, out, _ = mc(t, "check", "../../../examples/protocols/colouring.gcl", "--topology", topo+"strict-dup.dot")
	if code != exitHolds || !strings.Contains(out, "3^3 = 27 configurations") {
		t.Fatalf("a strict graph with duplicate edges: exit %d: %s", code, out)
	}
	code, out, _ = mc(t, "check", "arrow", "--topology", topo+"tree6-rooted.dot", "--json")
	if code != exitHolds || !strings.Contains(out, `"edges": "p1-p0 p2-p1 p3-p2 p3-p4 p3-p5"`) {
		t.Fatalf("the arrow's tree rooted at p3, the file's root.ml: exit %d: %s", code, out)
	}
	if code, _, stderr := mc(t, "check", file, "--topology", "path"); code != exitUsage || !strings.Contains(stderr, "runs on its own topology or a Graphviz file") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, stderr := mc(t, "check", file, "--topology", topo+"ring4.dot", "-p", "n=5"); code != exitUsage || !strings.Contains(stderr, "n = 5, but the topology") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
