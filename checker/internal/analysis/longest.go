package analysis

import (
	"context"
	"errors"
	"math/bits"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// Labels is the result of the convergence search: for every node its longest execution to the
// legitimate set, in steps and in the other measures, or bad when some execution from it never
// gets there (a cycle or a deadlock outside the legitimate set is reachable without passing
// through it). A label is the length + 1: legitimate nodes are 1, unknown ones CellUnknown.
type Labels struct {
	Steps       *par.Cells
	Weighted    [NumMeasures]*par.Cells // nil for a measure that equals steps or does not apply
	Deadlock    *par.MinTracker         // the smallest illegitimate node without successors
	Transitions uint64                  // the out-edges of the nodes the search labelled
	Bad         bool                    // some node is bad
}

// IsBad reports whether node id is labelled bad.
func (l *Labels) IsBad(id uint64) bool { return l.Steps.Get(id) == l.Steps.Bad() }

// Measure is a length of executions other than steps: moves (process actions; more than steps
// when a daemon fires several processes at once) or ticks (time, in a timed model).
type Measure int

const (
	ByMoves Measure = iota
	ByTicks
	NumMeasures
)

func (m Measure) String() string { return [...]string{"moves", "ticks"}[m] }

// Weight is the length of an edge in the measure.
func (m Measure) Weight(e explore.Edge) uint32 {
	if m == ByMoves {
		return e.Moves
	}
	return e.Ticks
}

// ErrCellOverflow is a longest path past the labels' width: search again with wider labels.
var ErrCellOverflow = errors.New("longest path exceeds the counter width")

// Search says what the convergence search labels.
type Search struct {
	Legit    par.Bitmap // the legitimate nodes, labelled 1
	Measures []Measure  // labelled beside steps
	Bits     uint       // 16 or 32 bits a label
	Workers  int
	Progress func(explore.Progress) // may be nil
	// Saved are the final labels of an interrupted search over the same graph (from a
	// checkpoint; the graph then implements explore.Degrees), or nil.
	Saved *Labels
	// Rounds, when not nil, are valued as the nodes are labelled (no second expansion of
	// each): only without Saved, and when Rounds.InSearch.
	Rounds *Rounds
}

// Longest labels every node by iterative depth-first search with memoisation, in
// O(nodes + edges) and without recursion on the Go stack. Workers start from disjoint ranges
// and share the labels, which go from unknown to final exactly once (the CAS that wins counts
// the node's transitions); a node on another worker's stack is simply searched again (labels
// are a function of the graph, so duplicated work never changes them), while an unlabelled
// node on the worker's own stack closes a cycle. Legitimate nodes are preset to distance 0,
// and so are the labels of an interrupted search, which are final. An interrupted search
// returns its labels so far and ctx's error.
func Longest(ctx context.Context, g explore.Graph, s Search) (*Labels, error) {
	l, err := newLabels(g, s)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var halt par.FirstError // overflow or a model error: stops every worker
	var anyBad atomic.Bool
	var transitions, done atomic.Uint64
	searchers := make([]*dfs, s.Workers)
	for w := range searchers {
		searchers[w] = &dfs{ctx: ctx, g: g, l: l, out: g.NewSuccessors(false)}
		if s.Rounds != nil && s.Saved == nil && s.Rounds.InSearch() {
			searchers[w].rounds = &labeller{rounder: s.Rounds.r}
		} else if l.Weighted == [NumMeasures]*par.Cells{} { // the search reads only the edges' targets
			searchers[w].out.RanksOnly()
		}
	}
	n := g.Size()
	par.ForChunks(ctx, n, par.Chunk(n, s.Workers), s.Workers, func(w int, lo, hi uint64) {
		d := searchers[w]
		d.transitions = 0
		g.Scan(lo, hi, func(id uint64, st model.State) {
			if d.halt == nil && g.Reached(id) && l.Steps.Get(id) == par.CellUnknown {
				d.run(id, st)
			}
		})
		transitions.Add(d.transitions)
		if d.halt != nil {
			halt.Set(d.halt)
			cancel()
		}
		if d.bad {
			anyBad.Store(true)
		}
		if c := done.Add(hi - lo); s.Progress != nil {
			s.Progress(explore.Progress{Phase: "converge", States: c, Total: n})
		}
	})
	if err := halt.Get(); err != nil && !errors.Is(err, context.Canceled) {
		return nil, err
	}
	l.Transitions += transitions.Load()
	l.Bad = l.Bad || anyBad.Load()
	return l, context.Cause(ctx)
}

// newLabels are the labels a search starts from: the saved ones, and 1 at legitimate nodes.
func newLabels(g explore.Graph, s Search) (*Labels, error) {
	n := g.Size()
	l := &Labels{Steps: par.NewCells(n, s.Bits), Deadlock: par.NewMinTracker()}
	for _, m := range s.Measures {
		l.Weighted[m] = par.NewCells(n, s.Bits)
	}
	if s.Saved != nil {
		deg, ok := g.(explore.Degrees) // saved labels come from checkpoints, of stored graphs
		if !ok {
			return nil, errors.New("saved labels for a graph without checkpoints")
		}
		if err := l.preset(g.Size(), deg, s.Saved); err != nil {
			return nil, err
		}
	}
	s.Legit.Each(func(id uint64) {
		l.Steps.CAS(id, par.CellUnknown, 1)
		for _, c := range l.Weighted {
			if c != nil {
				c.CAS(id, par.CellUnknown, 1)
			}
		}
	})
	return l, nil
}

// preset copies the final labels of an interrupted search, with what the search would have
// counted when it set them: their transitions, badness and deadlocks. A label is 1 only at a
// legitimate node, whose transitions the scan counts.
func (l *Labels) preset(n uint64, g explore.Degrees, saved *Labels) error {
	for id := range n {
		v := saved.Steps.Get(id)
		if v == par.CellUnknown || v == 1 {
			continue
		}
		bad := v == saved.Steps.Bad()
		if bad {
			v = l.Steps.Bad()
		} else if v > l.Steps.MaxValue() {
			return ErrCellOverflow
		}
		for m, c := range l.Weighted {
			if c == nil || bad {
				continue
			}
			if saved.Weighted[m] == nil {
				return errors.New("the saved labels lack a measure")
			}
			w := saved.Weighted[m].Get(id)
			if w > c.MaxValue() {
				return ErrCellOverflow
			}
			c.CAS(id, par.CellUnknown, w)
		}
		l.Steps.CAS(id, par.CellUnknown, v)
		l.Transitions += g.Degree(id)
		if bad {
			l.Bad = true
			if g.Degree(id) == 0 {
				l.Deadlock.Offer(id)
			}
		}
	}
	return nil
}

// dfs is one worker's search state: an explicit stack of frames, whose edges and successor
// configurations live in two flat slabs.
type dfs struct {
	ctx     context.Context
	g       explore.Graph
	l       *Labels
	frames  []frame
	out     *explore.Successors // the edges and targets of every frame, stacked
	onStack stackSet            // the ids of frames: an unlabelled successor found here closes a cycle

	rounds      *labeller // values rounds at each node it labels, or nil
	transitions uint64
	halt        error // why the search stopped early: overflow, cancellation, a model error
	bad         bool
	steps       int // iterations since the last look at ctx
	_           par.Pad
}

type frame struct {
	id           uint64
	lo, hi, next int // edges[lo:hi] are the node's edges; next is the first not yet read
	maxSteps     uint32
	maxWeighted  [NumMeasures]uint64 // summed in 64 bits: a sum of 32-bit labels must not wrap
	bad          bool
}

func (d *dfs) run(root uint64, s model.State) {
	if !d.enter(root, s) {
		return
	}
	c := d.l.Steps
	for len(d.frames) > 0 && d.halt == nil {
		if d.steps++; d.steps&4095 == 0 && d.ctx.Err() != nil {
			d.halt = d.ctx.Err()
			break
		}
		f := &d.frames[len(d.frames)-1]
		descended := false
		for ; f.next < f.hi; f.next++ {
			to := d.out.To(f.next)
			v := c.Get(to)
			if v == par.CellUnknown {
				if d.onStack.has(to) {
					f.bad = true // the edge closes a cycle outside the legitimate set
					continue
				}
				if d.enter(to, d.out.Target(f.next)) {
					descended = true
					break
				}
				v = c.Get(to) // finished by another worker meanwhile
			}
			d.absorb(f, f.next, v)
		}
		if !descended {
			d.leave()
		}
	}
}

// absorb folds the label v of edge j's finished target into its parent's frame.
func (d *dfs) absorb(f *frame, j int, v uint32) {
	if v == d.l.Steps.Bad() {
		f.bad = true
		return
	}
	f.maxSteps = max(f.maxSteps, v)
	for m, c := range d.l.Weighted {
		if c != nil { // then the buffer keeps whole edges
			e := d.out.Edges[j]
			f.maxWeighted[m] = max(f.maxWeighted[m], uint64(c.Get(e.To))+uint64(Measure(m).Weight(e))-1)
		}
	}
}

// enter pushes node id unless it is already labelled.
func (d *dfs) enter(id uint64, s model.State) bool {
	if d.l.Steps.Get(id) != par.CellUnknown {
		return false
	}
	lo := d.out.Len()
	d.g.Succ(id, s, d.out)
	if d.out.Invalid != nil {
		d.halt = d.out.Invalid
		return false
	}
	d.onStack.add(id)
	d.frames = append(d.frames, frame{id: id, lo: lo, hi: d.out.Len(), next: lo})

	return true
}

// leave labels the top node and pops it. A node without successors is a deadlock outside the
// legitimate set, hence bad.
func (d *dfs) leave() {
	f := &d.frames[len(d.frames)-1] // not a copy: a frame is 64 bytes
	c := d.l.Steps
	v := f.maxSteps + 1
	deadlock := f.hi == f.lo
	switch {
	case f.bad || deadlock:
		v = c.Bad()
		d.bad = true
	case v > c.MaxValue():
		d.halt = ErrCellOverflow
		return
	default:
		for m, wc := range d.l.Weighted {
			if wc == nil {
				continue
			}
			if f.maxWeighted[m]+1 > uint64(c.MaxValue()) {
				d.halt = ErrCellOverflow
				return
			}
			wc.CAS(f.id, par.CellUnknown, uint32(f.maxWeighted[m]+1))
		}
		if r := d.rounds; r != nil { // before the label: a worker that sees it sees the rounds
			es := d.out.Edges[f.lo:f.hi]
			if err := r.label(f.id, r.enabledFrom(f.id, es), es, nil); err != nil {
				r.failed.Set(err) // the rounds are not measured; the search goes on
				d.rounds = nil
			}
		}
	}
	if c.CAS(f.id, par.CellUnknown, v) {
		d.transitions += uint64(f.hi - f.lo)
		if deadlock {
			d.l.Deadlock.Offer(f.id)
		}
	}
	d.onStack.remove(f.id)
	d.frames = d.frames[:len(d.frames)-1]
	d.out.Truncate(f.lo)
}

// stackSet holds the node ids on one worker's stack: open addressing with linear probing and
// backward-shift deletion, kept at most half full. Stacks are shallow (the longest execution to
// the legitimate set), so the table stays in the first-level cache; marking nodes "on a stack"
// in the shared labels instead cost a contended CAS per node.
type stackSet struct {
	slots []uint64 // id+1; 0 is free
	used  int
	shift uint // 64 - log2(len(slots))
}

func (t *stackSet) home(id uint64) uint64 { return (id * 0x9e3779b97f4a7c15) >> t.shift }

func (t *stackSet) has(id uint64) bool {
	if t.used == 0 {
		return false
	}
	mask := uint64(len(t.slots) - 1)
	for i := t.home(id); ; i = (i + 1) & mask {
		switch t.slots[i] {
		case id + 1:
			return true
		case 0:
			return false
		}
	}
}

func (t *stackSet) add(id uint64) {
	if 2*(t.used+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]uint64, max(64, 2*len(old)))
		t.shift = uint(64 - bits.TrailingZeros(uint(len(t.slots))))
		t.used = 0
		for _, v := range old {
			if v != 0 {
				t.add(v - 1)
			}
		}
	}
	mask := uint64(len(t.slots) - 1)
	i := t.home(id)
	for t.slots[i] != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = id + 1
	t.used++
}

func (t *stackSet) remove(id uint64) {
	mask := uint64(len(t.slots) - 1)
	i := t.home(id)
	for t.slots[i] != id+1 {
		i = (i + 1) & mask
	}
	// Shift later members of the probe run back into the hole, so lookups never stop early.
	for j := (i + 1) & mask; t.slots[j] != 0; j = (j + 1) & mask {
		h := t.home(t.slots[j] - 1)
		if (j-h)&mask >= (j-i)&mask {
			t.slots[i], i = t.slots[j], j
		}
	}
	t.slots[i] = 0
	t.used--
}
