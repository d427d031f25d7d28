package checker

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// The on-demand store (StoreAuto) moves a run to disk when the heap passes its mark: with a
// mark of zero, at the first commit. The graph it explores is the in-memory run's, node for
// node, and its files go with the run.
func TestAutoMovesToDisk(t *testing.T) {
	r, _ := dijkstra.New(5, 4)
	universal, _ := model.Daemonize(r, model.Central)
	var init []model.State
	universal.Init(func(s model.State) bool { init = append(init, s.Clone()); return true })
	m, _ := model.Daemonize(r, model.Central, model.From(init[:100]))
	spec := &Spec{Checks: []Check{CheckClosure}, Properties: model.Properties{Legit: r.Legitimate()}}
	want, err := explore.BFS(context.Background(), m, store.NewMemory(false, 5), explore.Config{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{t.TempDir(), ""} { // "": a temporary directory
		h, err := openHashed(context.Background(), m, spec, Options{Store: StoreAuto, Dir: dir, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		h.grow.mark = 0
		var stats Stats
		got, err := h.explore(context.Background(), m, &stats)
		if err != nil {
			t.Fatal(err)
		}
		if !h.moved() || h.name() != "disk" || got.Size() != want.Size() || got.Edges() != want.Edges() {
			t.Fatalf("dir %q: moved %v, store %q, %d states %d edges, want %d %d", dir, h.moved(), h.name(), got.Size(), got.Edges(), want.Size(), want.Edges())
		}
		s, w := m.Schema().NewState(), m.Schema().NewState()
		for id := range want.Size() {
			got.State(id, s)
			if want.State(id, w); !s.Equal(w) {
				t.Fatalf("node %d differs", id)
			}
		}
		h.close()
	}
}

// Details group digits and agree in number.
func TestCharacterisedDetail(t *testing.T) {
	for _, c := range []struct {
		reached, universe uint64
		want              string
	}{
		{1, 972, "exactly the one reachable configuration (of 972) satisfies it"},
		{56, 196608, "exactly the 56 reachable configurations (of 196,608) satisfy it"},
	} {
		if got := characterised(c.reached, c.universe); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}
