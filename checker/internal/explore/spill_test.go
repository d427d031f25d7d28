package explore

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mc-checker/mc/checker/internal/mapped"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
)

// torus walks on a 3-dimensional torus of side n: many BFS levels, each state reached from
// several others, so that lookups hit the current level, older ones and pending states.
type torus struct {
	n   int
	sch *model.Schema
	all bool // every state is initial, listed twice: duplicates, and a level 0 beyond a batch
}

func newTorus(n int) *torus {
	d := model.Range(n)
	s, _ := model.NewSchema(1, model.Var{Name: "x", Domain: d}, model.Var{Name: "y", Domain: d}, model.Var{Name: "z", Domain: d})
	return &torus{n: n, sch: s}
}

func (t *torus) Schema() *model.Schema { return t.sch }
func (t *torus) Init(yield func(model.State) bool) {
	if !t.all {
		yield(model.State{0, 0, 0})
		return
	}
	for range 2 {
		for x := range t.n {
			for y := range t.n {
				for z := range t.n {
					if !yield(model.State{byte(x), byte(y), byte(z)}) {
						return
					}
				}
			}
		}
	}
}
func (t *torus) Successors(s model.State, yield func(model.Step, model.State) bool) {
	next := make(model.State, 3)
	for i := range 6 {
		copy(next, s)
		d := 1
		if i%2 == 1 {
			d = t.n - 1
		}
		next[i/2] = byte((int(s[i/2]) + d) % t.n)
		if !yield(model.Step{Index: i}, next) {
			return
		}
	}
}

// The visited set spilling to badger or to sorted runs, or wholly in sorted runs (batchStore),
// gives the graph of the in-memory one, node for node and edge for edge: with a budget that
// moves everything out after every commit, one that keeps the recent levels in memory, in
// exact mode and not, moving to disk mid-run, and with small segments, so that runs are made
// and merged often; and on a universe listed twice as initial states, in batches of 1,000,
// whose second listing must be found beyond memory.
func TestSpillStoreGraph(t *testing.T) {
	type test struct {
		m      *torus
		budget uint64 // of the spill store's memory part; 0: a batchStore
		badger bool
		exact  bool
		auto   bool   // start in memory, move to disk at the first commit
		edges  uint64 // segmentEdges
	}
	var tests []test
	side := 40 // a torus of 64,000 states; 8,000 with -short
	if testing.Short() {
		side = 20
	}
	part := uint64(300<<10) * uint64(side*side*side) / 64_000 // a budget that spills part of the set
	for _, badger := range []bool{true, false} {
		tests = append(tests, test{newTorus(side), 1, badger, false, false, 0}, test{newTorus(side), 1, badger, true, false, 0},
			test{newTorus(side), part, badger, false, false, 0}, test{newTorus(side), 1, badger, false, true, 0})
	}
	universe := newTorus(20) // 8,000 states
	universe.all = true
	for _, exact := range []bool{false, true} {
		tests = append(tests, test{newTorus(side), 1, false, exact, false, 5000}, test{newTorus(side), 0, false, exact, false, 5000},
			test{universe, 1, true, exact, false, 1000}, test{universe, 1, false, exact, false, 1000}, test{universe, 0, false, exact, false, 1000})
	}
	want := map[*torus]*Explicit{}
	for _, tc := range tests {
		if want[tc.m] == nil {
			g, err := BFS(context.Background(), tc.m, store.NewMemory(false, 3), Config{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			want[tc.m] = g
		}
		want := want[tc.m]
		cfg := Config{Workers: 2, SegmentEdges: tc.edges}
		dir := t.TempDir()
		var visited store.Store
		var err error
		switch {
		case tc.budget == 0:
			visited, err = store.NewBatch(dir, tc.exact, 3, 2)
			if err != nil {
				t.Fatal(err)
			}
		case tc.auto:
			visited = store.NewSpill("", tc.badger, tc.exact, 3, 2, tc.budget)
		default:
			visited = store.NewSpill(dir, tc.badger, tc.exact, 3, 2, tc.budget)
		}
		defer visited.(store.Closer).Close()
		var space *mapped.Space
		if tc.auto { // move to disk at the first commit, as the on-demand store does
			cfg.Grow = func(g *Explicit) error {
				if space != nil {
					return nil
				}
				if space, err = mapped.NewSpace(dir, 1<<30); err != nil {
					return err
				}
				visited.(store.Spiller).SpillTo(filepath.Join(dir, "visited"))
				return g.UseDisk(space)
			}
		}
		got, err := BFS(context.Background(), tc.m, visited, cfg)
		if tc.auto {
			if space == nil {
				t.Fatal("auto: the run did not move to disk")
			}
			defer space.Close()
		}
		if err != nil {
			t.Fatal(err)
		}
		if visited.(store.Counter).Spilled() == 0 {
			t.Fatalf("%+v: nothing spilled", tc)
		}
		if got.Size() != want.Size() || got.edges.len() != want.edges.len() {
			t.Fatalf("%+v: %d states, %d edges; want %d, %d", tc, got.Size(), got.edges.len(), want.Size(), want.edges.len())
		}
		for id := range want.Size() {
			if !got.stateAt(id, got.buffer()).Equal(want.stateAt(id, want.buffer())) || got.parent.at(id) != want.parent.at(id) {
				t.Fatalf("%+v: node %d differs", tc, id)
			}
		}
		for j := range want.edges.len() {
			if got.edges.at(j) != want.edges.at(j) {
				t.Fatalf("%+v: edge %d differs", tc, j)
			}
		}
	}
}
