package explore

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
)

// Header is what a saved graph needs besides its columns: its sizes, the BFS cursor, which
// optional columns it keeps, and the first action-invariant violations found.
type Header struct {
	Nodes       uint64   `json:"nodes"`
	Expanded    uint64   `json:"expanded"`
	Edges       uint64   `json:"edges"`
	Depth       uint32   `json:"depth"`
	LevelStart  uint64   `json:"level_start"`
	LevelEnd    uint64   `json:"level_end"`
	Levels      uint32   `json:"levels"`
	Steps       bool     `json:"steps"` // the graph keeps its edges' steps
	Ticks       bool     `json:"ticks"` // the graph keeps its edges' ticks only
	Movers      bool     `json:"movers"`
	ActionFirst []uint64 `json:"action_first"`
}

// Header describes g as it is committed.
func (g *Explicit) Header() Header {
	h := Header{Nodes: g.Size(), Expanded: g.ExpandedNodes(), Edges: g.edges.len(), Depth: g.depth,
		LevelStart: g.levelStart, LevelEnd: g.levelEnd, Levels: g.levels, Steps: g.keepSteps, Ticks: g.keepTicks, Movers: g.withMovers}
	for _, t := range g.actionFirst {
		id, _ := t.Get()
		h.ActionFirst = append(h.ActionFirst, id)
	}
	return h
}

// Valid checks the header's own numbers, which no checksum of the columns covers.
func (h Header) Valid() error {
	switch {
	case h.Nodes >= noParent:
		return errors.New("more nodes than ids")
	case h.LevelStart > h.Expanded || h.Expanded > h.LevelEnd || h.LevelEnd > h.Nodes:
		return errors.New("the BFS cursor is outside the graph")
	case h.Levels > h.Depth+1:
		return errors.New("more levels than the depth")
	}
	for _, id := range h.ActionFirst {
		if id != par.NoNode && id >= h.Expanded {
			return errors.New("a violation at a node not expanded")
		}
	}
	return nil
}

// Fits reports whether a saved graph of this header can continue under cfg: the same
// optional columns and action invariants.
func (h Header) Fits(cfg Config) bool {
	return h.Movers == cfg.Movers && len(h.ActionFirst) == len(cfg.Actions)
}

// Bytes estimates the memory of the graph and its visited set, for a run that moves to disk
// when it passes a mark.
func (h Header) Bytes(width int) uint64 {
	b := h.Nodes*uint64(width+4+4+8+28) + h.Edges*4
	switch {
	case h.Steps:
		b += h.Edges * 8
	case h.Ticks:
		b += h.Edges
	}
	if h.Movers {
		b += h.Edges * 8
	}
	return b
}

// columnLen is the number of entries the column of the given name holds in a graph of h.
func (h Header) columnLen(name string) uint64 {
	switch name {
	case "states", "parent", "via":
		return h.Nodes
	case "offsets":
		return h.Expanded + 1
	case "edges":
		return h.Edges
	case "steps":
		if h.Steps {
			return h.Edges
		}
	case "ticks":
		if h.Ticks && !h.Steps {
			return h.Edges
		}
	case "movers":
		if h.Movers {
			return h.Edges
		}
	}
	return 0
}

// Restore fills the empty graph g with a saved one: its cursor from h, each column through
// load (given the entries it must read), and then checks that every id is in the graph and
// that a sample of nodes expands, through the model, to the saved edges.
func (g *Explicit) Restore(h Header, load func(c NamedColumn, n uint64) error) error {
	g.depth, g.levelStart, g.levelEnd, g.levels = h.Depth, h.LevelStart, h.LevelEnd, h.Levels
	g.prevStart = g.levelStart
	g.keepSteps, g.keepTicks = h.Steps, h.Ticks && !h.Steps
	for i, id := range h.ActionFirst {
		g.actionFirst[i].Offer(id)
	}
	for _, c := range g.Columns() {
		if err := load(c, h.columnLen(c.Name)); err != nil {
			return err
		}
	}
	if err := g.consistent(); err != nil {
		return err
	}
	if err := g.sameSteps(); err != nil {
		return &OtherModelError{err}
	}
	return nil
}

// OtherModelError is a restored graph whose edges are not the model's steps.
type OtherModelError struct{ Err error }

func (e *OtherModelError) Error() string {
	return "the saved graph is not the model's: " + e.Err.Error()
}

// consistent checks that every id in the loaded columns is in the graph.
func (g *Explicit) consistent() error {
	n := g.Size()
	for id := range n {
		if p := g.parent.at(id); p != noParent && uint64(p) >= id {
			return fmt.Errorf("node %d has parent %d", id, p)
		}
	}
	for id := range g.ExpandedNodes() {
		if g.offsets.at(id) > g.offsets.at(id+1) {
			return fmt.Errorf("the edges of node %d are out of order", id)
		}
	}
	if g.offsets.len() == 0 || g.offsets.at(0) != 0 || g.offsets.last() != g.edges.len() {
		return errors.New("the offsets do not cover the edges")
	}
	for j := range g.edges.len() {
		if uint64(g.edges.at(j)) >= n {
			return fmt.Errorf("edge %d leads outside the graph", j)
		}
	}
	return nil
}

// sameSteps expands again a sample of the saved nodes (up to 64, evenly spread, and the last
// expanded one) and compares their steps with the saved edges: a checkpoint of another
// transition relation over the same schema and initial states fails here.
func (g *Explicit) sameSteps() error {
	done := g.ExpandedNodes()
	if done == 0 {
		return nil
	}
	stride := max(1, done/64)
	for id := uint64(0); id < done; id += stride {
		if err := g.sameStepsAt(id); err != nil {
			return err
		}
	}
	return g.sameStepsAt(done - 1)
}

func (g *Explicit) sameStepsAt(id uint64) error {
	first, end := g.offsets.at(id), g.offsets.at(id+1)
	j := first
	differ := fmt.Errorf("node %d: its steps differ from the saved ones", id)
	var err error
	to := g.buffer()
	g.m.Successors(g.stateAt(id, g.buffer()), func(st model.Step, t model.State) bool {
		if j == end {
			err = differ
			return false
		}
		e := g.edge(j, j-first)
		if !g.stateAt(uint64(e.to), to).Equal(t) || e.index != uint32(st.Index) || e.moves != uint16(st.MoveCount()) || e.ticks != uint16(st.Ticks) {
			err = differ
			return false
		}
		j++
		return true
	})
	if err == nil && j != end {
		err = differ
	}
	return err
}

// ErrSavedTwice is a restored graph that holds a state twice: a corrupt save.
var ErrSavedTwice = errors.New("a state is saved twice")

// Rebuild fills the empty visited set with the states of a restored graph, under their ids,
// settling as the BFS does, so that the exploration goes on as it would have.
func Rebuild(g *Explicit, visited store.Store, cfg Config) error {
	buf := g.buffer()
	for id := range g.Size() {
		s := g.stateAt(id, buf)
		fp := s.Fingerprint()
		if !visited.Visit(fp, s, store.Note{}).New {
			return ErrSavedTwice
		}
		visited.Number(fp, s, id)
		if id%(1<<20) == 0 {
			if err := g.settle(visited, cfg, min(id, g.levelStart)); err != nil {
				return err
			}
		}
	}
	// A store that writes its states out in batches (a Batcher) must hold them all before
	// the first lookup.
	if err := g.settle(visited, cfg, g.levelStart); err != nil {
		return err
	}
	return storeFailed(visited)
}
