package explore

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/fairness"
	"github.com/mc-checker/mc/checker/model/universe"
)

// Edge is one transition as the analyses see it: the target node and what replays and weighs
// the step.
type Edge struct {
	To     uint64
	Index  uint32 // Step.Index: the position of the step among the successors of its source
	Moves  uint32 // process actions in the step
	Ticks  uint32 // time the step takes
	Movers uint64 // the fairness units the step serves (its moving processes by default); 0 when the graph does not keep them
}

// Graph is an explored configuration graph with nodes 0..Size()-1, either implicit (a dense
// universe: a node is a rank, edges are recomputed) or explicit (found by BFS, edges
// stored). The analyses are written once against it.
//
// Beyond Graph, an explicit graph offers Degrees (the out-degree of a node without reading
// its edges), which a resumed convergence search uses to count transitions.
type Graph interface {
	Size() uint64
	Schema() *model.Schema
	// Model is the model whose steps the graph's edges are.
	Model() model.Model
	// Initial reports whether node id is an initial state.
	Initial(id uint64) bool
	// Reached reports whether node id is reachable from an initial one: the analyses ignore
	// the other nodes of a dense universe whose initial set is restricted.
	Reached(id uint64) bool
	// Scan calls fn for the nodes lo..hi-1 in order with their configurations; the state is
	// only valid during the call. It is the cheap way to visit many nodes.
	Scan(lo, hi uint64, fn func(id uint64, s model.State))
	// State writes node id's configuration into dst.
	State(id uint64, dst model.State)
	// NewSuccessors is a buffer for Succ, owned by one goroutine. With targets false the
	// caller reads only the edges' targets' ids; a graph that recomputes edges from
	// configurations keeps the targets' configurations anyway, and then needs them to expand
	// a target.
	NewSuccessors(targets bool) *Successors
	// Succ appends to out the out-edges of node id, whose configuration is s (nil is enough
	// when out was made without targets and holds none), in the model's step order.
	Succ(id uint64, s model.State, out *Successors)
	// Expanded reports whether the out-edges of id are known: false only for the frontier a
	// bounded search left behind, which must not be mistaken for deadlocks.
	Expanded(id uint64) bool
	// Movers reports whether edges carry their moving processes (weak fairness reads them).
	Movers() bool
	// PathTo returns a shortest path of nodes from an initial node to id, and the step index
	// of each transition on it.
	PathTo(id uint64) (nodes []uint64, steps []uint32)
}

// Degrees is implemented by graphs that store their edges: the out-degree of an expanded node.
type Degrees interface {
	Degree(id uint64) uint64
}

// Progress is reported during long runs, possibly from several goroutines at once.
type Progress struct {
	Phase       string `json:"phase"`           // "initial", "explore", "scan", "converge"
	States      uint64 `json:"states"`          // states explored (or scanned) so far
	Total       uint64 `json:"total,omitempty"` // states to scan in this phase; 0 when unknown
	Transitions uint64 `json:"transitions,omitempty"`
	Depth       uint32 `json:"depth,omitempty"`
}

// BoundError reports that a bound stopped the search, as opposed to a failure: the graph is
// what had been committed.
type BoundError struct{ What string }

func (e BoundError) Error() string { return e.What }

// Successors collects the out-edges of nodes and, when it keeps them, their targets'
// configurations (schema width each) into two flat slabs. Each worker owns one; its yield
// function is bound once, because a closure created per node would allocate on the explorer's
// hot path.
type Successors struct {
	// Edges are the out-edges, or with RanksOnly nothing: their targets are in Tos.
	Edges []Edge
	// Tos are the edges' targets when the buffer keeps nothing else (RanksOnly): a search that
	// reads only targets then writes 8 bytes an edge instead of an Edge's 32.
	Tos       []uint64
	ranksOnly bool
	states    []byte
	width     int    // bytes kept per target: the schema's width, or 0 when targets are not kept
	reads     uint32 // Succ calls on a graph on disk, to look at the resident memory now and then
	u         *universe.Universe
	from      model.State // the configuration being expanded, and its rank (dense graphs)
	rank      uint64
	// Invalid is set when the model yields a successor outside the schema; expansion stops.
	Invalid error
	// Model is the worker's own copy of the graph's model (see model.Behaviour.Fork).
	Model model.Model
	fair  fairness.Units // the units an edge's Movers hold (nil: its moving processes)
	// noMovers: the graph keeps no movers, and add leaves them 0.
	noMovers bool
	yield    func(model.Step, model.State) bool
	// batched is the model's batch, when the edges need no movers; nil: Successors.
	batched func(model.State, *model.Batch) bool
	batch   model.Batch
	_       par.Pad
}

