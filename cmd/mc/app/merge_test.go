package app

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/testtier"
)

// withoutTimes drops what may differ between a run and its merged shards: the time lines of
// the text, and the seconds, rates and peak memory of --json.
func withoutTimes(s string) string {
	s = regexp.MustCompile(`(?m)^.*(  time  |seconds"|"states_per_second"|"peak_memory_bytes").*$`).ReplaceAllString(s, "")
	return regexp.MustCompile(`\([0-9.]+ s\)`).ReplaceAllString(s, "") // a proof run's time
}

// shards runs a simulation as n shards into dir and returns the parts' paths.
func shards(t *testing.T, dir string, n int, args ...string) []string {
	t.Helper()
	var parts []string
	for i := range n {
		part := filepath.Join(dir, fmt.Sprintf("part-%d-of-%d.json", i, n))
		if code, _, errOut := mc(t, append(args, "--shard", fmt.Sprintf("%d/%d", i, n), "--part-out", part)...); code == exitUsage {
			t.Fatalf("shard %d/%d: exit %d: %s", i, n, code, errOut)
		}
		parts = append(parts, part)
	}
	return parts
}

// A simulation, a sweep, a check over every labelled tree, a verify and the checks of one
// model configuration by configuration, split into 1, 3 and 8 shards and merged, print what
// the whole prints, text and --json (and a check's --report page and --trace-out), apart
// from times, and exit as it does: run j of the seed is the same run whichever shard runs
// it, a sweep's rows and the trees come in their order, the full reports shown are the first
// trees' where a check fails, and a check's counterexample is the least rank's, as the whole
// run's (issue 40). A shard of more shards than the work takes none.
func TestMergeIsTheWholeRun(t *testing.T) {
	quick := filepath.Join(t.TempDir(), "quick.yaml")
	os.WriteFile(quick, []byte(`runs:
  - {name: n=3 K=2, model: dijkstra, params: {n: 3, K: 2}, checks: [closure, convergence], expect: {verdict: holds}}
  - {name: n=4 K=3, model: dijkstra, params: {n: 4, K: 3}, checks: [closure, convergence], expect: {verdict: holds}}
  - {name: n=4 K=2, model: dijkstra, params: {n: 4, K: 2}, checks: [convergence], expect: {verdict: violated}}
`), 0o644)
	deviating := filepath.Join(t.TempDir(), "deviating.yaml") // one run of two deviates: exit 1
	os.WriteFile(deviating, []byte(`runs:
  - name: the states miscounted
    model: dijkstra
    params: {n: 3, K: 2}
    checks: [closure]
    expect: {states: 7}
  - name: closure
    model: dijkstra
    params: {n: 3, K: 2}
    checks: [closure]
    expect: {verdict: holds}
`), 0o644)
	for i, run := range [][]string{
		{"simulate", "herman", "-p", "n=5", "--runs", "2000", "--seed", "4"},
		{"simulate", "dijkstra", "-p", "n=6", "-p", "K=4", "--runs", "300", "--seed", "4", "--max-steps", "10"}, // 13 runs pass the bound: exit 3
		{"sweep", "dijkstra", "--param", "n=3..6"},
		{"check", "arrow", "--topology", "all", "-p", "n=4"},
		{"check", "arrow", "--topology", "all", "-p", "n=4", "-p", "weaken=1"}, // 16 trees violated, 3 reports shown
		{"verify", quick, deviating},
		{"check", "../../../examples/protocols/broken/dijkstra3-topguard.gcl", "--check", "deadlock,closure"}, // closure violated
		{"check", "dijkstra", "-p", "n=5", "--check", "invariant,deadlock,closure"},
	} {
		if testing.Short() && i%2 == 1 { // a simulation, a sweep, trees and a check; the others in the default tier
			continue
		}
		wantCode, text, _ := mc(t, run...)
		if wantCode == exitUsage {
			t.Fatalf("%v: exit 2: %s", run, text)
		}
		js := ""
		if run[0] != "verify" { // verify has no --json
			_, js, _ = mc(t, append(run, "--json")...)
		}
		if run[1] == "dijkstra" && run[0] == "simulate" && wantCode != exitInconclusive {
			t.Fatalf("%v: exit %d, want 3 (runs past the bound)", run, wantCode)
		}
		dir := t.TempDir()
		counts := []int{1, 3, 8}
		if testing.Short() {
			counts = []int{3} // the others in the default tier
		}
		for _, n := range counts {
			parts := shards(t, dir, n, run...)
			code, got, errOut := mc(t, append([]string{"merge"}, parts...)...)
			if code != wantCode || withoutTimes(got) != withoutTimes(text) {
				t.Errorf("%v in %d shards: exit %d (want %d) %s\n%s\nthe whole:\n%s", run, n, code, wantCode, errOut, got, text)
			}
			if _, got, _ = mc(t, append([]string{"merge", "--json"}, parts...)...); js != "" && withoutTimes(got) != withoutTimes(js) {
				t.Errorf("%v in %d shards, --json:\n%s\nthe whole:\n%s", run, n, got, js)
			}
			if run[0] == "check" && run[2] != "--topology" {
				samePages(t, run, parts)
			}
			if run[0] == "verify" {
				sameProofPages(t, run, n)
			}
		}
	}
}

