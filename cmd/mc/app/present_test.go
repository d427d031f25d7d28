package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mc-checker/mc/cmd/mc/internal/layout"
)

// On a topology file whose nodes are named, the trace, its legend, the pictures written as
// DOT, the HTML report and the language's errors name the processes as the file does.
func TestProcessNamesFromDot(t *testing.T) {
	inRoot(t)
	dir := t.TempDir()
	page, dots := filepath.Join(dir, "report.html"), filepath.Join(dir, "dot")
	code, out, errOut := mc(t, "check", "examples/protocols/dijkstra.gcl", "--topology", "testdata/topologies/cities4.dot",
		"-p", "K=2", "--check", "convergence", "--report", page, "--trace-dot", dots)
	if code != exitViolated {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	_, trace, _ := strings.Cut(out, "convergence violated:")
	for _, want := range []string{"nice other", "paris lyon nice", "x0..x3   x of paris, lyon, nice, lille", "then lille other leads back"} {
		if !strings.Contains(trace, want) {
			t.Errorf("the trace does not say %q:\n%s", want, trace)
		}
	}
	if strings.Contains(trace, "P0") || strings.Contains(trace, "P3") {
		t.Errorf("the trace numbers the file's processes:\n%s", trace)
	}
	html, traces := readPage(t, page)
	if !strings.Contains(html, "paris bottom") || !strings.Contains(traces[0].States[0].SVG, ">paris</text>") {
		t.Error("the report does not name paris")
	}
	dot, err := os.ReadFile(filepath.Join(dots, "01-convergence-violated", "0.dot"))
	if err != nil || !bytes.Contains(dot, []byte(`label="lille"`)) || !bytes.Contains(dot, []byte(`p3 -> p0 [color=`)) {
		t.Errorf("the DOT picture does not name lille, or has no arc from it to paris: %v\n%s", err, dot)
	}
	bad := filepath.Join(dir, "bad.gcl")
	text := "protocol bad\ntopology \"cities4.dot\"\nvar x : 0..1\n" +
		"rule r where algo != \"root\" : x != x[0] -> x := x[left]\nlegitimate : true\ncheck closure\n"
	cities, err := os.ReadFile("testdata/topologies/cities4.dot")
	if err != nil {
		t.Fatal(err)
	}
	if os.WriteFile(bad, []byte(text), 0o644) != nil || os.WriteFile(filepath.Join(dir, "cities4.dot"), cities, 0o644) != nil {
		t.Fatal("cannot write the protocol")
	}
	code, _, errOut = mc(t, "check", bad)
	if code != exitUsage || !strings.Contains(errOut, "process nice would read x of process paris, which is not its neighbour") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// No line of mc --help, or of any command's, is wider than 100 columns.
func TestHelpFitsWidth(t *testing.T) {
	for _, args := range append([][]string{{"--help"}}, helpArgs()...) {
		code, out, _ := mc(t, args...)
		if code != 0 || !strings.Contains(out, "USAGE:") {
			t.Fatalf("mc %s: exit %d: %s", strings.Join(args, " "), code, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth {
				t.Errorf("mc %s: a line of %d columns: %q", strings.Join(args, " "), n, line)
			}
		}
	}
}

// helpArgs asks every command for its help.
func helpArgs() [][]string {
	var out [][]string
	for _, c := range commands() {
		out = append(out, []string{c.Name, "--help"})
	}
	return out
}

// Issue 34: not only traces and help: the verdicts, the notes under the header, the trace's
// heading, the statistics, the round ends and mc list's tables fit the width (100 columns
// written to a pipe), a long line broken at spaces with its continuation indented. The
// runs: Arvy's long property names and notes, LE(k)'s 19 processes, the rounds witness, the
// catalogue.
func TestOutputFitsWidth(t *testing.T) {
	for _, args := range [][]string{
		{"check", "arvy", "-p", "n=3", "-p", "recycle=1"},
		{"check", "arvy", "-p", "n=3"},
		{"check", "lek", "--check", "recovery", "--faults", "1", "--fault-vars", "status", "--end", "start"},
		{"check", "dijkstra", "-p", "n=5", "-p", "K=4", "--check", "worst-case", "--rounds", "--witness"},
		{"list"},
	} {
		code, out, stderr := mc(t, args...)
		if code != exitHolds && code != exitViolated {
			t.Fatalf("mc %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > layout.DefaultWidth {
				t.Errorf("mc %s: a line of %d columns: %q", strings.Join(args, " "), n, line)
			}
		}
	}
}

// A check whose stderr is not a terminal draws no bar, with --progress too.
func TestProgressFlagOffTerminal(t *testing.T) {
	code, _, stderr := mc(t, "check", "dijkstra", "-p", "n=4", "--progress")
	if code != exitHolds || strings.Contains(stderr, "\x1b[") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
