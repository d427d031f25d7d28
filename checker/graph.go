package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// edge is one transition as the analyses see it: the target node and what replays and weighs
// the step.
type edge struct {
	to     uint64
	index  uint32 // Step.Index: the position of the step among the successors of its source
	moves  uint32 // process actions in the step
	ticks  uint32 // time the step takes
	movers uint64 // bit p set iff process p moves (weak fairness); 0 for models without processes
}

// graph is an explored configuration graph with nodes 0..size()-1, either implicit (the dense
// universe: a node is a rank, edges are recomputed) or explicit (found by BFS, edges stored).
// The analyses are written once against it.
type graph interface {
	size() uint64
	schema() *model.Schema
	// initial reports whether node id is an initial state.
	initial(id uint64) bool
	// reached reports whether node id is reachable from an initial one: the analyses ignore
	// the other nodes of a dense universe whose initial set is restricted.
	reached(id uint64) bool
	// scan calls fn for the nodes lo..hi-1 in order with their configurations; the state is
	// only valid during the call. It is the cheap way to visit many nodes.
	scan(lo, hi uint64, fn func(id uint64, s model.State))
	// state writes node id's configuration into dst.
	state(id uint64, dst model.State)
	// succ appends to out the out-edges of node id, whose configuration is s, in the model's
	// step order, with the successors' configurations.
	succ(id uint64, s model.State, out *successors)
	// expanded reports whether the out-edges of id are known: false only for the frontier a
	// bounded search left behind, which must not be mistaken for deadlocks.
	expanded(id uint64) bool
	// model is the model a worker expands with; a worker calls it once and keeps the result.
	model() model.Model
	// pathTo returns a shortest path of nodes from an initial node to id, and the step index
	// of each transition on it.
	pathTo(id uint64) (nodes []uint64, steps []uint32)
}

// successors collects the out-edges of nodes and their targets' configurations (schema width
// each) into two flat slabs. Each worker owns one; its yield function is bound once, because a
// closure created per node would allocate on the explorer's hot path.
type successors struct {
	edges  []edge
	states []byte
	// edgesOnly: an explicit graph appends no states, which a search over ids does not read
	// (at 10^8 nodes fetching them is a random read of a large column per edge).
	edgesOnly bool
	reads     uint32          // succ calls on an explicit graph, to look at the resident memory now and then
	u         *model.Universe // ranks targets in the dense graph; nil in an explicit one
	from      model.State     // the configuration being expanded, and its rank
	rank      uint64
	// invalid is set when the model yields a successor outside the schema; expansion stops.
	invalid error
	model   model.Model // the worker's own copy (see Forkable)
	yield   func(model.Step, model.State) bool
	_       noFalseSharing
}

func newSuccessors(g graph) *successors {
	out := &successors{model: g.model()}
	if f, ok := out.model.(model.Forkable); ok {
		out.model = f.Fork()
	}
	if d, ok := g.(*denseGraph); ok {
		out.u = d.u
	}
	out.yield = out.add
	return out
}

func (out *successors) add(st model.Step, t model.State) bool {
	to, ok := out.u.RankFrom(out.from, out.rank, t)
	if !ok {
		out.invalid = invalidSuccessor(out.model.Schema(), out.from, t)
		return false
	}
	out.edges = append(out.edges, edge{to: to, index: uint32(st.Index), moves: uint32(st.MoveCount()), ticks: uint32(st.Ticks), movers: st.Movers()})
	out.states = append(out.states, t...)
	return true
}

// truncate drops everything after the first n edges.
func (out *successors) truncate(n int, width int) {
	out.edges, out.states = out.edges[:n], out.states[:n*width]
}

// target is the configuration of edge j.
func (out *successors) target(j, width int) model.State {
	return model.State(out.states[j*width : (j+1)*width])
}

// invalidSuccessor describes a step of the model that leaves its schema.
func invalidSuccessor(sch *model.Schema, from, t model.State) error {
	err := sch.Valid(t)
	if err == nil {
		err = errors.New("invalid encoding")
	}
	return fmt.Errorf("model error: a step from %s leads outside the schema: %w", sch.Format(from), err)
}