// sameProofPages compares the pages of mc verify --report with those mc merge --report
// writes from n shards run with --report, apart from the time.
func sameProofPages(t *testing.T, run []string, n int) {
	t.Helper()
	dir := t.TempDir()
	whole, merged := filepath.Join(dir, "whole"), filepath.Join(dir, "merged")
	mc(t, append(run, "--report", whole)...)
	parts := shards(t, t.TempDir(), n, append(run, "--report", filepath.Join(dir, "unused"))...)
	mc(t, append([]string{"merge", "--report", merged}, parts...)...)
	page := regexp.MustCompile(`<dt>time</dt><dd>[^<]*</dd>`)
	files, _ := filepath.Glob(filepath.Join(whole, "*.html"))
	for _, f := range files {
		w, _ := os.ReadFile(f)
		m, err := os.ReadFile(filepath.Join(merged, filepath.Base(f)))
		if err != nil || page.ReplaceAllString(string(w), "") != page.ReplaceAllString(string(m), "") {
			t.Errorf("%v in %d shards: the merge's %s differs from the whole verify's (%v)", run, n, filepath.Base(f), err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "unused")); len(files) != 2 || err == nil {
		t.Errorf("%v: %d pages; a shard wrote its own page: %v", run, len(files), err == nil)
	}
}

// samePages compares a check's --report page and --trace-out with those the merge of its
// parts writes, apart from the time.
func samePages(t *testing.T, run, parts []string) {
	t.Helper()
	dir := t.TempDir()
	page := regexp.MustCompile(`<dt>time</dt><dd>[^<]*</dd>`)
	whole, merged := filepath.Join(dir, "whole"), filepath.Join(dir, "merged")
	mc(t, append(run, "--report", whole+".html", "--trace-out", whole+".json")...)
	mc(t, append([]string{"merge", "--report", merged + ".html", "--trace-out", merged + ".json"}, parts...)...)
	for _, ext := range []string{".html", ".json"} {
		w, _ := os.ReadFile(whole + ext)
		m, _ := os.ReadFile(merged + ext)
		if len(w) == 0 || page.ReplaceAllString(withoutTimes(string(w)), "") != page.ReplaceAllString(withoutTimes(string(m)), "") {
			t.Errorf("%v in %d shards: the merge's %s differs from the whole run's", run, len(parts), ext)
		}
	}
}

// mc merge refuses (exit 2) parts of different runs, a shard given twice, parts of another
// version of mc and a file that is no part; it says inconclusive (exit 3), naming the shards
// missing, when the run is not whole. A shard needs a seed and a part file.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	sim := []string{"simulate", "herman", "-p", "n=5", "--runs", "300", "--seed", "4"}
	parts := shards(t, dir, 3, sim...)
	other := shards(t, t.TempDir(), 3, append(sim[:len(sim)-1:len(sim)-1], "5")...)
	old, _ := os.ReadFile(parts[1])
	version := filepath.Join(dir, "version.json")
	os.WriteFile(version, regexp.MustCompile(`"mc_version": "[^"]*"`).ReplaceAll(old, []byte(`"mc_version": "v0.0.1"`)), 0o644)
	notPart := filepath.Join(dir, "x.json")
	os.WriteFile(notPart, []byte(`{"runs": 3}`), 0o644)
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{parts[0], other[1], parts[2]}, exitUsage, "are parts of different runs"},
		{[]string{parts[0], parts[0], parts[1], parts[2]}, exitUsage, "are both shard 0/3"},
		{[]string{parts[0], version, parts[2]}, exitUsage, "was written by mc v0.0.1"},
		{[]string{notPart}, exitUsage, "not a part file of format 1"},
		{[]string{parts[2], parts[0]}, exitInconclusive, "the parts of shards 1 (of 0 to 2) are missing"},
		{nil, exitUsage, "give the part files"},
	} {
		code, _, errOut := mc(t, append([]string{"merge"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.says) {
			t.Errorf("merge %v: exit %d, %q; want %d, %q", c.args, code, errOut, c.code, c.says)
		}
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--shard", "1/3"}, "--part-out FILE"},
		{[]string{"--shard", "3/3", "--part-out", notPart}, "want 0 ≤ I < N"},
		{[]string{"--shard", "1", "--part-out", notPart}, "want I/N"},
		{[]string{"--part-out", notPart}, "no scheduler's index"},
	} {
		if code, _, errOut := mc(t, append(sim, c.args...)...); code != exitUsage || !strings.Contains(errOut, c.says) {
			t.Errorf("simulate %v: exit %d, %q; want %q", c.args, code, errOut, c.says)
		}
	}
	if code, _, errOut := mc(t, "simulate", "herman", "--runs", "9", "--shard", "0/3", "--part-out", notPart); code != exitUsage || !strings.Contains(errOut, "needs --seed") {
		t.Errorf("a shard without a seed: exit %d, %q", code, errOut)
	}
	checkRefusals(t, dir)
	// Checker options that change the output are the run's: a shard bounded by --max-states
	// does not merge with one that is not.
	sweep := []string{"sweep", "dijkstra", "--param", "n=3..5"}
	plain := shards(t, t.TempDir(), 2, sweep...)
	bounded := shards(t, t.TempDir(), 2, append(sweep, "--hashed", "--max-states", "100")...)
	if code, _, errOut := mc(t, "merge", plain[0], bounded[1]); code != exitUsage || !strings.Contains(errOut, "are parts of different runs") {
		t.Errorf("parts with other checker options: exit %d, %q", code, errOut)
	}
}

// Under a scheduler the shard comes from its variables: a Slurm array task's index counted
// from the array's first (with its step), a Kubernetes Indexed Job's completion index of the
// count --shards gives; each writes the part --shard would.
func TestShardFromScheduler(t *testing.T) {
	dir := t.TempDir()
	sim := []string{"simulate", "herman", "-p", "n=5", "--runs", "300", "--seed", "4"}
	want := shards(t, dir, 3, sim...)
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return withoutTimes(string(b))
	}
	for _, c := range []struct {
		env   map[string]string
		extra []string
	}{
		{map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_MAX": "6"}, nil},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_MAX": "8", "SLURM_ARRAY_TASK_STEP": "2"}, nil},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "3"}, nil},
		{map[string]string{"JOB_COMPLETION_INDEX": "1"}, []string{"--shards", "3"}},
		{map[string]string{"JOB_COMPLETION_INDEX": "1", "MC_SHARDS": "3"}, nil},
	} {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		part := filepath.Join(dir, "env.json")
		code, _, errOut := mc(t, append(append(sim, "--part-out", part), c.extra...)...)
		if code != exitHolds || read(part) != read(want[1]) {
			t.Errorf("%v: exit %d %s; the part differs from --shard 1/3's", c.env, code, errOut)
		}
		for k := range c.env {
			os.Unsetenv(k)
		}
	}
	// An array given as a list (--array=1,5,7): its indices are not shards.
	for k, v := range map[string]string{"SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_COUNT": "3"} {
		t.Setenv(k, v)
	}
	if code, _, errOut := mc(t, append(sim, "--part-out", filepath.Join(dir, "list.json"))...); code != exitUsage || !strings.Contains(errOut, "not a range") {
		t.Errorf("a Slurm array given as a list: exit %d, %q", code, errOut)
	}
}

