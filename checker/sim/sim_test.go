package sim_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/toys"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/sim"
	"github.com/mc-checker/mc/models/dijkstra"
)

func simulate(t *testing.T, r *dijkstra.Ring, opts sim.Options) *sim.Result {
	t.Helper()
	opts.Legit = r.Legitimate()
	res, err := sim.Simulate(context.Background(), r, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The same seed gives the same runs with any number of workers, and another seed others. A
// cost of 1 a step sums to the steps.
func TestReproducible(t *testing.T) {
	r, _ := dijkstra.New(12, 12)
	one := model.Cost{Name: "one", Of: func(model.State) int { return 1 }}
	opts := sim.Options{Runs: 500, Seed: 42, Daemon: model.Distributed, MaxSteps: 100_000, Costs: []model.Cost{one}}
	first := simulate(t, r, withWorkers(opts, 1))
	three := simulate(t, r, withWorkers(opts, 3))
	if !reflect.DeepEqual(first.Runs, three.Runs) {
		t.Fatal("the runs depend on the number of workers")
	}
	for _, run := range first.Runs {
		if run.Steps > 0 && run.Costs[0] != run.Steps {
			t.Fatalf("run %d: a cost of 1 a step sums to %d in %d steps", run.Index, run.Costs[0], run.Steps)
		}
	}
	if s := first.Summarize(); s.Costs[0].Name != "one" || s.Costs[0].Spread != s.Steps {
		t.Fatalf("%+v against %+v", s.Costs, s.Steps)
	}
	opts.Seed = 43
	if other := simulate(t, r, opts); reflect.DeepEqual(other.Runs, first.Runs) {
		t.Fatal("another seed gives the same runs")
	}
}

func withWorkers(o sim.Options, w int) sim.Options { o.Workers = w; return o }

// No simulated run exceeds the exhaustive worst case in moves, steps or rounds (Dijkstra n=5,
// docs/DIJKSTRA.md), under any daemon and scheduler; every run's trace replays through the
// model, ends legitimate, and has the moves, steps and rounds the run counted.
func TestWithinTheExhaustiveWorstCase(t *testing.T) {
	for _, tc := range []struct {
		d                    model.Daemon
		k                    int
		moves, steps, rounds int
	}{
		{model.Central, 4, 24, 24, 7}, {model.LocallyCentral, 5, 24, 24, 7},
		{model.Distributed, 5, 29, 24, 7}, {model.Synchronous, 5, 29, 7, 7},
	} {
		r, _ := dijkstra.New(5, tc.k)
		for _, sch := range []sim.Scheduler{sim.Random, sim.First, sim.Postpone} {
			if sch == sim.Postpone && tc.d != model.Central {
				continue
			}
			opts := sim.Options{Runs: 300, Seed: 7, Daemon: tc.d, Scheduler: sch, MaxSteps: 1000, Workers: 2, Legit: r.Legitimate()}
			res := simulate(t, r, opts)
			s := res.Summarize()
			if s.Stabilized != opts.Runs || s.Moves.Max > tc.moves || s.Steps.Max > tc.steps || s.Rounds.Max > tc.rounds {
				t.Errorf("%s %s: %+v beyond the worst case %d/%d/%d", tc.d, sch, s, tc.moves, tc.steps, tc.rounds)
			}
			m, _ := model.Daemonize(r, tc.d)
			for _, run := range res.Runs[:20] {
				tr, err := sim.Trace(r, m, opts, run.Index)
				if err != nil {
					t.Fatal(err)
				}
				rounds, _, err := analysis.TraceRounds(m, tr)
				if err != nil || model.Replay(m, tr) != nil || !r.Legitimate()(tr.States[len(tr.States)-1]) ||
					len(tr.Steps) != run.Steps || run.Steps > 0 && int(rounds) != run.Rounds {
					t.Fatalf("%s %s run %d: %+v, its trace has %d steps, %d rounds (%v)", tc.d, sch, run.Index, run, len(tr.Steps), rounds, err)
				}
			}
		}
	}
}

// stuck is a ring of n bits where a process may set its bit when its successor's is clear:
// every execution ends with all bits set, which is not legitimate (legit asks for a clear
// bit), so every run deadlocks; with spin, a process may also clear its bit again, and no run
// ever stops.
type stuck struct {
	schema *model.Schema
	spin   bool
}

func newStuck(n int, spin bool) *stuck {
	var vars []model.Var
	for p := range n {
		vars = append(vars, model.Var{Name: "b" + string(rune('0'+p)), Owner: model.Owner(p), Domain: model.Range(2)})
	}
	s, _ := model.NewSchema(n, vars...)
	return &stuck{schema: s, spin: spin}
}

func (p *stuck) Schema() *model.Schema    { return p.schema }
func (p *stuck) Neighbors(q int) []int    { return []int{(q + 1) % p.schema.Procs()} }
func (p *stuck) RuleName(_, r int) string { return [...]string{"set", "clear"}[r] }
func (p *stuck) Enabled(s model.State, q int, dst []int) []int {
	if s[q] == 0 {
		dst = append(dst, 0)
	} else if p.spin {
		dst = append(dst, 1)
	}
	return dst
}
func (p *stuck) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[m.Proc] = 1 - s[m.Proc]
	}
}
func never(model.State) bool { return false }

