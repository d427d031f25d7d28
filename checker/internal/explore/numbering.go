package explore

// numbering gives the targets of a segment's pending edges their ids, in source and step
// order, chunk after chunk: the commit's one serial pass. It can run behind the expansion, a
// chunk as soon as it and every chunk before it are expanded (expandRange), by a goroutine
// beside the workers: after the expansion it was the longest serial part of ssarrow n=3
// (0.17 s, 0.9% of its time on one worker: by Amdahl's law alone a cap of 14 times on 16
// workers). It reads only
// the chunks it numbers: the notes of their pending edges name states that chunks still
// running put in their slabs, so ids grows to what the notes reach, not to those slabs.
type numbering struct {
	w     uint32     // the width of a state, at least 1: a note's offset over w is its slot
	ids   [][]uint32 // per chunk, 1 + the id of the k-th state of its slab (0: none yet)
	added []newNode  // the pending edges that met each new state first, in id order
	next  uint64     // the next id, less one
	done  int        // the chunks numbered, the first ones of the segment
	// final: the segment is expanded, so ids are made to the size of the slabs at once.
	final bool
	err   error
}

// newNode is the pending edge whose target is a new node: the pending-th of its chunk's.
type newNode struct{ chunk, pending int }

func (g *Explicit) newNumbering(chunks int) *numbering {
	return &numbering{w: uint32(max(g.sch.Width(), 1)), ids: make([][]uint32, chunks), next: g.Size()}
}

// numberPending numbers an expanded segment, chunk after chunk.
func (g *Explicit) numberPending(level []chunkResult) *numbering {
	n := g.newNumbering(len(level))
	n.final = true
	fresh := 0
	for ci := range level {
		fresh += len(level[ci].fresh)
	}
	n.added = make([]newNode, 0, fresh) // each fresh state becomes one new node: no regrowth
	for ci := range level {
		n.chunk(level, ci)
	}
	return n
}

// chunk numbers chunk ci's pending edges, ci the next chunk in order; every chunk before it
// is numbered, and ci is expanded.
func (n *numbering) chunk(level []chunkResult, ci int) {
	n.done++
	if n.err != nil {
		return
	}
	c := &level[ci]
	for k, p := range c.pending {
		at, slot := p.note.Chunk, int(p.note.Offset/n.w)
		if slot >= len(n.ids[at]) {
			size := max(slot+1, 2*len(n.ids[at]))
			if n.final {
				size = len(level[at].fresh)
			}
			grown := make([]uint32, size)
			copy(grown, n.ids[at])
			n.ids[at] = grown
		}
		id := &n.ids[at][slot]
		if *id == 0 {
			if n.next == noParent {
				n.err = BoundError{"the explicit graph holds fewer than 2^32 states"}
				return
			}
			n.next++
			*id = uint32(n.next)
			n.added = append(n.added, newNode{ci, k})
		}
		c.edges[p.edge].to = *id - 1
	}
}

// complete reports whether every chunk of level is numbered.
func (n *numbering) complete(level []chunkResult) bool { return n.done == len(level) }

// finish returns the ids, each chunk's nil or as long as its slab's states (publish reads
// them all; a state the store found beyond memory keeps 0).
func (n *numbering) finish(level []chunkResult) [][]uint32 {
	for ci, ids := range n.ids {
		if ids == nil { // no state of its slab met: none new, or all numbered by the store
			continue
		}
		if f := len(level[ci].fresh); len(ids) < f {
			n.ids[ci] = make([]uint32, f)
			copy(n.ids[ci], ids)
		} else {
			n.ids[ci] = ids[:f]
		}
	}
	return n.ids
}
