package analysis

import (
	"context"
	"slices"

	"github.com/mc-checker/mc/checker/internal/explore"
	fairnesspkg "github.com/mc-checker/mc/checker/model/fairness"
)

// Fair loops under a fairness assumption of weak and strong units (a Streett condition),
// found by decomposing the region into strongly connected components and refining them. In a
// component C, an execution can visit every node and take every edge infinitely often, so C
// holds a fair loop iff it has an edge, and every weak unit enabled in all of C's nodes and
// every strong unit enabled in some node of C is served by an edge of C. If a strong unit u
// is enabled somewhere in C and served nowhere, no fair loop of C visits a node where u is
// enabled: those nodes are removed and what remains is decomposed again. A weak unit enabled
// everywhere in C and never served rules out C and every part of it. ◇□P adds that the loop
// must pass through an accepted node (¬P), which a component either has or not.

// localEdge is an edge inside a component: its target's position and what it serves.
type localEdge struct {
	to     int32
	index  uint32
	served uint64
}

// component is one strongly connected component of the region with what the fairness reads
// of it, in local positions (nodes is sorted).
type component struct {
	nodes   []uint64
	enabled []uint64
	out     [][]localEdge
	accept  []bool
	mark    []bool // scratch, by position: the part refine or without is reading; all false between
}

// fairComp is a fair part of a component: the positions it keeps, and what its loop must
// visit (a node) or take (an edge, from that node) to be fair and accepted.
type fairComp struct {
	c     *component
	in    map[int32]bool // its positions in c
	needs []need
}

// need is one thing a fair loop must do: take an edge that serves unit (serve), visit a node
// where unit is disabled, or, unit 0, visit an accepted node. The part has each such place.
type need struct {
	unit  uint64
	serve bool
}

// hop is edge j out of local position from.
type hop struct {
	from int32
	j    int
}

// fairComponents returns, for every node of a fair part of a component of the region
// (inside), that part. It keeps 16 bytes a node of the graph (TemporalBytes).
func fairComponents(ctx context.Context, g explore.Graph, x *explore.Expander, fair *fairnesspkg.Assumption, inside, accept func(uint64) bool) (map[uint64]*fairComp, error) {
	out := map[uint64]*fairComp{}
	roots, succ := region(g, x, inside, func() bool { return ctx.Err() != nil })
	posOf := make([]int32, g.Size()) // a component's node's position in it, plus one; 0 elsewhere
	tarjan(make(denseSCC, g.Size()), roots, succ, func(nodes []uint64) {
		if len(nodes) == 1 && !slices.ContainsFunc(x.Edges(nodes[0]), func(e explore.Edge) bool { return e.To == nodes[0] }) {
			return // one node without a loop: no cycle
		}
		c := newComponent(g, x, fair, nodes, accept, posOf)
		all := make([]int32, len(nodes))
		for i := range all {
			all[i] = int32(i)
		}
		for _, f := range c.refine(fair, all) {
			for p := range f.in {
				out[c.nodes[p]] = f
			}
		}
	})
	return out, ctx.Err()
}

// newComponent reads the component's nodes, their enabled units and their internal edges;
// posOf is all zeros on entry and on return.
func newComponent(g explore.Graph, x *explore.Expander, fair *fairnesspkg.Assumption, nodes []uint64, accept func(uint64) bool, posOf []int32) *component {
	slices.Sort(nodes)
	c := &component{nodes: nodes, enabled: make([]uint64, len(nodes)), out: make([][]localEdge, len(nodes)),
		accept: make([]bool, len(nodes)), mark: make([]bool, len(nodes))}
	for i, id := range nodes {
		posOf[id] = int32(i) + 1
	}
	m, s := g.Model(), g.Schema().NewState()
	var served []uint64
	for i, id := range nodes {
		g.State(id, s)
		c.accept[i] = accept(id)
		c.enabled[i], served = fair.Steps(m, s, served)
		for _, e := range x.Edges(id) {
			if j := posOf[e.To]; j > 0 {
				var u uint64
				if int(e.Index) < len(served) {
					u = served[e.Index]
				}
				c.out[i] = append(c.out[i], localEdge{to: j - 1, index: e.Index, served: u})
			}
		}
	}
	for _, id := range nodes {
		posOf[id] = 0
	}
	return c
}