// newSuccessors is a buffer over the worker's own copy of m.
func newSuccessors(m model.Model, width int) *Successors {
	out := &Successors{Model: m, width: width}
	if fork := model.BehaviourOf(m).Fork; fork != nil {
		out.Model = fork()
	}
	out.fair = fairness.Named(out.Model)
	out.yield = out.add
	return out
}

// RanksOnly makes the buffer keep only the edges' targets, in Tos; call it before the first
// Succ.
func (out *Successors) RanksOnly() { out.ranksOnly = true }

// Len is the number of edges held.
func (out *Successors) Len() int {
	if out.ranksOnly {
		return len(out.Tos)
	}
	return len(out.Edges)
}

// To is the target of edge j.
func (out *Successors) To(j int) uint64 {
	if out.ranksOnly {
		return out.Tos[j]
	}
	return out.Edges[j].To
}

// push appends an edge, or only its target with RanksOnly.
func (out *Successors) push(e Edge) {
	if out.ranksOnly {
		out.Tos = append(out.Tos, e.To)
		return
	}
	out.Edges = append(out.Edges, e)
}

// batchUnlessMovers uses the model's batch successors if it has them and edges need no movers
// or their moving processes (a batch step's Movers), not fairness units of the model's own.
func (out *Successors) batchUnlessMovers() {
	if out.noMovers || out.fair == nil {
		out.batched = model.BehaviourOf(out.Model).Batch
	}
}

// addBatch ranks the successors of a dense graph's node from the model's batch, written into
// the targets' slab: what add does per successor, in one loop. It reports false if the model
// could not write a batch.
func (out *Successors) addBatch() bool {
	out.batch.States, out.batch.Steps = out.states, out.batch.Steps[:0]
	from := len(out.states)
	if !out.batched(out.from, &out.batch) {
		return false
	}
	out.states = out.batch.States
	w := out.width
	for k, st := range out.batch.Steps {
		t := model.State(out.states[from+k*w : from+(k+1)*w])
		to, ok := out.u.RankFrom(out.from, out.rank, t)
		if !ok {
			out.Invalid = invalidSuccessor(out.Model.Schema(), out.from, t)
			out.states = out.states[:from+k*w]
			return true
		}
		var movers uint64
		if !out.noMovers {
			movers = st.Movers()
		}
		out.push(Edge{To: to, Index: st.Index, Moves: uint32(st.Moves), Ticks: uint32(st.Ticks), Movers: movers})
	}
	return true
}

// add ranks a successor of a dense graph's node and keeps it.
func (out *Successors) add(st model.Step, t model.State) bool {
	to, ok := out.u.RankFrom(out.from, out.rank, t)
	if !ok {
		out.Invalid = invalidSuccessor(out.Model.Schema(), out.from, t)
		return false
	}
	var movers uint64
	switch {
	case out.noMovers:
	case out.fair != nil:
		movers = out.fair.Served(st)
	default:
		movers = st.Movers() // inline: a call per edge here costs Dijkstra n=8 15% (PERFORMANCE.md)
	}
	out.push(Edge{To: to, Index: uint32(st.Index), Moves: uint32(st.MoveCount()), Ticks: uint32(st.Ticks), Movers: movers})
	out.states = append(out.states, t...)
	return true
}

// Truncate drops everything after the first n edges.
func (out *Successors) Truncate(n int) {
	if out.ranksOnly {
		out.Tos = out.Tos[:n]
	} else {
		out.Edges = out.Edges[:n]
	}
	out.states = out.states[:n*out.width]
}

// Target is the configuration of edge j, or nil when the buffer does not keep targets.
func (out *Successors) Target(j int) model.State {
	if out.width == 0 {
		return nil
	}
	return model.State(out.states[j*out.width : (j+1)*out.width])
}

// invalidSuccessor describes a step of the model that leaves its schema.
func invalidSuccessor(sch *model.Schema, from, t model.State) error {
	err := sch.Valid(t)
	if err == nil {
		err = errors.New("invalid encoding")
	}
	err = fmt.Errorf("model error: a step from %s leads outside the schema: %w", sch.Format(from), err)
	return &model.StateError{Err: err, State: from.Clone()}
}

// workerState allocates a scratch configuration that no other worker's data shares a line with.
func workerState(width int) model.State { return model.State(par.WorkerBytes(width)) }
