package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/sim"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
)

// stuckEntry is a ring of bits where a process sets its bit once: every execution ends with
// every bit set, which the legitimate set (some bit clear and nothing enabled) excludes.
func stuckEntry() *models.Entry {
	return &models.Entry{Name: "stuck", Doc: "every execution deadlocks outside the legitimate set",
		Params: []models.Param{{Name: "n", Default: 4, Min: 2, Max: 8}},
		Checks: []string{"convergence"},
		Build: func(v map[string]int, _ *topology.Tree) (*models.Instance, error) {
			p, err := newSetters(v["n"])
			if err != nil {
				return nil, err
			}
			return &models.Instance{Protocol: p, Properties: model.Properties{Legit: func(model.State) bool { return false }}}, nil
		}}
}

// setters is a ring of n bits where a process whose bit is clear sets it: every execution
// ends with every bit set.
type setters struct{ schema *model.Schema }

func newSetters(n int) (*setters, error) {
	b := model.NewBuilder(n)
	for q := range n {
		b.Var(fmt.Sprintf("x%d", q), model.Owner(q), model.Range(2))
	}
	s, err := b.Schema()
	return &setters{s}, err
}

func (r *setters) Schema() *model.Schema    { return r.schema }
func (r *setters) RuleName(int, int) string { return "set" }
func (r *setters) Neighbors(q int) []int {
	n := r.schema.Procs()
	return []int{(q + n - 1) % n, (q + 1) % n}
}
func (r *setters) Enabled(s model.State, q int, dst []int) []int {
	if s[q] == 0 {
		dst = append(dst, 0)
	}
	return dst
}
func (r *setters) Fire(_ model.State, moves []model.Move, next model.State) {
	for _, mv := range moves {
		next[mv.Proc] = 1
	}
}

// A simulation prints the distribution with its seed, and the same seed gives the same
// figures with any number of workers; runs stuck outside the legitimate set exit 1 and are
// saved as traces that mc replay re-checks.
func TestSimulate(t *testing.T) {
	args := []string{"simulate", "dijkstra", "-p", "n=20", "-p", "K=20", "--runs", "3000", "--seed", "11"}
	code, out, stderr := mc(t, args...)
	if code != exitHolds || !strings.Contains(out, "3,000 runs · seed 11") || !strings.Contains(out, "stabilized   3,000 of 3,000 runs") {
		t.Fatalf("exit %d: %s %s", code, out, stderr)
	}
	_, again, _ := mc(t, append(args, "--workers", "1")...)
	masked := regexp.MustCompile(`(?m)^  time .*$`)
	if masked.ReplaceAllString(out, "") != masked.ReplaceAllString(again, "") {
		t.Fatalf("the same seed gives other figures:\n%s\n%s", out, again)
	}
	remove, err := models.Register(stuckEntry())
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	dir := t.TempDir()
	code, out, _ = mc(t, "simulate", "stuck", "--daemon", "dd", "--runs", "5", "--seed", "3", "--dir", dir)
	if code != exitViolated || !strings.Contains(out, "5 stuck outside the legitimate set") || !strings.Contains(out, "not stabilized: runs 0, 1, 2, 3, 4 (") {
		t.Fatalf("exit %d: %s", code, out)
	}
	saved, _ := filepath.Glob(filepath.Join(dir, "run-*.json"))
	if len(saved) != 5 {
		t.Fatalf("%d traces saved", len(saved))
	}
	if code, out, stderr := mc(t, "replay", saved[0]); code != exitHolds || !strings.Contains(out, "simulate run") {
		t.Fatalf("replay: exit %d: %s %s", code, out, stderr)
	}
	os.RemoveAll(dir)
	if code, _, _ := mc(t, "simulate", "stuck", "--runs", "5", "--max-steps", "0"); code != exitUsage {
		t.Errorf("--max-steps 0: exit %d", code)
	}
}

// --hashed explores a universe by BFS over the hashed store in memory and gives the dense
// store's figures.
func TestHashedGivesTheDenseFigures(t *testing.T) {
	figures := func(extra ...string) string {
		_, out, _ := mc(t, append([]string{"check", "dijkstra", "-p", "n=5", "-p", "K=5", "--daemon", "dd", "--rounds"}, extra...)...)
		var keep []string
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, "explored") || strings.Contains(line, "worst case") || strings.Contains(line, "holds") {
				keep = append(keep, strings.ReplaceAll(strings.ReplaceAll(line, "dense store", ""), "memory store", ""))
			}
		}
		return strings.Join(keep, "\n")
	}
	if dense, hashed := figures(), figures("--hashed"); dense != hashed || !strings.Contains(dense, "3,125 states") {
		t.Fatalf("dense:\n%s\nhashed:\n%s", dense, hashed)
	}
}

