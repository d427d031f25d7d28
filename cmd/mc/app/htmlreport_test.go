package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mc-checker/mc/cmd/mc/internal/pictures"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
	"github.com/mc-checker/mc/cmd/mc/internal/web"
)

// reportCase is a run whose HTML report the tests read: the command, and the processes,
// links and traces its pictures must show.
type reportCase struct {
	name         string
	args         []string
	code         int
	procs, links int
	traces       int
	// configs is the number of configurations the first trace shows; loop its loop's start
	// among them (-1: a path).
	configs, loop int
	// arrows is the number of pointers drawn in the last configuration shown.
	arrows int
	// arcs is the number of links drawn with an arrowhead: those only one end reads.
	arcs int
	// label is a process's name the pictures must show ("" for none).
	label string
}

// reportCases are the four: Dijkstra's README lasso (n = 4, K = 2: a loop of 8
// steps, the 8th closing it, on an oriented ring whose links are arcs), the arrow protocol on
// a star of 5 (its weakened predicate's one-step counterexample: a find in transit), the
// self-stabilizing arrow protocol's τ = 4 counterexample (docs/SSARROW.md: a stem of 10 steps
// and a loop of 10; its clock labelled), and BFS from the language on the 2×3 grid (the
// 88-move worst case, and the worst case in rounds, measured by default; its processes named
// as the file names them).
var reportCases = []reportCase{
	{"dijkstra", []string{"check", "examples/protocols/dijkstra.gcl", "-p", "n=4", "-p", "K=2"}, exitViolated, 4, 4, 1, 9, 0, 0, 4, ""},
	{"arrow", []string{"check", "arrow", "-p", "n=5", "-p", "weaken=2", "--topology", "star"}, exitViolated, 5, 4, 1, 2, -1, 3, 0, ""},
	{"ssarrow", []string{"check", "ssarrow", "-p", "tau=4"}, exitViolated, 3, 1, 1, 21, 10, 1, 0, "clock"},
	{"grid", []string{"check", "examples/protocols/bfs.gcl", "--topology", "testdata/topologies/grid2x3.dot"}, exitHolds, 6, 7, 2, 89, -1, 5, 0, "p5"},
}

var pageData = regexp.MustCompile(`(?s)<script type="application/json" id="mc-data">(.*?)</script>`)

// readPage returns the traces a report page carries.
func readPage(t *testing.T, path string) (string, []web.Trace) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := pageData.FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s has no trace data", path)
	}
	var traces []web.Trace
	if err := json.Unmarshal(m[1], &traces); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return string(data), traces
}

// inRoot runs the rest of a test from the repository's root, where the cases' paths (and the
// titles of their pages) start.
func inRoot(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
}

