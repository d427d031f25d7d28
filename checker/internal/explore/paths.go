package explore

import (
	"slices"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// Expander recomputes the out-edges of single nodes, for the sequential parts of the analyses
// (witnesses, fairness) that visit nodes in no particular order.
type Expander struct {
	g   Graph
	s   model.State
	out *Successors
}

// NewExpander is an expander of g's nodes that keeps their targets' configurations.
func NewExpander(g Graph) *Expander {
	return &Expander{g: g, s: g.Schema().NewState(), out: g.NewSuccessors(true)}
}

// Edges returns the edges of id; valid until the next call.
func (x *Expander) Edges(id uint64) []Edge {
	x.g.State(id, x.s)
	x.out.Truncate(0)
	x.g.Succ(id, x.s, x.out)
	return x.out.Edges
}

// Target is the configuration of edge j of the last Edges call.
func (x *Expander) Target(j int) model.State { return x.out.Target(j) }

// NodePath is a path of nodes with the step index of each transition (len(Steps) =
// len(Nodes)-1).
type NodePath struct {
	Nodes []uint64
	Steps []uint32
}

// Extend appends q, which starts where p ends.
func (p *NodePath) Extend(q NodePath) {
	if len(p.Nodes) == 0 {
		*p = q
		return
	}
	p.Nodes = append(p.Nodes, q.Nodes[1:]...)
	p.Steps = append(p.Steps, q.Steps...)
}

// ShortestPath is a BFS from 'from' through nodes satisfying inside, to the nearest node
// satisfying goal, taking at least one step if nonEmpty. Successors are visited in step order,
// so the path found is the same on every run.
func ShortestPath(x *Expander, from uint64, inside, goal func(uint64) bool, nonEmpty bool) (NodePath, bool) {
	if !nonEmpty && goal(from) {
		return NodePath{Nodes: []uint64{from}}, true
	}
	type via struct {
		parent uint64
		step   uint32
	}
	seen := map[uint64]via{from: {par.NoNode, 0}}
	queue := []uint64{from}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range x.Edges(u) {
			if !inside(e.To) {
				continue
			}
			if goal(e.To) {
				p := NodePath{Nodes: []uint64{e.To}, Steps: []uint32{e.Index}}
				for v := u; v != par.NoNode; v = seen[v].parent {
					p.Nodes = append(p.Nodes, v)
					if seen[v].parent != par.NoNode {
						p.Steps = append(p.Steps, seen[v].step)
					}
				}
				slices.Reverse(p.Nodes)
				slices.Reverse(p.Steps)
				return p, true
			}
			if _, ok := seen[e.To]; !ok {
				seen[e.To] = via{u, e.Index}
				queue = append(queue, e.To)
			}
		}
	}
	return NodePath{}, false
}

// LassoTrace joins a stem (ending at the loop's first node) and a loop (starting and ending
// there) into a trace.
func LassoTrace(g Graph, stem, loop NodePath) *model.Trace {
	nodes := append(slices.Clone(stem.Nodes), loop.Nodes[1:len(loop.Nodes)-1]...)
	steps := append(slices.Clone(stem.Steps), loop.Steps...)
	return TraceFromNodes(g, nodes, steps, len(stem.Nodes)-1)
}

// StemTo is the shortest path from an initial node to id.
func StemTo(g Graph, id uint64) NodePath {
	nodes, steps := g.PathTo(id)
	return NodePath{Nodes: nodes, Steps: steps}
}

// TraceFromNodes turns a node path (with the step index of each transition) into a trace.
func TraceFromNodes(g Graph, nodes []uint64, steps []uint32, loopStart int) *model.Trace {
	t := &model.Trace{LoopStart: loopStart}
	for _, id := range nodes {
		s := g.Schema().NewState()
		g.State(id, s)
		t.States = append(t.States, s)
	}
	for _, i := range steps {
		t.Steps = append(t.Steps, int(i))
	}
	return t
}

// PathTrace is the trace of the shortest path from an initial node to id.
func PathTrace(g Graph, id uint64) *model.Trace {
	p := StemTo(g, id)
	return TraceFromNodes(g, p.Nodes, p.Steps, -1)
}