// simulate --json gives the figures the table gives, in the shape of mc check --json (the run
// as asked for, a verdict, stats), for a seeded run exactly; runs stuck outside the legitimate
// set make it violated (exit 1), with the runs and the traces --dir saved.
func TestSimulateJSON(t *testing.T) {
	args := []string{"simulate", "dijkstra", "-p", "n=5", "-p", "K=5", "--runs", "200", "--seed", "7"}
	code, out, _ := mc(t, append(args, "--json")...)
	var got simulationJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil || code != exitHolds {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	got.Stats.Seconds = 0
	want := simulationJSON{About: summary.About{Model: "dijkstra", Params: map[string]int{"n": 5, "K": 5}, Daemon: "central", Fairness: "unfair"},
		Scheduler: "random", Runs: 200, Seed: 7, MaxSteps: 1_000_000, Verdict: checker.Holds,
		Stats: simStatsJSON{Stabilized: 200, NotStabilized: []int{}},
		Figures: simFiguresJSON{Moves: sim.Spread{Min: 0, Median: 3, P99: 8, Max: 8, Mean: 3.08}, Steps: sim.Spread{Min: 0, Median: 3, P99: 8, Max: 8, Mean: 3.08},
			Rounds: sim.Spread{Min: 0, Median: 1, P99: 3, Max: 3, Mean: 1.22}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	_, table, _ := mc(t, args...)
	for _, row := range []string{"  moves               0          3          8          8         3.08",
		"  rounds              0          1          3          3         1.22", "  stabilized   200 of 200 runs"} {
		if !strings.Contains(table, row) {
			t.Fatalf("the table has other figures than the JSON: %s", table)
		}
	}
	remove, err := models.Register(stuckEntry())
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	dir := t.TempDir()
	code, out, _ = mc(t, "simulate", "stuck", "--daemon", "dd", "--runs", "3", "--seed", "3", "--dir", dir, "--json")
	got = simulationJSON{}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitViolated || got.Verdict != checker.Violated ||
		got.Stats.Stuck != 3 || !reflect.DeepEqual(got.Stats.NotStabilized, []int{0, 1, 2}) || len(got.Saved) != 3 || got.Saved[2] != filepath.Join(dir, "run-2.json") {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
}

// A simulated recovery that ends stuck is saved as a run of the model with faults, and
// replays: LE(k) as printed, where one probe fault makes a process run forever (docs/LEK.md,
// finding 1), and every run of this seed ends stuck. A fault that also rewrote a second
// process does not replay.
func TestSimulateSavesFaultRuns(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := mc(t, "simulate", "lek", "--faults", "1", "--end", "start", "--runs", "3", "--seed", "1", "--dir", dir)
	if code != exitViolated || !strings.Contains(out, "3 stuck outside the configuration they started from") {
		t.Fatalf("exit %d: %s %s", code, out, stderr)
	}
	saved, _ := filepath.Glob(filepath.Join(dir, "run-*.json"))
	if len(saved) != 3 {
		t.Fatalf("%d runs saved", len(saved))
	}
	code, out, stderr = mc(t, "replay", saved[0])
	if code != exitHolds || !regexp.MustCompile(`\n +1 P\d+ fault `).MatchString(out) || !strings.Contains(out, "every step is a legal step of the daemon") {
		t.Fatalf("replay: exit %d: %.3000s %s", code, out, stderr)
	}
	var raw map[string]any
	data, _ := os.ReadFile(saved[0])
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	states := raw["checks"].([]any)[0].(map[string]any)["trace"].(map[string]any)["states"].([]any)
	before, after := states[0].([]any), states[1].([]any)
	other := 0 // process 0's vote, or process 1's if the fault hit process 0
	for i := range 25 {
		if fmt.Sprint(before[i]) != fmt.Sprint(after[i]) {
			other = 25
		}
	}
	if fmt.Sprint(after[other]) == "⊥" {
		after[other] = 0
	} else {
		after[other] = "⊥"
	}
	forged, _ := json.Marshal(raw)
	os.WriteFile(saved[0], forged, 0o644)
	if code, _, stderr := mc(t, "replay", saved[0]); code != exitViolated || !strings.Contains(stderr, "does not replay") {
		t.Fatalf("a forged fault: exit %d, %s", code, stderr)
	}
}
