package checker_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// everyConfiguration lists every configuration of Dijkstra's ring as an explicit initial
// state, so that the hashed explorer (which keeps checkpoints) runs on it.
func everyConfiguration(t *testing.T, n, k int) (*dijkstra.Ring, model.Model) {
	t.Helper()
	r, universal := ring(t, n, k, model.Central)
	var init []model.State
	universal.Init(func(s model.State) bool { init = append(init, s.Clone()); return true })
	m, err := model.Daemonize(r, model.Central, model.From(init))
	if err != nil {
		t.Fatal(err)
	}
	return r, m
}

// shortOr is small with -short, else full.
func shortOr(small, full int) int {
	if testing.Short() {
		return small
	}
	return full
}

// sameResult compares everything but timings and the checkpoint bookkeeping.
func sameResult(t *testing.T, a, b *checker.Result) {
	t.Helper()
	if !reflect.DeepEqual(a.Checks, b.Checks) || !reflect.DeepEqual(a.Metrics, b.Metrics) ||
		a.Stats.States != b.Stats.States || a.Stats.Transitions != b.Stats.Transitions ||
		a.Stats.InitialStates != b.Stats.InitialStates || a.Stats.Depth != b.Stats.Depth {
		t.Fatalf("results differ:\n%+v\n%+v", a, b)
	}
}

// A run interrupted at any point after its first save, resumed with another number of
// workers, gives exactly the result of an uninterrupted run (Dijkstra n=7, K=7: 823,543
// initial states, explored in several segments; n=6 with -short), with the visited set in
// memory and in sorted runs (rebuilt from the saved states).
func TestCheckpointResume(t *testing.T) {
	r, m := everyConfiguration(t, shortOr(6, 7), 7)
	spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
	want := run(t, m, spec, 2)
	for _, onDisk := range []bool{false, true} {
		dir := t.TempDir()
		opts := func(workers int, ck checker.Checkpoints) checker.Options {
			o := checker.Options{Workers: workers, Checkpoints: &ck}
			if onDisk {
				o.Store, o.Dir, o.MemoryBudget = checker.StoreDisk, dir, 256<<20 // segments of 700k edges
			}
			return o
		}
		ctx, cancel := context.WithCancel(context.Background())
		go func() { // interrupt once a periodic save exists, wherever the run then is
			for ctx.Err() == nil {
				if _, err := os.Stat(filepath.Join(dir, "checkpoint", "manifest.json")); err == nil {
					cancel()
				}
				time.Sleep(time.Millisecond)
			}
		}()
		stopped, err := checker.Run(ctx, m, spec, opts(1, checker.Checkpoints{Dir: dir, Every: time.Nanosecond}))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !stopped.Stats.Interrupted || stopped.Stats.Checkpoint != dir || stopped.Verdict() != checker.Inconclusive {
			t.Fatalf("not interrupted: %+v", stopped.Stats)
		}
		resumed, err := checker.Run(context.Background(), m, spec, opts(3, checker.Checkpoints{Dir: dir, Resume: true, Every: time.Hour}))
		if err != nil {
			t.Fatal(err)
		}
		if !resumed.Stats.Resumed || resumed.Stats.Checkpoint != dir || onDisk && resumed.Stats.Store != "disk+runs" {
			t.Fatalf("not resumed: %+v", resumed.Stats)
		}
		sameResult(t, want, resumed)
		// The complete graph was saved: resuming again redoes only the analyses.
		again, err := checker.Run(context.Background(), m, spec, opts(0, checker.Checkpoints{Dir: dir, Resume: true}))
		if err != nil {
			t.Fatal(err)
		}
		sameResult(t, want, again)
	}
}