func TestHTMLReport(t *testing.T) {
	inRoot(t)
	for _, c := range reportCases {
		t.Run(c.name, func(t *testing.T) {
			page := filepath.Join(t.TempDir(), "report.html")
			dots := filepath.Join(t.TempDir(), "dot")
			if code, out, errOut := mc(t, append(c.args, "--report", page, "--trace-dot", dots)...); code != c.code {
				t.Fatalf("exit %d: %s%s", code, out, errOut)
			}
			html, traces := readPage(t, page)
			if strings.Contains(html, "http://") && !strings.Contains(strings.ReplaceAll(html, `xmlns="http://www.w3.org/2000/svg"`, ""), "http://") {
				t.Error("the page names an address other than SVG's namespace")
			}
			for _, ext := range []string{`src="http`, `href="http`, "@import", "url(http"} {
				if strings.Contains(html, ext) {
					t.Errorf("the page loads something from outside (%s)", ext)
				}
			}
			if len(traces) != c.traces {
				t.Fatalf("%d traces, want %d", len(traces), c.traces)
			}
			tr := traces[0]
			if len(tr.States) != c.configs || tr.LoopStart != c.loop || tr.Gaps != nil {
				t.Fatalf("%d configurations, loop at %d, gaps %v; want %d, %d, none", len(tr.States), tr.LoopStart, tr.Gaps, c.configs, c.loop)
			}
			for i, st := range tr.States {
				if got := strings.Count(st.SVG, `<g class="mc-proc`); got != c.procs {
					t.Fatalf("configuration %d draws %d processes, want %d", i, got, c.procs)
				}
				if got := strings.Count(st.SVG, `class="mc-link"`); got != c.links {
					t.Fatalf("configuration %d draws %d links, want %d", i, got, c.links)
				}
				if i > 0 && !strings.Contains(st.SVG, "moved") {
					t.Errorf("configuration %d marks no process as moved", i)
				}
				if got := strings.Count(st.SVG, `marker-end="url(#mc-arc)"`); got != c.arcs {
					t.Fatalf("configuration %d draws %d arcs, want %d", i, got, c.arcs)
				}
				if c.label != "" && !strings.Contains(st.SVG, ">"+c.label+"</text>") {
					t.Fatalf("configuration %d does not label %s", i, c.label)
				}
			}
			// the table's legend says what its columns are, as the terminal's does
			if n := len(tr.Legend); n < 2 || tr.Legend[n-1].Name != "enabled" || !strings.Contains(html, `<dl class="columns"><dt>`) {
				t.Errorf("the trace's legend: %+v", tr.Legend)
			}
			// the leaves of the star point at the centre (the requester at itself); every
			// process of the grid but the root has a parent; ssarrow's p1 points at 0
			if got := strings.Count(tr.States[len(tr.States)-1].SVG, `class="mc-ptr"`); got != c.arrows {
				t.Errorf("the last configuration draws %d pointers, want %d", got, c.arrows)
			}
			if last := tr.States[len(tr.States)-1]; c.loop >= 0 && (!last.Back || last.Index != tr.States[c.loop].Index) {
				t.Errorf("the last configuration of the lasso is %+v, not the loop's start again", last.Index)
			}
			files, _ := filepath.Glob(filepath.Join(dots, "01-*", "*.dot"))
			svgs, _ := filepath.Glob(filepath.Join(dots, "01-*", "*.svg"))
			if len(files) != c.configs || len(svgs) != c.configs {
				t.Errorf("--trace-dot wrote %d DOT and %d SVG files, want %d each", len(files), len(svgs), c.configs)
			}
		})
	}
}

// A long simulation trace (mc simulate --dir, then mc replay --report) is summarised: the
// first and last pictures.ShownEnds configurations, the steps between counted.
func TestHTMLReportOfALongTrace(t *testing.T) {
	steps := 100000
	if testing.Short() {
		steps = 2000
	}
	inRoot(t)
	dir := t.TempDir()
	// colouring livelocks under the synchronous daemon on a 5-ring (examples/protocols/colouring.yaml)
	code, out, _ := mc(t, "simulate", "examples/protocols/colouring.gcl", "--daemon", "sd", "--runs", "1", "--seed", "1",
		"--max-steps", strconv.Itoa(steps), "--dir", dir)
	if code != exitInconclusive {
		t.Fatalf("simulate: exit %d: %s", code, out)
	}
	page := filepath.Join(dir, "long.html")
	if code, out, _ := mc(t, "replay", filepath.Join(dir, "run-0.json"), "--report", page); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, out[:min(len(out), 500)])
	}
	_, traces := readPage(t, page)
	tr := traces[0]
	if tr.Steps != steps || len(tr.States) != 2*pictures.ShownEnds || len(tr.Gaps) != 1 || tr.Gaps[0].After != pictures.ShownEnds-1 || tr.Gaps[0].Steps != steps+2-2*pictures.ShownEnds {
		t.Fatalf("steps %d, %d configurations shown, gaps %+v", tr.Steps, len(tr.States), tr.Gaps)
	}
	gap := tr.Gaps[0]
	if last := tr.States[len(tr.States)-1]; last.Index != steps || tr.States[pictures.ShownEnds].Index != steps+1-pictures.ShownEnds {
		t.Fatalf("the shown configurations end at %d and resume at %d", last.Index, tr.States[pictures.ShownEnds].Index)
	}
	// every omitted step is a synchronous move of the two processes in conflict
	if want := "moves P2 recolour ×" + group(uint64(gap.Steps)) + ", P3 recolour ×" + group(uint64(gap.Steps)); gap.Summary != want {
		t.Errorf("gap summary %q, want %q", gap.Summary, want)
	}
	if info, _ := os.Stat(page); info.Size() > 4<<20 {
		t.Errorf("the page of a summarised trace is %d bytes", info.Size())
	}
}