// The one-machine recipe of docs/CLUSTER.md (examples/cluster/local.sh: 8 shards, 4 at a
// time, with xargs -P, then mc merge) prints what the simulation unsharded prints, apart
// from the time: run with the mc this test builds (the long tier).
func TestClusterRecipeOneMachine(t *testing.T) {
	testtier.Only(t, "builds mc and runs 80,000 simulated runs")
	dir := t.TempDir()
	bin := filepath.Join(dir, "mc")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v %s", err, out)
	}
	script := exec.Command("bash", "../../../examples/cluster/local.sh", bin, filepath.Join(dir, "parts"))
	merged, err := script.Output()
	if err != nil {
		t.Fatalf("local.sh: %v", err)
	}
	_, whole, _ := mc(t, "simulate", "herman", "-p", "n=7", "--runs", "80000", "--seed", "1")
	if withoutTimes(string(merged)) != withoutTimes(whole) {
		t.Errorf("the recipe prints\n%s\nthe simulation\n%s", merged, whole)
	}
}

// The Slurm recipe of docs/CLUSTER.md on a real scheduler: a job array of 4 tasks of
// examples/cluster/simulate.sbatch (40,000 runs), each task's shard read from Slurm's
// variables, then mc merge, which must print the simulation unsharded. CI starts a one-node
// Slurm (.ci/slurm-up); elsewhere the test skips.
func TestSlurmArray(t *testing.T) {
	testtier.Only(t, "submits a Slurm job array")
	if _, err := exec.LookPath("sbatch"); err != nil {
		t.Skip("no Slurm here (.ci/slurm-up starts one)")
	}
	if out, err := exec.Command("sinfo", "-h", "-o", "%T").Output(); err != nil || !regexp.MustCompile(`idle|mixed`).Match(out) {
		t.Skipf("Slurm is installed but no node is up (.ci/slurm-up starts one): %v %s", err, out)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "mc")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v %s", err, out)
	}
	os.Mkdir(filepath.Join(dir, "parts"), 0o755)
	script, _ := filepath.Abs("../../../examples/cluster/simulate.sbatch")
	submit := exec.Command("sbatch", "--wait", "--array=0-3", "--cpus-per-task=1", "--chdir="+dir,
		"--export=ALL,MC="+bin+",RUNS=40000", script)
	if out, err := submit.CombinedOutput(); err != nil {
		t.Fatalf("sbatch: %v %s", err, out)
	}
	parts, _ := filepath.Glob(filepath.Join(dir, "parts", "part-*.json"))
	code, merged, errOut := mc(t, append([]string{"merge"}, parts...)...)
	_, whole, _ := mc(t, "simulate", "herman", "-p", "n=7", "--runs", "40000", "--seed", "1")
	if code != exitHolds || len(parts) != 4 || withoutTimes(merged) != withoutTimes(whole) {
		t.Errorf("%d parts, merge exit %d %s:\n%s\nthe simulation:\n%s", len(parts), code, errOut, merged, whole)
	}
}