// refine returns the fair parts of the subcomponent sub (a strongly connected set of
// positions).
func (c *component) refine(fair *fairnesspkg.Assumption, sub []int32) []*fairComp {
	in := c.mark
	for _, p := range sub {
		in[p] = true
	}
	defer func() {
		for _, p := range sub {
			in[p] = false
		}
	}()
	units := len(fair.Units())
	everywhere, somewhere, taken := uint64(1)<<units-1, uint64(0), uint64(0)
	internal, accepted := false, false
	for _, p := range sub {
		everywhere &= c.enabled[p]
		somewhere |= c.enabled[p]
		accepted = accepted || c.accept[p]
		for _, e := range c.out[p] {
			if in[e.to] {
				internal = true
				taken |= e.served
			}
		}
	}
	strong := fair.Strong()
	if !internal || !accepted || (everywhere&^strong)&^taken != 0 {
		return nil
	}
	if bad := strong & somewhere &^ taken; bad != 0 {
		parts := c.without(sub, bad)
		var out []*fairComp
		for _, part := range parts {
			out = append(out, c.refine(fair, part)...) // the marks of sub are no longer read
		}
		return out
	}
	f := &fairComp{c: c, in: make(map[int32]bool, len(sub))}
	for _, p := range sub {
		f.in[p] = true
	}
	for u := range units {
		bit := uint64(1) << u
		switch {
		case strong&bit != 0 && somewhere&bit == 0:
		case strong&bit != 0 || everywhere&bit != 0: // served on an edge of sub: taken has it
			f.needs = append(f.needs, need{unit: bit, serve: true})
		default: // disabled somewhere in sub
			f.needs = append(f.needs, need{unit: bit})
		}
	}
	f.needs = append(f.needs, need{}) // accepted holds: some node of sub is
	return []*fairComp{f}
}

// without decomposes sub less its nodes where a unit of bad is enabled into its strongly
// connected parts that have an edge, each sorted; it costs in proportion to sub, and leaves
// c.mark as it found it (cleared for sub's nodes).
func (c *component) without(sub []int32, bad uint64) [][]int32 {
	keep := c.mark
	for _, p := range sub {
		keep[p] = c.enabled[p]&bad == 0
	}
	roots := func(yield func(uint64) bool) {
		for _, p := range sub {
			if keep[p] && !yield(uint64(p)) {
				return
			}
		}
	}
	succ := func(p uint64, dst []uint64) []uint64 {
		for _, e := range c.out[p] {
			if keep[e.to] {
				dst = append(dst, uint64(e.to))
			}
		}
		return dst
	}
	var parts [][]int32
	tarjan(make(sparseSCC, len(sub)), roots, succ, func(part []uint64) {
		if len(part) == 1 && !slices.ContainsFunc(c.out[part[0]], func(e localEdge) bool { return uint64(e.to) == part[0] }) {
			return // one node without a loop: no cycle
		}
		ps := make([]int32, len(part))
		for i, p := range part {
			ps[i] = int32(p)
		}
		slices.Sort(ps)
		parts = append(parts, ps)
	})
	for _, p := range sub {
		keep[p] = false
	}
	return parts
}

// loopFrom is a fair loop of f from node id back to it: the shortest cycle through id if it
// meets every need, else a walk that goes each time to the nearest place that meets an unmet
// need (a node, or an edge out of it that serves a unit), and back by a shortest path.
func (f *fairComp) loopFrom(id uint64) *explore.NodePath {
	p, _ := slices.BinarySearch(f.c.nodes, id)
	start := int32(p)
	if hops := f.hops(start, start, true); f.meets(start, hops) {
		return f.nodePath(start, hops)
	}
	var hops []hop
	at := start
	for {
		var unmet []need
		for _, n := range f.needs {
			if !f.met(n, start, hops) {
				unmet = append(unmet, n)
			}
		}
		if len(unmet) == 0 {
			break
		}
		path, to, edge := f.nearest(at, unmet)
		hops, at = append(hops, path...), to
		if edge >= 0 {
			hops = append(hops, hop{at, edge})
			at = f.c.out[at][edge].to
		}
	}
	hops = append(hops, f.hops(at, start, len(hops) == 0)...)
	return f.nodePath(start, hops)
}

