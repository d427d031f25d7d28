package explore

import (
	"context"
	"math"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
)

// commit numbers the states first seen in a segment as a sequential BFS would, at their first
// edge in source and step order, and appends them and the segment's edges to the graph.
//
// A pending edge's note names its target's bytes (the chunk and offset of the Visit that put
// it), the same note for every edge to one state: the numbering reads and writes small arrays
// per chunk in order, not the visited set, and is the one serial pass; done early, as the
// expansion finished the chunks (early, see numbering), it is redone only if the store then
// numbered states itself. The new states, the
// offsets and the edges are then written by the workers, each chunk at the place the counts
// before it give (the columns grown first), and the ids go to the visited set in parallel
// (publish), where each is a cache miss. Ids, edges and every column are those of a
// sequential commit, whatever the number of workers.
func (g *Explicit) commit(visited store.Store, level []chunkResult, workers int, early *numbering) error {
	n := early
	if n == nil || !n.complete(level) {
		n = g.numberPending(level)
	}
	if n.err != nil {
		return n.err
	}
	ids, added := n.finish(level), n.added
	width := g.sch.Width()
	g.addNodes(uint64(len(added)), workers, func(k uint64) (model.State, uint64, uint32) {
		c := &level[added[k].chunk]
		p := &c.pending[added[k].pending]
		return level[p.note.Chunk].state(p.note.Offset, width), p.from, c.edges[p.edge].index
	})
	g.appendEdges(level, workers)
	for ci := range level {
		for i, id := range level[ci].actionFirst {
			g.actionFirst[i].Offer(id)
		}
	}
	publish(visited, level, ids, width, workers)
	return g.failed()
}

// addNodes appends n nodes, node k's state, parent and step from node(k), the workers writing
// them into the grown columns.
func (g *Explicit) addNodes(n uint64, workers int, node func(k uint64) (model.State, uint64, uint32)) {
	first := g.Size()
	grown := g.tree == nil && g.states.grow(n) || g.tree != nil && g.roots.grow(n)
	if !grown || !g.parent.grow(n) || !g.via.grow(n) {
		return // a full disk: failed says so
	}
	par.ForChunks(context.Background(), n, 1<<14, max(1, workers), func(_ int, lo, hi uint64) {
		for k := lo; k < hi; k++ {
			s, parent, via := node(k)
			if g.tree != nil {
				g.roots.set(first+k, g.rootOf(s))
			} else {
				copy(g.states.entry(first+k), s)
			}
			g.parent.set(first+k, uint32(parent))
			g.via.set(first+k, via)
		}
	})
}

// edgeKind is what an edge needs kept beyond its target: nothing (its step is its ordinal,
// one move, no tick), its ticks, or its whole step.
type edgeKind uint8

const (
	plainEdge edgeKind = iota
	tickedEdge
	steppedEdge
)

func kindOf(st edgeStep, ordinal uint32) edgeKind {
	switch {
	case st == edgeStep{index: ordinal, moves: 1}:
		return plainEdge
	case st.index == ordinal && st.moves == 1 && st.ticks <= math.MaxUint8:
		return tickedEdge
	}
	return steppedEdge
}

// appendEdges appends the segment's offsets and edges (and their steps, ticks and movers, as
// the graph keeps them): the counts before each chunk give where it writes; a segment with an
// edge that needs its ticks or its step kept starts that column first, as the first such edge
// of a sequential commit would.
func (g *Explicit) appendEdges(level []chunkResult, workers int) {
	nodeAt, edgeAt := make([]uint64, len(level)+1), make([]uint64, len(level)+1)
	kinds := make([]edgeKind, len(level))
	for ci := range level {
		nodeAt[ci+1], edgeAt[ci+1] = nodeAt[ci]+uint64(len(level[ci].degree)), edgeAt[ci]+uint64(len(level[ci].edges))
	}
	par.ForChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			kinds[ci] = level[ci].kind()
		}
	})
	kind := plainEdge
	for _, k := range kinds {
		kind = max(kind, k)
	}
	switch {
	case kind == steppedEdge && !g.keepSteps:
		g.startSteps()
	case kind == tickedEdge && !g.keepSteps && !g.keepTicks:
		g.startTicks()
	}
	nodes, edges := g.offsets.len(), g.edges.len()
	if !g.offsets.grow(nodeAt[len(level)]) || !g.edges.grow(edgeAt[len(level)]) || !g.growSteps(edgeAt[len(level)]) {
		return // a full disk: failed says so
	}
	par.ForChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			g.writeChunk(&level[ci], nodes+nodeAt[ci], edges+edgeAt[ci])
		}
	})
}

// growSteps grows the columns kept beside edges by n.
func (g *Explicit) growSteps(n uint64) bool {
	switch {
	case g.keepSteps && !g.steps.grow(n), g.keepTicks && !g.ticks.grow(n), g.withMovers && !g.movers.grow(n):
		return false
	}
	return true
}

// kind is the most any edge of the chunk needs kept.
func (c *chunkResult) kind() edgeKind {
	k, i := plainEdge, 0
	for _, n := range c.degree {
		for ordinal := range n {
			k = max(k, kindOf(c.edges[i].edgeStep, ordinal))
			i++
		}
	}
	return k
}

// writeChunk writes a chunk's offsets from slot at, and its edges from edge e (an offset is
// the edge past its node's last).
func (g *Explicit) writeChunk(c *chunkResult, at, e uint64) {
	off := e
	for k, n := range c.degree {
		off += uint64(n)
		g.offsets.set(at+uint64(k), off)
	}
	for i, edge := range c.edges {
		g.edges.set(e+uint64(i), edge.to)
		switch {
		case g.keepSteps:
			g.steps.set(e+uint64(i), edge.edgeStep)
		case g.keepTicks:
			g.ticks.set(e+uint64(i), uint8(edge.ticks))
		}
		if g.withMovers {
			g.movers.set(e+uint64(i), c.movers[i])
		}
	}
}

// publish gives the visited set the ids the commit gave a segment's new states, the workers
// taking whole chunks, each touching a batch of slots before it writes them.
func publish(visited store.Store, level []chunkResult, ids [][]uint32, w, workers int) {
	par.ForChunks(context.Background(), uint64(len(level)), 1, max(1, workers), func(_ int, lo, hi uint64) {
		for ci := lo; ci < hi; ci++ {
			c := &level[ci]
			if ids[ci] == nil { // no new state, or a store that numbered the segment itself
				continue
			}
			for k, fp := range c.fresh {
				touchBatch(visited, c.fresh, k)
				if id := ids[ci][k]; id != 0 { // 0: the state was found beyond memory (Resolve)
					visited.Number(fp, model.State(c.slab[k*w:(k+1)*w]), uint64(id-1))
				}
			}
		}
	})
}
