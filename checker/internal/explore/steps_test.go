package explore

import (
	"math"
	"math/rand/v2"
	"testing"
)

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

// pushEdge appends an edge, the ordinal-th of its node's, whose node's offsets are pushed: the
// sequential commit of one edge, which appendEdges must match.
func (g *Explicit) pushEdge(e storedEdge, ordinal uint32) {
	switch st := e.edgeStep; {
	case g.keepSteps || st == edgeStep{index: ordinal, moves: 1}:
	case st.index == ordinal && st.moves == 1 && st.ticks <= math.MaxUint8:
		if !g.keepTicks {
			g.startTicks()
		}
	default:
		g.startSteps()
	}
	g.edges.push(e.to)
	switch {
	case g.keepSteps:
		g.steps.push(e.edgeStep)
	case g.keepTicks:
		g.ticks.push(uint8(e.ticks))
	}
}

// The parallel commit of a segment's edges (appendEdges) writes every column as pushing its
// edges one by one would, for any number of workers: offsets, targets, the steps or ticks
// column started where the first edge that needs it comes, movers.
func TestAppendEdgesAsPushed(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	step := func(ordinal int) edgeStep {
		switch rng.IntN(40) {
		case 0:
			return edgeStep{uint32(ordinal), 2, 0} // two moves: the steps column
		case 1, 2:
			return edgeStep{uint32(ordinal), 1, uint16(rng.IntN(9))} // a tick
		}
		return edgeStep{uint32(ordinal), 1, 0}
	}
	for _, workers := range []int{1, 3} {
		want, got := &Explicit{withMovers: true}, &Explicit{withMovers: true}
		want.offsets.push(0)
		got.offsets.push(0)
		for seg := range 12 {
			level := make([]chunkResult, 1+rng.IntN(5))
			for ci := range level {
				c := &level[ci]
				for range rng.IntN(300) {
					n := rng.IntN(4)
					c.degree = append(c.degree, uint32(n))
					for ordinal := range n {
						c.edges = append(c.edges, storedEdge{uint32(rng.IntN(1000)), step(ordinal)})
						c.movers = append(c.movers, rng.Uint64())
					}
				}
				for i := range c.edges { // plain segments first, then ticks, then anything
					switch {
					case seg < 4:
						c.edges[i].edgeStep.moves, c.edges[i].ticks = 1, 0
					case seg < 8:
						c.edges[i].edgeStep.moves = 1
					}
				}
			}
			for _, c := range level {
				i := 0
				for _, n := range c.degree {
					want.offsets.push(want.offsets.last() + uint64(n))
					for ordinal := range n {
						want.pushEdge(c.edges[i], ordinal)
						want.movers.push(c.movers[i])
						i++
					}
				}
			}
			got.appendEdges(level, workers)
			if seg == 7 && !want.keepTicks {
				t.Fatalf("the draw never needed the ticks column")
			}
			if got.keepSteps != want.keepSteps || got.keepTicks != want.keepTicks || got.edges.len() != want.edges.len() || got.offsets.len() != want.offsets.len() {
				t.Fatalf("workers %d, segment %d: steps %v ticks %v %d edges, want %v %v %d", workers, seg, got.keepSteps, got.keepTicks, got.edges.len(), want.keepSteps, want.keepTicks, want.edges.len())
			}
			for id := range want.offsets.len() - 1 {
				if got.offsets.at(id+1) != want.offsets.at(id+1) {
					t.Fatalf("workers %d: offset %d is %d, want %d", workers, id+1, got.offsets.at(id+1), want.offsets.at(id+1))
				}
				for j := want.offsets.at(id); j < want.offsets.at(id+1); j++ {
					o := j - want.offsets.at(id)
					if g, w := got.edge(j, o), want.edge(j, o); g != w || got.movers.at(j) != want.movers.at(j) {
						t.Fatalf("workers %d: edge %d reads %+v, want %+v", workers, j, g, w)
					}
				}
			}
		}
		if !want.keepSteps || want.ticks.len() != 0 {
			t.Fatalf("the draw never needed the steps column")
		}
	}
}

// A grown column takes its entries where pushed ones would go, across pages and from the
// small first page on the heap.
func TestColumnGrow(t *testing.T) {
	var pushed, grown column[uint32]
	n := uint64(0)
	for _, k := range []uint64{3, 100, pageLen - 50, 2 * pageLen, 1} {
		if !grown.grow(k) {
			t.Fatal("grow failed on the heap")
		}
		for i := range k {
			pushed.push(uint32(n + i))
			grown.set(n+i, uint32(n+i))
		}
		n += k
	}
	if grown.len() != n || pushed.len() != n {
		t.Fatalf("lengths %d and %d, want %d", grown.len(), pushed.len(), n)
	}
	for i := range n {
		if grown.at(i) != pushed.at(i) {
			t.Fatalf("entry %d: %d, want %d", i, grown.at(i), pushed.at(i))
		}
	}
}
