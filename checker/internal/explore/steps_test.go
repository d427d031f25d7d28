package explore

import "testing"

// The steps of edges are kept in the smallest column that holds them: none while every edge
// is the plain step, a byte of ticks while only ticks differ, eight bytes once anything else
// does; each move up rewrites the edges so far, and every edge reads back as it was pushed.
func TestStepColumns(t *testing.T) {
	g := &Explicit{}
	g.offsets.push(0)
	steps := [][]edgeStep{
		{{0, 1, 0}, {1, 1, 0}},            // plain
		{{0, 1, 1}, {1, 1, 0}, {2, 1, 0}}, // a tick: the ticks column
		{{0, 1, 255}},                     // still a byte
		{{1, 2, 1}, {0, 1, 7}},            // two moves, out of order: the steps column
		{{0, 1, 0}},
	}
	modes := []string{"plain", "ticks", "ticks", "steps", "steps"}
	for i, node := range steps {
		g.offsets.push(g.offsets.last() + uint64(len(node)))
		for ordinal, st := range node {
			g.pushEdge(storedEdge{uint32(i), st}, uint32(ordinal))
		}
		mode := map[[2]bool]string{{false, false}: "plain", {false, true}: "ticks", {true, false}: "steps"}[[2]bool{g.keepSteps, g.keepTicks}]
		if mode != modes[i] {
			t.Fatalf("after node %d the graph keeps %q, want %q", i, mode, modes[i])
		}
		for id := range i + 1 {
			first := g.offsets.at(uint64(id))
			for ordinal, want := range steps[id] {
				if got := g.edge(first+uint64(ordinal), uint64(ordinal)); got.edgeStep != want || got.to != uint32(id) {
					t.Fatalf("after node %d, edge %d of node %d reads %+v, want %+v", i, ordinal, id, got, want)
				}
			}
		}
	}
	if g.ticks.len() != 0 {
		t.Fatalf("the ticks column keeps %d entries after the steps column took over", g.ticks.len())
	}
}