// A damaged checkpoint, a checkpoint of another model and a missing checkpoint are errors,
// never a verdict.
func TestCheckpointFailures(t *testing.T) {
	r, m := everyConfiguration(t, 4, 4)
	spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
	dir := t.TempDir()
	saved := &checker.Checkpoints{Dir: dir, Every: time.Hour} // saves the complete graph
	if _, err := checker.Run(context.Background(), m, spec, checker.Options{Checkpoints: saved}); err != nil {
		t.Fatal(err)
	}
	resume := checker.Options{Checkpoints: &checker.Checkpoints{Dir: dir, Resume: true}}
	expect := func(what string, m model.Model, want string) {
		t.Helper()
		if res, err := checker.Run(context.Background(), m, spec, resume); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: got %v, %v; want an error with %q", what, res, err, want)
		}
	}
	_, other := everyConfiguration(t, 4, 5)
	expect("another model", other, "another model")

	edges := filepath.Join(dir, "checkpoint", "edges")
	data, err := os.ReadFile(edges)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(edges, data, 0o644); err != nil {
		t.Fatal(err)
	}
	expect("flipped bit", m, "corrupt checkpoint")
	if err := os.WriteFile(edges, data[:len(data)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	expect("truncated file", m, "corrupt checkpoint")
	resume.Checkpoints.Dir = t.TempDir()
	expect("no checkpoint", m, "no checkpoint")
}

// The exact store (whole states as keys) finds the same graph and results as the fingerprint
// store, and reports no collision probability.
func TestExactStore(t *testing.T) {
	r, m := everyConfiguration(t, 5, 4)
	spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
	hashed := run(t, m, spec, 2)
	exact, err := checker.Run(context.Background(), m, spec, checker.Options{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, hashed, exact)
	if exact.Stats.Store != "memory, exact" || exact.Stats.CollisionProbability != 0 || hashed.Stats.CollisionProbability == 0 {
		t.Fatalf("%+v / %+v", exact.Stats, hashed.Stats)
	}
}

// A graph kept in files (mapped into memory), with its visited set in sorted runs, gives the
// results of one on the heap, under a memory budget that makes the run hand its mapped pages
// back; its files go with the run.
func TestGraphOnDisk(t *testing.T) {
	r, m := everyConfiguration(t, shortOr(5, 7), 7)
	spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
	want := run(t, m, spec, 2)
	dir := t.TempDir()
	got, err := checker.Run(context.Background(), m, spec, checker.Options{Store: checker.StoreDisk, Dir: dir, MemoryBudget: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, want, got)
	if got.Stats.Store != "disk+runs" {
		t.Fatalf("store %q", got.Stats.Store)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("files left behind: %v", left)
	}
}

// walk is a hand-written model whose steps depend on a field the schema does not show: a
// checkpoint of one stride must not be resumed with another.
type walk struct {
	stride int
	sch    *model.Schema
}

func newWalk(stride int) *walk {
	s, _ := model.NewSchema(1, model.Var{Name: "x", Domain: model.Range(200)}, model.Var{Name: "y", Domain: model.Range(200)})
	return &walk{stride: stride, sch: s}
}

func (w *walk) Schema() *model.Schema             { return w.sch }
func (w *walk) Init(yield func(model.State) bool) { yield(model.State{0, 0}) }
func (w *walk) Successors(s model.State, yield func(model.Step, model.State) bool) {
	for i, d := range []int{1, w.stride} {
		next := model.State{byte((int(s[0]) + d) % 200), byte((int(s[1]) + i) % 200)}
		if !yield(model.Step{Index: i}, next) {
			return
		}
	}
}

// A checkpoint is refused, with a clear error, when it was made with another transition
// relation, with the other store mode, when its manifest was tampered with, and it is found
// again when a crash stopped a save halfway.
func TestCheckpointGuards(t *testing.T) {
	spec := checker.Spec{Checks: []checker.Check{checker.CheckDeadlock}}
	save := func(m model.Model, exact bool) string {
		dir := t.TempDir()
		_, err := checker.Run(context.Background(), m, spec, checker.Options{Exact: exact, Checkpoints: &checker.Checkpoints{Dir: dir, Every: time.Hour}})
		if err != nil {
			t.Fatal(err)
		}
		return dir
	}
	resume := func(m model.Model, dir string, exact bool) (*checker.Result, error) {
		return checker.Run(context.Background(), m, spec, checker.Options{Exact: exact, Checkpoints: &checker.Checkpoints{Dir: dir, Resume: true}})
	}
	refused := func(what string, err error, want string) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: got %v, want an error with %q", what, err, want)
		}
	}
	dir := save(newWalk(3), false)
	_, err := resume(newWalk(5), dir, false)
	refused("another stride", err, "does not match the model")
	_, err = resume(newWalk(3), dir, true)
	refused("exact", err, "exact=false")

	want, err := resume(newWalk(3), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	// A crash between the two renames of a save: only the previous save, or the new one
	// complete beside the old, is left. Either is found.
	for _, left := range []string{"checkpoint.old", "checkpoint.new"} {
		crashed := save(newWalk(3), false)
		if err := os.Rename(filepath.Join(crashed, "checkpoint"), filepath.Join(crashed, left)); err != nil {
			t.Fatal(err)
		}
		got, err := resume(newWalk(3), crashed, false)
		if err != nil {
			t.Fatalf("%s: %v", left, err)
		}
		sameResult(t, want, got)
	}

	// A crash while the next save wrote its manifest: the half-written save is dropped and
	// the current one stays.
	if err := os.MkdirAll(filepath.Join(dir, "checkpoint.new"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "checkpoint.new", "manifest.json"), []byte(`{"form`), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := resume(newWalk(3), dir, false)
	if err != nil {
		t.Fatalf("half-written save: %v", err)
	}
	sameResult(t, want, got)

	manifest := filepath.Join(dir, "checkpoint", "manifest.json")
	text, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(text), `"level_end": `, `"level_end": 1`, 1) // past the nodes
	if err := os.WriteFile(manifest, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = resume(newWalk(3), dir, false)
	refused("tampered manifest", err, "corrupt checkpoint")
}

// Interrupted during the convergence search, a run keeps its complete graph and the labels
// the search had finished: the resumed run goes on from them, and gives the uninterrupted
// result.
func TestInterruptedAnalysesKeepTheGraph(t *testing.T) {
	for _, k := range []int{7, 4} { // K = 4 < n-1: convergence fails, with a lasso
		r, m := everyConfiguration(t, shortOr(6, 7), k)
		spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}}
		want := run(t, m, spec, 2)
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		progress := func(p checker.Progress) {
			if p.Phase == "converge" {
				cancel()
			}
		}
		stopped, err := checker.Run(ctx, m, spec, checker.Options{Progress: progress, Checkpoints: &checker.Checkpoints{Dir: dir}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !stopped.Stats.Interrupted || stopped.Stats.Checkpoint != dir {
			t.Fatalf("K=%d: %+v", k, stopped.Stats)
		}
		if _, err := os.Stat(filepath.Join(dir, "labels", "manifest.json")); err != nil {
			t.Fatalf("K=%d: the labels were not saved: %v", k, err)
		}
		resumed, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 1, Checkpoints: &checker.Checkpoints{Dir: dir, Resume: true}})
		if err != nil {
			t.Fatal(err)
		}
		sameResult(t, want, resumed)
	}
}

// Labels saved for one legitimate set are not used for another: the graph is the same, the
// labels are not (a cycle outside the new legitimate set must still be found).
func TestLabelsOfAnotherLegitimateSet(t *testing.T) {
	r, m := everyConfiguration(t, 6, 4)
	wider := func(s model.State) bool { return r.Legitimate()(s) || s[0] == s[1] }
	spec := checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: wider}}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	progress := func(p checker.Progress) {
		if p.Phase == "converge" {
			cancel()
		}
	}
	if _, err := checker.Run(ctx, m, spec, checker.Options{Progress: progress, Checkpoints: &checker.Checkpoints{Dir: dir}}); err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, err := os.Stat(filepath.Join(dir, "labels", "manifest.json")); err != nil {
		t.Fatalf("no labels saved: %v", err)
	}
	spec.Legit = r.Legitimate()
	want := run(t, m, spec, 2)
	got, err := checker.Run(context.Background(), m, spec, checker.Options{Checkpoints: &checker.Checkpoints{Dir: dir, Resume: true}})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, want, got)
	if want.Verdict() != checker.Violated {
		t.Fatal("K=4 < n-1 should not converge")
	}
}
