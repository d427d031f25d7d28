package explore

import (
	"context"
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// scrambled lists the torus's states as initial states in a scrambled order, each of a third
// of them twice, at varying distances: duplicates inside one batch and across batches.
type scrambled struct{ *torus }

func (s scrambled) Init(yield func(model.State) bool) {
	n := s.n * s.n * s.n
	for k := range n + n/3 {
		i := (k * 7919) % n // 7919 is prime to n: a permutation, then a third again
		if !yield(model.State{byte(i % s.n), byte(i / s.n % s.n), byte(i / s.n / s.n)}) {
			return
		}
	}
}

// sequentialBFS is the graph's specification, written plainly: ids in the order a sequential
// BFS first meets the states (the initial ones in listing order, then the successors of each
// node in id and step order), with each new state's parent and step.
func sequentialBFS(m model.Model) (states []string, parent, via []uint32, edges []uint32) {
	id := map[string]uint32{}
	add := func(s model.State, p, v uint32) uint32 {
		if k, ok := id[string(s)]; ok {
			return k
		}
		id[string(s)] = uint32(len(states))
		states, parent, via = append(states, string(s)), append(parent, p), append(via, v)
		return uint32(len(states) - 1)
	}
	m.Init(func(s model.State) bool { add(s, noParent, 0); return true })
	for u := 0; u < len(states); u++ {
		m.Successors(model.State(states[u]), func(st model.Step, t model.State) bool {
			edges = append(edges, add(t, uint32(u), uint32(st.Index)))
			return true
		})
	}
	return states, parent, via, edges
}

// The in-memory visited set numbers states as a sequential BFS does, for any number of workers,
// any batch of initial states and any segment: the parallel Visits, the numbering by notes
// without lookups (done as the chunks are expanded: on the torus of 41, whose levels span
// two chunks and whole levels one segment) and the parallel publication of ids agree with a
// plain map; with the configurations stored by tree compression too (Config.Compress).
func TestMemoryStoreNumbersAsSequentialBFS(t *testing.T) {
	for _, tc := range []struct {
		m        model.Model
		segEdges uint64
	}{{newTorus(17), 3000}, {scrambled{newTorus(17)}, 3000}, {newTorus(41), 0}} {
		m := tc.m
		states, parent, via, edges := sequentialBFS(m)
		for _, workers := range []int{1, 2, 8} {
			for _, batch := range []uint64{0, 1000} {
				compress := batch > 0 // the configurations by tree compression, half the runs
				t.Run(fmt.Sprintf("%T/states=%d/workers=%d/batch=%d/compress=%v", m, len(states), workers, batch, compress), func(t *testing.T) {
					visited := store.NewMemory(false, 3)
					defer visited.(store.Closer).Close()
					g, err := BFS(context.Background(), m, visited, Config{Workers: workers, InitialBatch: batch, SegmentEdges: tc.segEdges, Compress: compress})
					if err != nil {
						t.Fatal(err)
					}
					defer g.Release()
					if g.Size() != uint64(len(states)) || g.Edges() != uint64(len(edges)) {
						t.Fatalf("%d states, %d edges; want %d, %d", g.Size(), g.Edges(), len(states), len(edges))
					}
					for id := range g.Size() {
						if string(g.stateAt(id, g.buffer())) != states[id] || g.parent.at(id) != parent[id] || g.via.at(id) != via[id] {
							t.Fatalf("node %d: %v from %d by %d; want %v from %d by %d", id, g.stateAt(id, g.buffer()), g.parent.at(id), g.via.at(id),
								[]byte(states[id]), parent[id], via[id])
						}
					}
					for j := range g.Edges() {
						if g.edges.at(j) != edges[j] {
							t.Fatalf("edge %d goes to %d, want %d", j, g.edges.at(j), edges[j])
						}
					}
				})
			}
		}
	}
}

// Every configuration listed by the workers (listUniverse) gets the id Init's order gives it,
// for any number of workers and any batch, whole or split across workers and batches.
func TestUniverseListedInInitOrder(t *testing.T) {
	ring, err := dijkstra.New(7, 5) // every configuration initial: the workers list the universe
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(ring, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	states, parent, via, edges := sequentialBFS(m)
	for _, workers := range []int{1, 3} {
		for _, batch := range []uint64{0, 1000, 50000} {
			visited := store.NewMemory(false, 7)
			g, err := BFS(context.Background(), m, visited, Config{Workers: workers, InitialBatch: batch, Memory: 1 << 30})
			if err != nil {
				t.Fatal(err)
			}
			if g.Size() != uint64(len(states)) || g.Edges() != uint64(len(edges)) {
				t.Fatalf("workers=%d batch=%d: %d states, %d edges; want %d, %d", workers, batch, g.Size(), g.Edges(), len(states), len(edges))
			}
			for id := range g.Size() {
				if string(g.stateAt(id, g.buffer())) != states[id] || g.parent.at(id) != parent[id] || g.via.at(id) != via[id] {
					t.Fatalf("workers=%d batch=%d: node %d is %v, want %v", workers, batch, id, g.stateAt(id, g.buffer()), []byte(states[id]))
				}
			}
			for j := range g.Edges() {
				if g.edges.at(j) != edges[j] {
					t.Fatalf("workers=%d batch=%d: edge %d goes to %d, want %d", workers, batch, j, g.edges.at(j), edges[j])
				}
			}
			g.Release()
			visited.(store.Closer).Close()
		}
	}
}
