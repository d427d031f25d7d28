package app

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func mc(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(append([]string{"mc"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

// A time limit makes the run inconclusive (exit 3), never a pass.
func TestTimeoutIsInconclusive(t *testing.T) {
	code, out, _ := mc(t, "check", "dijkstra", "-p", "n=9", "-p", "K=9", "--timeout", "200ms")
	if code != exitInconclusive || !strings.Contains(out, "inconclusive interrupted") || strings.Contains(out, "holds") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

// The JSON of a violated run has the documented shape, and exit code 1.
func TestCheckJSON(t *testing.T) {
	code, out, _ := mc(t, "check", "dijkstra", "--param", "n=4", "--param", "K=2", "--json")
	if code != exitViolated {
		t.Fatalf("exit %d", code)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"model", "params", "daemon", "fairness", "checks", "stats", "metrics"} {
		if _, ok := r[key]; !ok {
			t.Errorf("no %q in %s", key, out)
		}
	}
	stats := r["stats"].(map[string]any)
	if stats["initial_states"].(float64) != 16 || stats["states"].(float64) != 16 || stats["transitions"].(float64) != 32 {
		t.Errorf("stats %v", stats)
	}
	conv := r["checks"].([]any)[1].(map[string]any)
	trace := conv["trace"].(map[string]any)
	if conv["name"] != "convergence" || conv["verdict"] != "violated" || trace["loop_start"].(float64) != 0 ||
		len(trace["states"].([]any)) != 8 || len(trace["actions"].([]any)) != 8 {
		t.Errorf("convergence %v", conv)
	}
	metrics := r["metrics"].(map[string]any)
	if _, ok := metrics["worst_case_moves"]; !ok {
		t.Errorf("metrics %v", metrics)
	}
}

// A saved run replays; a forged one does not (exit 1).
func TestReplay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	if code, _, _ := mc(t, "check", "dijkstra", "-p", "n=5", "-p", "K=3", "--trace-out", path); code != exitViolated {
		t.Fatalf("check exit %d", code)
	}
	code, out, stderr := mc(t, "replay", path)
	if code != 0 || !strings.Contains(out, "every step is a legal step of the daemon") ||
		!strings.Contains(out, "legitimate configurations in the loop: 0") {
		t.Fatalf("replay exit %d: %s %s", code, out, stderr)
	}
	data, _ := os.ReadFile(path)
	forged := regexp.MustCompile(`"index": 0`).ReplaceAll(data, []byte(`"index": 3`))
	if bytes.Equal(forged, data) {
		t.Fatal("nothing to forge")
	}
	os.WriteFile(path, forged, 0o644)
	if code, _, stderr := mc(t, "replay", path); code != exitViolated || !strings.Contains(stderr, "does not replay") {
		t.Fatalf("forged trace: exit %d, %s", code, stderr)
	}
}

// A recovery check's counterexample is an execution of the model with faults: the saved run
// names its faults, and replay rebuilds that model, and checks that it starts at an initial
// configuration. Dijkstra's ring with K = 2 < n - 1 = 3
// counters is not self-stabilizing (Dijkstra's K ≥ n - 1 for the K-state ring), so one fault
// from a legitimate configuration starts a cycle that avoids the legitimate set.
func TestReplayRecovery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	if code, _, _ := mc(t, "check", "dijkstra", "-p", "n=4", "-p", "K=2", "--check", "recovery", "--faults", "1", "--fault-vars", "x", "--end", "start", "--trace-out", path); code != exitViolated {
		t.Fatalf("check exit %d", code)
	}
	var saved struct{ Faults map[string]any }
	if data, _ := os.ReadFile(path); json.Unmarshal(data, &saved) != nil || fmt.Sprint(saved.Faults) != "map[budget:1 end:start vars:[x]]" {
		t.Fatalf("the saved run names the faults %v", saved.Faults)
	}
	code, out, stderr := mc(t, "replay", path)
	if code != 0 || !strings.Contains(out, "every step is a legal step of the daemon") || !strings.Contains(out, "fault") {
		t.Fatalf("replay exit %d: %s %s", code, out, stderr)
	}
	// Its steps without the first, the fault: every one still a step of the model, but the
	// execution starts where no fault is left, which is no initial configuration.
	var raw map[string]any
	data, _ := os.ReadFile(path)
	json.Unmarshal(data, &raw)
	tr := raw["checks"].([]any)[0].(map[string]any)["trace"].(map[string]any)
	tr["states"], tr["actions"] = tr["states"].([]any)[1:], tr["actions"].([]any)[1:]
	if loop, ok := tr["loop_start"].(float64); ok {
		tr["loop_start"] = loop - 1
	}
	forged, _ := json.Marshal(raw)
	os.WriteFile(path, forged, 0o644)
	if code, _, stderr := mc(t, "replay", path); code != exitViolated || !strings.Contains(stderr, "not an initial one") {
		t.Fatalf("a trace from a configuration that is not initial: exit %d, %s", code, stderr)
	}
}

// A characterisation witness is saved and re-checked by replay.
func TestReplayWitness(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	if code, _, _ := mc(t, "check", "arrow", "-p", "n=3", "-p", "weaken=1", "--trace-out", path); code != exitViolated {
		t.Fatalf("check exit %d", code)
	}
	code, out, _ := mc(t, "replay", path)
	if code != 0 || !strings.Contains(out, "the predicate holds on this configuration") {
		t.Fatalf("replay exit %d: %s", code, out)
	}
}

// secondOrMore are the library's proofs that take a CPU-second or more: -short passes over them.
var secondOrMore = map[string]bool{"bfs.yaml": true, "unison.yaml": true, "tokenring.yaml": true}

// The library of protocols written in the language: every proof file beside them passes, each
// pinning its protocol's figures under every daemon and its broken variant's counterexample.
func TestProtocolLibrary(t *testing.T) {
	proofs, _ := filepath.Glob("../../../examples/protocols/*.yaml")
	if len(proofs) < 9 {
		t.Fatalf("%d proof files in examples/protocols, want one per protocol of the library", len(proofs))
	}
	for _, proof := range proofs {
		t.Run(filepath.Base(proof), func(t *testing.T) {
			if testing.Short() && secondOrMore[filepath.Base(proof)] {
				t.Skip("a CPU-second or more")
			}
			if o, ok := ran["verify examples/protocols/"+filepath.Base(proof)]; ok && o.code == 0 {
				t.Skip("verified by TestDocumentedCommands, which a page shows it in (docs_test.go runs first)")
			}
			if code, out, stderr := mc(t, "verify", proof); code != 0 {
				t.Fatalf("exit %d: %s %s", code, out, stderr)
			}
		})
	}
}

// The regression proofs of the repository pass, and a wrong expectation is reported as a diff
// with exit code 1.
func TestVerify(t *testing.T) {
	proofs := []string{"dijkstra.yaml", "arvy.yaml", "herman.yaml"}
	if testing.Short() {
		proofs = proofs[:1] // the others take a CPU-second together; TestGolden runs both models
	}
	for _, proof := range proofs {
		if code, out, stderr := mc(t, "verify", "../../../testdata/proofs/"+proof); code != 0 {
			t.Fatalf("%s: exit %d: %s %s", proof, code, out, stderr)
		}
	}
	wrong := filepath.Join(t.TempDir(), "wrong.yaml")
	os.WriteFile(wrong, []byte(`runs:
  - name: wrong figures
    model: dijkstra
    params: {n: 4, K: 3}
    checks: [closure, convergence, worst-case]
    expect:
      verdicts: {convergence: violated}
      states: 80
      worst_case_moves: 13
`), 0o644)
	code, out, _ := mc(t, "verify", wrong)
	if code != exitViolated || !strings.Contains(out, "convergence: expected violated, got holds") ||
		!strings.Contains(out, "states: expected 80, got 81") || strings.Contains(out, "worst_case_moves") {
		t.Fatalf("exit %d: %s", code, out)
	}
	typo := filepath.Join(t.TempDir(), "typo.yaml")
	os.WriteFile(typo, []byte("runs:\n  - name: x\n    model: dijkstra\n    checks: [closure]\n    expext: {}\n"), 0o644)
	if code, _, _ := mc(t, "verify", typo); code != exitUsage {
		t.Fatalf("a misspelt key: exit %d", code)
	}
}

// Human output, compared with golden files (go test ./cmd/mc/app -update rewrites them). Times and
// memory vary from run to run and are masked.
func TestGolden(t *testing.T) {
	for name, args := range map[string][]string{
		"check-n4-K2.txt":       {"check", "dijkstra", "-p", "n=4", "-p", "K=2"},
		"check-n4-K3.txt":       {"check", "dijkstra", "-p", "n=4", "-p", "K=3", "--check", "invariant,deadlock,closure,convergence,worst-case", "--witness"},
		"sweep-n3-7.txt":        {"sweep", "dijkstra", "-p", "n=3..7"},
		"list.txt":              {"list"},
		"list-dijkstra-gcl.txt": {"list", "../../../examples/protocols/dijkstra.gcl"},
		"check-n3-dd-K2.txt":    {"check", "dijkstra", "-p", "n=3", "-p", "K=2", "--daemon", "dd"},
		"arrow-all-n4.txt":      {"check", "arrow", "-p", "n=4", "--topology", "all"},
		"arrow-weaken1.txt":     {"check", "arrow", "-p", "n=3", "-p", "weaken=1"},
		"arrow-weaken2.txt":     {"check", "arrow", "-p", "n=3", "-p", "weaken=2", "--topology", "star"},
		"arrow-dot.txt":         {"check", "arrow", "--topology", "../../../testdata/topologies/tree5.dot"},
		"ssarrow.txt":           {"check", "ssarrow"},
		"ssarrow-tau4.txt":      {"check", "ssarrow", "-p", "tau=4"},
		"arvy.txt":              {"check", "arvy"},
		"arvy-recycle.txt":      {"check", "arvy", "-p", "recycle=1", "--check", "eventually"},
		"arvy-tree.txt":         {"check", "arvy", "-p", "n=4", "-p", "newparent=arrow", "--topology", "star"},
		"arvy-ratio.txt":        {"arvy-ratio", "--n", "4,6", "--witness"},
		"rounds.txt":            {"check", "dijkstra", "-p", "n=4", "-p", "K=3", "--check", "worst-case", "--rounds", "--witness"},
		"recovery-dd.txt":       {"check", "dijkstra", "-p", "n=4", "-p", "K=3", "--daemon", "dd", "--check", "recovery", "--faults", "2"},
		"recovery.txt":          {"check", "dijkstra", "-p", "n=5", "-p", "K=4", "--check", "recovery", "--faults", "2", "--rounds"},
		"simulate.txt":          {"simulate", "dijkstra", "-p", "n=12", "-p", "K=12", "--runs", "2000", "--seed", "5", "--daemon", "dd"},
		"maxring-rotation.txt":  {"check", "maxring", "-p", "n=4", "-p", "K=2", "-p", "copy=1", "--daemon", "sd", "--symmetry", "rotation", "--check", "convergence"},
	} {
		t.Run(name, func(t *testing.T) {
			_, out, _ := mc(t, args...)
			out = regexp.MustCompile(`(?m)^  time .*$`).ReplaceAllString(out, "  time         (masked)")
			path := filepath.Join("..", "..", "..", "testdata", "golden", name)
			if *update {
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/mc/app -update)", err)
			}
			if out != string(want) {
				t.Errorf("output differs from %s:\n%s", path, out)
			}
		})
	}
}

func TestParseBytes(t *testing.T) {
	for text, want := range map[string]uint64{"4GiB": 4 << 30, "512M": 512 << 20, "1000": 1000, "2k": 2048, "3TB": 3 << 40} {
		if got, err := parseBytes(text); err != nil || got != want {
			t.Errorf("%s: %d %v", text, got, err)
		}
	}
	for _, bad := range []string{"", "x", "0", "-1", "1.5G", "99999999999T"} {
		if _, err := parseBytes(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// --trace-out saves one run: with --topology all it is refused (tree:K names one).
func TestTraceOutOneTree(t *testing.T) {
	path := t.TempDir() + "/run.json"
	code, _, stderr := mc(t, "check", "arrow", "-p", "n=2", "--topology", "all", "--trace-out", path)
	if code != exitUsage || !strings.Contains(stderr, "--trace-out saves one run") {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	if code, _, stderr := mc(t, "check", "arrow", "-p", "n=2", "--topology", "tree:0", "--trace-out", path); code != exitHolds {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	if code, out, stderr := mc(t, "replay", path); code != 0 || !strings.Contains(out, "arrow n=2") {
		t.Fatalf("replay: exit %d: %s %s", code, out, stderr)
	}
}

// Options that change nothing on a run are stated, not silently accepted: --max-states on a
// run in the dense store, a --mem over the machine's memory. --version and --help answer
// with exit 0; --help lists the exit codes.
func TestWarningsAndHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		say  string
	}{
		{[]string{"check", "dijkstra", "-p", "n=4", "-p", "K=3", "--max-states", "10"}, "mc: warning: --max-states bounds a BFS from explicit initial states; dijkstra checks every configuration in the dense store"},
		{[]string{"check", "dijkstra", "-p", "n=4", "-p", "K=3", "--mem", "1000TiB"}, "mc: warning: --mem 1000TiB is more than this machine's"},
	} {
		code, _, stderr := mc(t, c.args...)
		if code != exitHolds || !strings.HasPrefix(stderr, c.say) {
			t.Errorf("mc %s: exit %d, %q", strings.Join(c.args, " "), code, stderr)
		}
	}
	if code, out, _ := mc(t, "--version"); code != 0 || !strings.HasPrefix(out, "mc version ") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
	if code, out, _ := mc(t, "--help"); code != 0 || !strings.Contains(out, "Exit codes: 0 every check holds") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
}

// An interrupted exploration says how far it got: the states, transitions and depth the BFS
// had committed, and its rate.
func TestInterruptedExplorationSaysHowFar(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 1.5 s on every core")
	}
	code, out, _ := mc(t, "check", "ssarrow", "-p", "n=3", "--timeout", "1500ms") // 19 M states: past the initial batches
	far := regexp.MustCompile(`explored     [1-9][\d,]* states, [\d,]+ transitions, BFS depth \d+ when interrupted, memory store`)
	if code != exitInconclusive || !far.MatchString(out) || !regexp.MustCompile(`time .* [1-9][\d,]* states/s`).MatchString(out) {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// The messages people read: a budget in MiB below a GiB, a topology file that does not parse
// said in words, one default a flag in --help.
func TestMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		say  string
	}{
		{[]string{"check", "dijkstra", "-p", "n=9", "-p", "K=9", "--mem", "1MiB"}, "over the memory budget of 1.0 MiB"},
		{[]string{"check", "arrow", "--topology", "../../../testdata/topologies/broken.dot"}, "is not a Graphviz file: line 1, column 14: expected"},
	} {
		if code, _, stderr := mc(t, c.args...); code != exitUsage || !strings.Contains(stderr, c.say) {
			t.Errorf("mc %s: exit %d, %q", strings.Join(c.args, " "), code, stderr)
		}
	}
	if _, out, _ := mc(t, "check", "--help"); !strings.Contains(out, "TOPOLOGY is path, star, tree:K") {
		t.Errorf("check --help hides the topologies: %s", out)
	}
	if _, out, _ := mc(t, "sweep", "--help"); !strings.Contains(out, "(or cd, lcd, dd, sd)") {
		t.Errorf("sweep --help hides the daemons' short names: %s", out)
	}
	for _, command := range []string{"check", "sweep", "verify"} {
		_, out, _ := mc(t, command, "--help")
		for _, line := range strings.Split(out, "\n") {
			if strings.Count(line, "(default:") > 1 {
				t.Errorf("mc %s --help: %q", command, line)
			}
		}
	}
}
