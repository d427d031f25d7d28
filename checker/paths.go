package checker

import (
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// expander recomputes the out-edges of single nodes, for the sequential parts of the analyses
// (witnesses, fairness) that visit nodes in no particular order.
type expander struct {
	g   graph
	s   model.State
	out *successors
}

func newExpander(g graph) *expander {
	return &expander{g: g, s: g.schema().NewState(), out: newSuccessors(g)}
}

// out returns the edges of id; valid until the next call.
func (x *expander) edges(id uint64) []edge {
	x.g.state(id, x.s)
	x.out.truncate(0, 0)
	x.g.succ(id, x.s, x.out)
	return x.out.edges
}

// nodePath is a path of nodes with the step index of each transition (len(steps) = len(nodes)-1).
type nodePath struct {
	nodes []uint64
	steps []uint32
}

func (p *nodePath) extend(q nodePath) {
	if len(p.nodes) == 0 {
		*p = q
		return
	}
	p.nodes = append(p.nodes, q.nodes[1:]...)
	p.steps = append(p.steps, q.steps...)
}

// shortestPath is a BFS from 'from' through nodes satisfying inside, to the nearest node
// satisfying goal, taking at least one step if nonEmpty. Successors are visited in step order,
// so the path found is the same on every run.
func shortestPath(x *expander, from uint64, inside, goal func(uint64) bool, nonEmpty bool) (nodePath, bool) {
	if !nonEmpty && goal(from) {
		return nodePath{nodes: []uint64{from}}, true
	}
	type via struct {
		parent uint64
		step   uint32
	}
	seen := map[uint64]via{from: {noNode, 0}}
	queue := []uint64{from}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range x.edges(u) {
			if !inside(e.to) {
				continue
			}
			if goal(e.to) {
				p := nodePath{nodes: []uint64{e.to}, steps: []uint32{e.index}}
				for v := u; v != noNode; v = seen[v].parent {
					p.nodes = append(p.nodes, v)
					if seen[v].parent != noNode {
						p.steps = append(p.steps, seen[v].step)
					}
				}
				slices.Reverse(p.nodes)
				slices.Reverse(p.steps)
				return p, true
			}
			if _, ok := seen[e.to]; !ok {
				seen[e.to] = via{u, e.index}
				queue = append(queue, e.to)
			}
		}
	}
	return nodePath{}, false
}

// lassoTrace joins a stem (ending at the loop's first node) and a loop (starting and ending
// there) into a trace.
func lassoTrace(g graph, stem, loop nodePath) *model.Trace {
	nodes := append(slices.Clone(stem.nodes), loop.nodes[1:len(loop.nodes)-1]...)
	steps := append(slices.Clone(stem.steps), loop.steps...)
	return traceFromNodes(g, nodes, steps, len(stem.nodes)-1)
}

// stemTo is the shortest path from an initial node to id.
func stemTo(g graph, id uint64) nodePath {
	nodes, steps := g.pathTo(id)
	return nodePath{nodes: nodes, steps: steps}
}

// traceFromNodes turns a node path (with the step index of each transition) into a trace.
func traceFromNodes(g graph, nodes []uint64, steps []uint32, loopStart int) *model.Trace {
	t := &model.Trace{LoopStart: loopStart}
	for _, id := range nodes {
		s := g.schema().NewState()
		g.state(id, s)
		t.States = append(t.States, s)
	}
	for _, i := range steps {
		t.Steps = append(t.Steps, int(i))
	}
	return t
}
