package checker

import (
	"context"
	"testing"
)

// torus walks on a 3-dimensional torus of side n: many BFS levels, each state reached from
// several others, so that lookups hit the current level, older ones and pending states.
type torus struct {
	n   int
	sch *Schema
}

func newTorus(n int) *torus {
	d := Range(n)
	s, _ := NewSchema(1, Var{Name: "x", Domain: d}, Var{Name: "y", Domain: d}, Var{Name: "z", Domain: d})
	return &torus{n: n, sch: s}
}

func (t *torus) Schema() *Schema             { return t.sch }
func (t *torus) Init(yield func(State) bool) { yield(State{0, 0, 0}) }
func (t *torus) Successors(s State, yield func(Step, State) bool) {
	next := make(State, 3)
	for i := range 6 {
		copy(next, s)
		d := 1
		if i%2 == 1 {
			d = t.n - 1
		}
		next[i/2] = byte((int(s[i/2]) + d) % t.n)
		if !yield(Step{Index: i}, next) {
			return
		}
	}
}

// The visited set spilling to badger gives the graph of the in-memory one, node for node and
// edge for edge: with a budget that moves everything to badger after every commit, one that
// keeps the recent levels in memory, in exact mode and not, and moving to disk mid-run.
func TestSpillStoreGraph(t *testing.T) {
	m := newTorus(40) // 64,000 states
	want, err := exploreBFS(context.Background(), m, newMemStore(false, 3), bfsConfig{workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		budget uint64
		exact  bool
		auto   bool // start in memory, move to disk at the first commit
	}{{1, false, false}, {1, true, false}, {300 << 10, false, false}, {1, false, true}} {
		cfg := bfsConfig{workers: 2}
		dir := t.TempDir()
		if tc.auto {
			cfg.grow = &onDemand{dir: dir, budget: 1 << 30}
			dir = ""
		}
		sp := newSpillStore(dir, tc.exact, 3, tc.budget)
		got, err := exploreBFS(context.Background(), m, sp, cfg)
		sp.close()
		if tc.auto {
			if !cfg.grow.moved() {
				t.Fatal("auto: the run did not move to disk")
			}
			defer cfg.grow.close()
		}
		if err != nil {
			t.Fatal(err)
		}
		if sp.cold == 0 {
			t.Fatalf("%+v: nothing spilled", tc)
		}
		if got.size() != want.size() || got.edges.len() != want.edges.len() {
			t.Fatalf("%+v: %d states, %d edges; want %d, %d", tc, got.size(), got.edges.len(), want.size(), want.edges.len())
		}
		for id := range want.size() {
			if string(got.stateAt(id)) != string(want.stateAt(id)) || got.parent.at(id) != want.parent.at(id) {
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