// An interrupted run's report says it is inconclusive, with what was found so far.
func TestHTMLReportOfAnInterruptedRun(t *testing.T) {
	page := filepath.Join(t.TempDir(), "r.html")
	code, _, _ := mc(t, "check", "dijkstra", "-p", "n=9", "-p", "K=9", "--timeout", "100ms", "--report", page)
	if code != exitInconclusive {
		t.Fatalf("exit %d", code)
	}
	html, _ := readPage(t, page)
	if !strings.Contains(html, `<p class="verdict inconclusive"`) || !strings.Contains(html, "interrupted: what was found so far") || strings.Contains(html, `class="verdict holds"`) {
		t.Fatalf("the page does not say the run is inconclusive:\n%s", html[:min(len(html), 2000)])
	}
}

// mc verify --report writes one page a proof file, every run on it with its expectation.
func TestVerifyReport(t *testing.T) {
	inRoot(t)
	dir := t.TempDir()
	if code, out, _ := mc(t, "verify", "examples/protocols/dijkstra.yaml", "--report", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	html, traces := readPage(t, filepath.Join(dir, "dijkstra.html"))
	runs := strings.Count(html, `<article class="run"`)
	proof, _, err := readProof("examples/protocols/dijkstra.yaml", false)
	if err != nil {
		t.Fatal(err)
	}
	if runs != len(proof.Runs) || strings.Count(html, "as the proof file expects") != runs || len(traces) == 0 {
		t.Fatalf("%d runs on the page (the file has %d), %d traces", runs, len(proof.Runs), len(traces))
	}
}

// A long lasso keeps its loop's start on the page, whatever its length: a counter whose
// shortest lasso has a stem and a loop of hundreds of steps each (the gaps fall before and
// inside the loop) shows the loop's start where the trace has it, and its return.
func TestHTMLReportOfALongLasso(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "counter.gcl")
	src := `protocol counter
topology path(2)
var a : 0..255 where p == 0
var b : 0..3 where p == 0
var s : 0..1 where p == 0
rule inc where p == 0 : a < 255 -> a := a + 1
rule carry where p == 0 : a == 255 and (s == 1 or b < 2) -> a := 0, b := (b + 1) % 4
rule enter where p == 0 : s == 0 and a == 255 and b == 2 -> s := 1, a := 0, b := 0
legitimate : false
check convergence
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "counter.html")
	code, out, errOut := mc(t, "check", file, "--report", page, "--json")
	if code != exitViolated {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var run struct {
		Checks []struct {
			Trace *trace.JSON `json:"trace"`
		} `json:"checks"`
	}
	if err := json.Unmarshal([]byte(out), &run); err != nil || run.Checks[0].Trace == nil || run.Checks[0].Trace.LoopStart == nil {
		t.Fatalf("no lasso in the JSON: %v", err)
	}
	saved := run.Checks[0].Trace
	loopStart, steps := *saved.LoopStart, len(saved.Actions)
	_, traces := readPage(t, page)
	tr := traces[0]
	if tr.LoopStart < 0 || tr.States[tr.LoopStart].Index != loopStart || tr.Steps != steps {
		t.Fatalf("the page's loop starts at position %d, the trace's at configuration %d", tr.LoopStart, loopStart)
	}
	if last := tr.States[len(tr.States)-1]; !last.Back || last.Index != loopStart {
		t.Fatalf("the last configuration shown is %d (back %v), not the loop's start %d again", last.Index, last.Back, loopStart)
	}
	if loopStart < 2*pictures.ShownEnds || steps-loopStart < 2*pictures.ShownEnds || len(tr.Gaps) != 2 {
		t.Fatalf("stem %d, loop %d, %d gaps: the case no longer puts gaps before and inside the loop", loopStart, steps-loopStart, len(tr.Gaps))
	}
	for k := 1; k < len(tr.States); k++ { // shown in order, gaps where indices jump
		jump := tr.States[k].Index - tr.States[k-1].Index
		if tr.States[k].Back {
			jump = steps - tr.States[k-1].Index
		}
		inGap := false
		for _, g := range tr.Gaps {
			inGap = inGap || g.After == k-1 && g.Steps == jump
		}
		if jump != 1 && !inGap {
			t.Fatalf("configurations %d and %d are shown side by side with no gap", tr.States[k-1].Index, tr.States[k].Index)
		}
	}
}

// Paths that cannot take the pictures are refused before the run (a run may take hours);
// --topology all, which makes a run per tree, refuses both flags.
func TestReportPathsRefusedBeforeTheRun(t *testing.T) {
	inRoot(t)
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	for _, args := range [][]string{
		{"check", "dijkstra", "-p", "n=4", "--report", filepath.Join(notDir, "r.html")},
		{"check", "dijkstra", "-p", "n=4", "--trace-dot", filepath.Join(notDir, "d")},
		{"check", "arrow", "-p", "n=4", "--topology", "all", "--report", filepath.Join(t.TempDir(), "r.html")},
		{"check", "arrow", "-p", "n=4", "--topology", "all", "--trace-dot", t.TempDir()},
		{"verify", "examples/protocols/dijkstra.yaml", "--report", filepath.Join(notDir, "d")},
	} {
		code, out, errOut := mc(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "mc: ") {
			t.Errorf("mc %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errOut)
		}
	}
	page := filepath.Join(t.TempDir(), "r.html") // a path that can be written is not left behind by the check
	if code, _, _ := mc(t, "check", "dijkstra", "-p", "n=3", "--report", page, "--timeout", "1ns"); code != exitInconclusive {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(page); err != nil {
		t.Errorf("the interrupted run wrote no page: %v", err)
	}
}

// Two proof files of one name get two pages.
func TestVerifyReportNamesCollide(t *testing.T) {
	inRoot(t)
	base := t.TempDir()
	var files []string
	for _, sub := range []string{"a", "b"} {
		os.MkdirAll(filepath.Join(base, sub), 0o755)
		f := filepath.Join(base, sub, "ring.yaml")
		proof := "runs:\n  - name: ring " + sub + "\n    model: dijkstra\n    params: {n: 3}\n    checks: [closure]\n    expect:\n      verdicts: {closure: holds}\n"
		os.WriteFile(f, []byte(proof), 0o644)
		files = append(files, f)
	}
	out := filepath.Join(base, "pages")
	if code, stdout, errOut := mc(t, append([]string{"verify", "--report", out}, files...)...); code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, errOut)
	}
	for _, name := range []string{"ring.html", "ring-2.html"} {
		html, _ := readPage(t, filepath.Join(out, name))
		if !strings.Contains(html, "proof "+files[map[string]int{"ring.html": 0, "ring-2.html": 1}[name]]) {
			t.Errorf("%s is not the page of its proof file", name)
		}
	}
}

// mc replay --report draws what the saved run holds: the rounds witness, the expected-time
// and recovery figures.
func TestReplayReportKeepsEverySavedResult(t *testing.T) {
	inRoot(t)
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", "examples/protocols/dijkstra.gcl", "-p", "n=5", "--rounds"}, []string{"worst case in rounds"}},
		{[]string{"check", "herman", "-p", "n=5"}, []string{"<dt>expected</dt>", "moves worst 16"}},
		{[]string{"check", "dijkstra", "-p", "n=4", "--check", "recovery", "--faults", "1"}, []string{"<dt>recovery</dt>"}},
	} {
		saved, page := filepath.Join(dir, "run.json"), filepath.Join(dir, "replayed.html")
		if code, _, errOut := mc(t, append(c.args, "--trace-out", saved)...); code != exitHolds {
			t.Fatalf("mc %s: exit %d: %s", strings.Join(c.args, " "), code, errOut)
		}
		if code, _, errOut := mc(t, "replay", saved, "--report", page); code != 0 {
			t.Fatalf("replay of mc %s: exit %d: %s", strings.Join(c.args, " "), code, errOut)
		}
		html, _ := readPage(t, page)
		for _, w := range c.want {
			if !strings.Contains(html, w) {
				t.Errorf("replay of mc %s: the page has no %q", strings.Join(c.args, " "), w)
			}
		}
	}
}
