package symbolic

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/models/dijkstra"
)

func ring(t *testing.T, n, k int, d model.Daemon) (model.Model, model.Form) {
	t.Helper()
	r, err := dijkstra.New(n, k)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(r, d)
	if err != nil {
		t.Fatal(err)
	}
	return m, r.LegitimateForm()
}

var stabilization = []string{"closure", "convergence", "worst-case"}

// The worst cases of Dijkstra's ring with K = n under the central daemon, from every
// configuration: 13, 24, 38 moves for n = 4, 5, 6 (the dense path's figures, which fit
// (3n+1)(n-2)/2), each with a witness that is an execution of the model as long.
func TestDijkstraWorstCases(t *testing.T) {
	for n, want := range map[int]uint64{4: 13, 5: 24, 6: 38} {
		m, legit := ring(t, n, n, model.Central)
		out, err := Check(context.Background(), Input{Model: m, Legit: legit, Checks: stabilization})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range out.Findings {
			if f.Violated || f.Inconclusive {
				t.Errorf("n=%d: %+v", n, f)
			}
		}
		if *out.WorstSteps != want || *out.WorstMoves != want || len(out.StepsWitness.Steps) != int(want) {
			t.Errorf("n=%d: worst %d moves, %d steps, witness %d; want %d", n, *out.WorstMoves, *out.WorstSteps, len(out.StepsWitness.Steps), want)
		}
		if err := model.Replay(m, out.StepsWitness); err != nil {
			t.Error(err)
		}
	}
}

// With K = n-2 the ring does not stabilize under the central daemon: convergence and the worst
// case are violated with a cycle outside the legitimate set that replays; closure holds.
func TestDijkstraTooFewStates(t *testing.T) {
	m, legit := ring(t, 5, 3, model.Central)
	out, err := Check(context.Background(), Input{Model: m, Legit: legit, Checks: stabilization})
	if err != nil {
		t.Fatal(err)
	}
	if f := out.Findings[0]; f.Violated {
		t.Fatalf("closure: %+v", f)
	}
	for _, f := range out.Findings[1:] {
		if !f.Violated || !f.Trace.IsLasso() || !strings.Contains(f.Detail, "cycle") {
			t.Fatalf("%+v", f)
		}
		if err := model.Replay(m, f.Trace); err != nil {
			t.Fatal(err)
		}
		for _, s := range f.Trace.States {
			if legit.Holds(s) {
				t.Fatalf("the cycle passes through the legitimate %v", s)
			}
		}
	}
	if out.WorstSteps != nil {
		t.Fatal("a worst case where there is none")
	}
}

// The encoding's counts: every configuration once, whatever its free bits (K = 5 leaves free
// bits under the tree encoding).
func TestCountOnce(t *testing.T) {
	m, legit := ring(t, 4, 5, model.Central)
	proto, d, _ := model.ProtocolOf(m)
	ru, err := newRunOf(context.Background(), Input{Model: m, Legit: legit}, proto, d)
	if err != nil {
		t.Fatal(err)
	}
	if got := ru.e.count(bdd.True).Int64(); got != 625 {
		t.Fatalf("%d configurations, want 5^4", got)
	}
	want := int64(0)
	u, _ := universe.New(m.Schema())
	s := m.Schema().NewState()
	for r := range u.Size() {
		u.Unrank(r, s)
		if legit.Holds(s) {
			want++
		}
		if legit.Holds(s) != ru.e.holds(ru.legit, s) {
			t.Fatalf("legit disagrees at %v", s)
		}
	}
	if got := ru.e.count(ru.legit).Int64(); got != want {
		t.Fatalf("%d legitimate configurations, want %d", got, want)
	}
}

// A process that reads beyond its neighbours is refused, and so is a randomized protocol.
func TestRefusals(t *testing.T) {
	m, _ := ring(t, 3, 3, model.Blocks)
	if _, err := Check(context.Background(), Input{Model: m, Checks: []string{"deadlock"}}); err == nil {
		t.Fatal("the blocks daemon accepted")
	}
	m, legit := ring(t, 3, 3, model.Central)
	if _, err := Check(context.Background(), Input{Model: m, Legit: legit, Checks: []string{"action-invariant"}}); err == nil {
		t.Fatal("an unknown check accepted")
	}
	if _, err := Check(context.Background(), Input{Model: m, Legit: legit, Order: []int{0, 0, 1}, Checks: stabilization}); err == nil {
		t.Fatal("a bad order accepted")
	}
	m, _ = ring(t, 5, 5, model.Central)
	far := form.Count{Procs: 5, Local: func(s model.State, p int) bool { return s[(p+2)%5] == 0 }, Min: 1, Max: 5}
	if _, err := Check(context.Background(), Input{Model: m, Legit: far, Checks: stabilization}); err == nil || !strings.Contains(err.Error(), "outside its view") {
		t.Fatalf("a local fact two machines away: %v", err)
	}
}