// A check of one model shards the checks of one configuration or one step, and refuses the
// others with the reason; the merge refuses a part whose counterexample its configuration
// does not give (an edited part), and --report with the parts of another command.
func checkRefusals(t *testing.T, dir string) {
	t.Helper()
	notPart := filepath.Join(dir, "y.json")
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"dijkstra"}, "convergence follows executions through the whole universe"},
		{[]string{"dijkstra", "--check", "closure", "--hashed"}, "the hashed and disk stores do not apply"},
		{[]string{"dijkstra", "--check", "closure", "--engine", "symbolic"}, "not the symbolic one"},
		{[]string{"ssarrow", "--check", "deadlock"}, "the model must start from every configuration"},
		{[]string{"dijkstra", "--check", "closure", "--report", notPart}, "mc merge --report prints the run"},
		{[]string{"dijkstra", "--check", "closure", "--dir", dir}, "--dir does not apply"},
	} {
		code, _, errOut := mc(t, append(append([]string{"check"}, c.args...), "--shard", "0/3", "--part-out", notPart)...)
		if code != exitUsage || !strings.Contains(errOut, c.says) {
			t.Errorf("check %v in shards: exit %d, %q; want %q", c.args, code, errOut, c.says)
		}
	}
	parts := shards(t, t.TempDir(), 2, "check", "../../../examples/protocols/broken/dijkstra3-topguard.gcl", "--check", "closure")
	for _, p := range parts {
		b, _ := os.ReadFile(p)
		os.WriteFile(p, []byte(strings.Replace(string(b), "a step leaves the legitimate set", "a step leaves it", 1)), 0o644)
	}
	if code, _, errOut := mc(t, append([]string{"merge"}, parts...)...); code != exitUsage || !strings.Contains(errOut, "is not the one its first configuration") {
		t.Errorf("an edited counterexample: exit %d, %q", code, errOut)
	}
	// The merge rebuilds the run from the protocol file: edited since the shards ran, it is
	// another model, whose results the parts are not.
	file := filepath.Join(t.TempDir(), "ring.gcl")
	text, _ := os.ReadFile("../../../examples/protocols/broken/dijkstra3-topguard.gcl")
	os.WriteFile(file, text, 0o644)
	edited := shards(t, t.TempDir(), 2, "check", file, "--check", "closure")
	os.WriteFile(file, append(text, "\n// edited\n"...), 0o644)
	if code, _, errOut := mc(t, append([]string{"merge"}, edited...)...); code != exitUsage || !strings.Contains(errOut, "is not the file the shards read") {
		t.Errorf("a protocol file edited after the shards: exit %d, %q", code, errOut)
	}
	quick := filepath.Join(t.TempDir(), "quick.yaml")
	os.WriteFile(quick, []byte("runs:\n  - {name: ring, model: dijkstra, params: {n: 3, K: 2}, checks: [closure], expect: {verdict: holds}}\n  - {name: again, model: dijkstra, params: {n: 3, K: 3}, checks: [closure], expect: {verdict: holds}}\n"), 0o644)
	proofs := shards(t, t.TempDir(), 2, "verify", quick) // without --report
	if code, _, errOut := mc(t, append([]string{"merge", "--report", t.TempDir()}, proofs...)...); code != exitUsage || !strings.Contains(errOut, "was run without --report") {
		t.Errorf("--report with verify's parts that have no pages: exit %d, %q", code, errOut)
	}
	sim := shards(t, t.TempDir(), 1, "simulate", "herman", "--runs", "10", "--seed", "1")
	if code, _, errOut := mc(t, "merge", "--report", notPart, sim[0]); code != exitUsage || !strings.Contains(errOut, "writes the page of mc check of one model, or mc verify's") {
		t.Errorf("--report with a simulation's parts: exit %d, %q", code, errOut)
	}
}