// A run stuck outside the legitimate set is reported as such, with a trace that replays to a
// configuration without successors; a run that never stops reaches the step bound.
func TestDeadlockedAndBounded(t *testing.T) {
	p := newStuck(4, false)
	opts := sim.Options{Runs: 50, Seed: 3, Daemon: model.Distributed, MaxSteps: 100, Workers: 2, Legit: never}
	res, err := sim.Simulate(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Summarize(); s.Deadlocked != 50 || !slices.Equal(s.FirstFailed, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Fatalf("%+v", s)
	}
	m, _ := model.Daemonize(p, model.Distributed)
	tr, err := sim.Trace(p, m, opts, 0)
	if err != nil || model.Replay(m, tr) != nil {
		t.Fatalf("%v", err)
	}
	last := tr.States[len(tr.States)-1]
	m.Successors(last, func(model.Step, model.State) bool { t.Fatalf("the last state %v has a successor", last); return false })
	spin := newStuck(4, true)
	opts.Legit = never
	res, err = sim.Simulate(context.Background(), spin, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Summarize(); s.Bound != 50 {
		t.Fatalf("%+v", s)
	}
}

// With faults, runs recover from the legitimate configuration they reached: after one fault
// no run takes longer than the exhaustive worst case from the first fault (Dijkstra n=5, K=4,
// central: 17 steps, 7 rounds, docs/DIJKSTRA.md), and after two, 37 steps and 13 rounds.
func TestFaultsWithinTheExhaustiveRecovery(t *testing.T) {
	r, _ := dijkstra.New(5, 4)
	for _, tc := range []struct{ faults, steps, rounds int }{{1, 17, 7}, {2, 37, 13}} {
		for _, sch := range []sim.Scheduler{sim.Random, sim.Postpone} {
			res := simulate(t, r, sim.Options{Runs: 2000, Seed: 9, Daemon: model.Central, Scheduler: sch, MaxSteps: 1000, Workers: 2,
				Faults: tc.faults, FaultGap: 6})
			s := res.Summarize()
			if s.Stabilized != 2000 || s.Steps.Max > tc.steps || s.Rounds.Max > tc.rounds || s.Steps.Max == 0 {
				t.Errorf("%d faults, %s: %+v beyond %d steps, %d rounds", tc.faults, sch, s, tc.steps, tc.rounds)
			}
		}
	}
}

// With EndAtStart, a recovery ends only back in the configuration the first fault hit, not in
// the first legitimate one: on the ring of bits that each process sets once, with "b0 = 1"
// legitimate, a fault that clears another bit leaves the configuration legitimate (0 steps),
// but the start is the all-ones configuration, one step away.
func TestEndAtStart(t *testing.T) {
	p := newStuck(4, false)
	ones := model.State{1, 1, 1, 1}
	legit := func(s model.State) bool { return s[0] == 1 }
	for _, tc := range []struct {
		end      bool
		minSteps int
	}{{false, 0}, {true, 1}} {
		opts := sim.Options{Runs: 200, Seed: 5, Daemon: model.Central, MaxSteps: 100, Workers: 2, Legit: legit,
			Init: []model.State{ones}, Faults: 1, EndAtStart: tc.end}
		res, err := sim.Simulate(context.Background(), p, opts)
		if err != nil {
			t.Fatal(err)
		}
		if s := res.Summarize(); s.Stabilized != 200 || s.Steps.Min != tc.minSteps || s.Steps.Max != 1 {
			t.Errorf("end at start %v: %+v; want 200 stabilized in %d..1 steps", tc.end, s, tc.minSteps)
		}
	}
	_, err := sim.Simulate(context.Background(), p, sim.Options{Runs: 1, MaxSteps: 1, Legit: legit, EndAtStart: true})
	if err == nil {
		t.Error("ending at the start without faults is accepted")
	}
}

// An interrupted simulation counts only the runs it made: the runs it never started were
// counted as stabilized (a Run's zero value), which an interrupt turned into figures.
func TestInterruptedCountsRunsMade(t *testing.T) {
	r, _ := dijkstra.New(5, 5)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := sim.Options{Runs: 10_000, Seed: 1, Daemon: model.Central, MaxSteps: 1000, Workers: 1, Legit: r.Legitimate(),
		Progress: func(int) { cancel() }} // after the first chunk of runs
	res, err := sim.Simulate(ctx, r, opts)
	if err == nil {
		t.Fatal("an interrupted simulation returned no error")
	}
	s := res.Summarize()
	if made := s.Stabilized + s.Deadlocked + s.Bound; made == 0 || made >= opts.Runs || len(s.FirstFailed) != 0 {
		t.Errorf("%d stabilized, %d deadlocked, %d bounded, first failed %v: want only the runs made, all stabilized",
			s.Stabilized, s.Deadlocked, s.Bound, s.FirstFailed)
	}
}

// A simulated recovery is an execution of the recovery check's model with faults
// (faults.With): every run's trace replays through it, faults told by their ends. On a ring
// where a process holding 3 returns to 0 and one holding 1 moves to 2, where nothing moves,
// a second fault drawn right after the move to 2 must not hit (the checker's model has no
// fault where no process can move outside the end: the run failed there), so such runs end
// deadlocked rather than rescued.
func TestFaultRunsAreExecutionsOfTheModelWithFaults(t *testing.T) {
	ring := toys.Ring(3, 4, []string{"move"}, func(s model.State, p int) bool { return s[p] == 1 || s[p] == 3 },
		func(s model.State, p int, next model.State) { next[p] = map[byte]byte{1: 2, 3: 0}[s[p]] })
	zero := ring.Schema().NewState()
	legit := func(s model.State) bool { return s.Equal(zero) }
	m, err := model.Daemonize(ring, model.Central, model.From([]model.State{zero}))
	if err != nil {
		t.Fatal(err)
	}
	withFaults, err := faults.With(m, faults.Spec{Budget: 2}, []model.State{zero}, legit)
	if err != nil {
		t.Fatal(err)
	}
	opts := sim.Options{Runs: 200, Seed: 3, Daemon: model.Central, MaxSteps: 100, Workers: 1, Legit: legit,
		Init: []model.State{zero}, Faults: 2, FaultGap: 0}
	res, err := sim.Simulate(context.Background(), ring, opts)
	if err != nil {
		t.Fatal(err)
	}
	stuck := 0
	for _, run := range res.Runs {
		tr, err := sim.Trace(ring, withFaults, opts, run.Index)
		if err != nil {
			t.Fatalf("run %d: %v", run.Index, err)
		}
		if err := model.Replay(withFaults, tr); err != nil {
			t.Fatalf("run %d (%v) is not an execution of the model with faults: %v", run.Index, run.Outcome, err)
		}
		if run.Outcome == sim.Deadlocked {
			stuck++
		}
	}
	if stuck == 0 || stuck == len(res.Runs) {
		t.Fatalf("%d of %d runs stuck: the test shows nothing", stuck, len(res.Runs))
	}
}

// A simulation split into shards (ranges of runs, Options.First) runs the same executions:
// their partials merge into exactly the summary of the whole, for 1, 3 and 8 shards, with
// runs that stabilize, runs that pass the step bound (the first ten of them listed) and costs.
func TestShardsMerge(t *testing.T) {
	r, _ := dijkstra.New(5, 4)
	one := model.Cost{Name: "one", Of: func(model.State) int { return 1 }}
	opts := sim.Options{Runs: 400, Seed: 9, Daemon: model.Central, MaxSteps: 3, Workers: 2, Legit: r.Legitimate(),
		Costs: []model.Cost{one}}
	whole := simulate(t, r, opts).Summarize()
	if whole.Bound <= sim.MaxFailedShown || whole.Stabilized == 0 {
		t.Fatalf("the runs do not both stabilize and fail: %+v", whole)
	}
	for _, shards := range []int{1, 3, 8} {
		var merged *sim.Partial
		for i := range shards {
			o := opts
			o.First, o.Runs = i*opts.Runs/shards, (i+1)*opts.Runs/shards-i*opts.Runs/shards
			p := simulate(t, r, o).Partial()
			if merged == nil {
				merged = &p
			} else if err := merged.Merge(p); err != nil {
				t.Fatal(err)
			}
		}
		if got := merged.Summary(); !reflect.DeepEqual(got, whole) {
			t.Errorf("%d shards: %+v, the whole %+v", shards, got, whole)
		}
	}
}