// nearest is a shortest walk inside f from a position to the nearest one that meets one of
// the needs: its hops, the position, and the edge out of it to take (-1: none, a visit).
func (f *fairComp) nearest(from int32, needs []need) ([]hop, int32, int) {
	c := f.c
	meets := func(p int32) (bool, int) {
		for _, n := range needs {
			switch {
			case n.serve:
				for j, e := range c.out[p] {
					if f.in[e.to] && e.served&n.unit != 0 {
						return true, j
					}
				}
			case n.unit != 0 && c.enabled[p]&n.unit == 0, n.unit == 0 && c.accept[p]:
				return true, -1
			}
		}
		return false, -1
	}
	seen := map[int32]hop{from: {-1, -1}}
	for queue := []int32{from}; len(queue) > 0; queue = queue[1:] {
		u := queue[0]
		if ok, edge := meets(u); ok {
			var out []hop
			for v := u; v != from; v = seen[v].from {
				out = append(out, seen[v])
			}
			slices.Reverse(out)
			return out, u, edge
		}
		for j, e := range c.out[u] {
			if _, ok := seen[e.to]; !ok && f.in[e.to] {
				seen[e.to] = hop{u, j}
				queue = append(queue, e.to)
			}
		}
	}
	panic("nearest: a need that no node of its fair component meets") // refine found each
}

// meets reports whether the walk from start along hops meets every need.
func (f *fairComp) meets(start int32, hops []hop) bool {
	for _, n := range f.needs {
		if !f.met(n, start, hops) {
			return false
		}
	}
	return true
}

// met reports whether the walk from start along hops meets n.
func (f *fairComp) met(n need, start int32, hops []hop) bool {
	c := f.c
	visits := func(ok func(int32) bool) bool {
		if ok(start) {
			return true
		}
		for _, h := range hops {
			if ok(c.out[h.from][h.j].to) {
				return true
			}
		}
		return false
	}
	switch {
	case n.serve:
		for _, h := range hops {
			if c.out[h.from][h.j].served&n.unit != 0 {
				return true
			}
		}
		return false
	case n.unit != 0:
		return visits(func(p int32) bool { return c.enabled[p]&n.unit == 0 })
	}
	return visits(func(p int32) bool { return c.accept[p] })
}

// nodePath is the walk from start along hops as nodes and step indices.
func (f *fairComp) nodePath(start int32, hops []hop) *explore.NodePath {
	c := f.c
	out := &explore.NodePath{Nodes: []uint64{c.nodes[start]}}
	for _, h := range hops {
		e := c.out[h.from][h.j]
		out.Nodes = append(out.Nodes, c.nodes[e.to])
		out.Steps = append(out.Steps, e.index)
	}
	return out
}

// hops is a shortest walk inside f between two positions, with at least one step if
// nonEmpty (f is strongly connected and has an edge, so there is one).
func (f *fairComp) hops(from, to int32, nonEmpty bool) []hop {
	c := f.c
	if from == to && !nonEmpty {
		return nil
	}
	seen := map[int32]hop{from: {-1, -1}}
	queue := []int32{from}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for j, e := range c.out[u] {
			if !f.in[e.to] {
				continue
			}
			if e.to == to {
				out := []hop{{u, j}}
				for v := u; v != from; v = seen[v].from {
					out = append(out, seen[v])
				}
				slices.Reverse(out)
				return out
			}
			if _, ok := seen[e.to]; !ok {
				seen[e.to] = hop{u, j}
				queue = append(queue, e.to)
			}
		}
	}
	panic("hops: a fair component that is not strongly connected")
}
