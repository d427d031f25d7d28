package checker

import (
	"context"
	"errors"
	"math/bits"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
)

// longest is the result of the convergence search: for every node its longest execution to the
// legitimate set, in steps and in the other measures, or bad when some execution from it never
// gets there (a cycle or a deadlock outside the legitimate set is reachable without passing
// through it).
type longest struct {
	steps       *cells
	weighted    [numMeasures]*cells // nil for a measure that equals steps or does not apply
	deadlock    *minTracker
	transitions uint64
	bad         bool // some node is bad
}

// measure is a length of executions other than steps: moves (process actions; more than steps
// when a daemon fires several processes at once) or ticks (time, in a timed model).
type measure int

const (
	byMoves measure = iota
	byTicks
	numMeasures
)

func (m measure) String() string { return [...]string{"moves", "ticks"}[m] }

func (m measure) weight(e edge) uint32 {
	if m == byMoves {
		return e.moves
	}
	return e.ticks
}

var errCellOverflow = errors.New("longest path exceeds the counter width")

// searchLongest labels every node by iterative depth-first search with memoisation, in
// O(nodes + edges) and without recursion on the Go stack. Workers start from disjoint ranges
// and share the labels, which go from unknown to final exactly once (the CAS that wins counts
// the node's transitions); a node on another worker's stack is simply searched again (labels
// are a function of the graph, so duplicated work never changes them), while an unlabelled
// node on the worker's own stack closes a cycle. Legitimate nodes are preset to distance 0,
// and so are the labels of an interrupted search (saved), which are final.
func searchLongest(ctx context.Context, g graph, legit bitmap, measures []measure, width uint, workers int, progress func(Progress), saved *longest) (*longest, error) {
	n := g.size()
	l := &longest{steps: newCells(n, width), deadlock: newMinTracker()}
	for _, m := range measures {
		l.weighted[m] = newCells(n, width)
	}
	if saved != nil {
		x, ok := g.(*explicitGraph) // saved labels come from checkpoints, of explicit graphs only
		if !ok {
			return nil, errors.New("saved labels for a graph without checkpoints")
		}
		if err := l.preset(x, saved); err != nil {
			return nil, err
		}
	}
	for i, word := range legit {
		for ; word != 0; word &= word - 1 {
			id := uint64(i)*64 + uint64(bits.TrailingZeros64(word))
			l.steps.cas(id, cellUnknown, 1)
			for _, c := range l.weighted {
				if c != nil {
					c.cas(id, cellUnknown, 1)
				}
			}
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var halt firstError // overflow or a model error: stops every worker
	var anyBad atomic.Bool
	var transitions, done atomic.Uint64
	searchers := make([]*dfs, workers)
	for w := range searchers {
		searchers[w] = &dfs{ctx: ctx, g: g, l: l, width: g.schema().Width(), out: newSuccessors(g)}
		if _, ok := g.(*explicitGraph); ok { // the search reads ids only, which it gets
			searchers[w].width, searchers[w].out.edgesOnly = 0, true
		}
	}
	forChunks(ctx, n, scanChunk(n, workers), workers, func(w int, lo, hi uint64) {
		d := searchers[w]
		d.transitions = 0
		g.scan(lo, hi, func(id uint64, s model.State) {
			if d.halt == nil && g.reached(id) && l.steps.get(id) == cellUnknown {
				d.run(id, s)
			}
		})
		transitions.Add(d.transitions)
		if d.halt != nil {
			halt.set(d.halt)
			cancel()
		}
		if d.bad {
			anyBad.Store(true)
		}
		if c := done.Add(hi - lo); progress != nil {
			progress(Progress{Phase: "converge", States: c, Total: n})
		}
	})
	if err := halt.get(); err != nil && !errors.Is(err, context.Canceled) {
		return nil, err
	}
	l.transitions += transitions.Load()
	l.bad = l.bad || anyBad.Load()
	return l, context.Cause(ctx)
}

// preset copies the final labels of an interrupted search, with what the search would have
// counted when it set them: their transitions, badness and deadlocks. A label is 1 only at a
// legitimate node, whose transitions the scan counts.
func (l *longest) preset(g *explicitGraph, saved *longest) error {
	for id := range g.size() {
		v := saved.steps.get(id)
		if v == cellUnknown || v == 1 {
			continue
		}
		bad := v == saved.steps.bad()
		if bad {
			v = l.steps.bad()
		} else if v > l.steps.maxValue() {
			return errCellOverflow
		}
		for m, c := range l.weighted {
			if c == nil || bad {
				continue
			}
			if saved.weighted[m] == nil {
				return errors.New("the saved labels lack a measure")
			}
			w := saved.weighted[m].get(id)
			if w > c.maxValue() {
				return errCellOverflow
			}
			c.cas(id, cellUnknown, w)
		}
		l.steps.cas(id, cellUnknown, v)
		l.transitions += g.degree(id)
		if bad {
			l.bad = true
			if g.degree(id) == 0 {
				l.deadlock.offer(id)
			}
		}
	}
	return nil
}

// dfs is one worker's search state: an explicit stack of frames, whose edges and successor
// configurations live in two flat slabs.
type dfs struct {
	ctx     context.Context
	g       graph
	l       *longest
	width   int
	frames  []frame
	out     *successors // the edges and targets of every frame, stacked
	onStack stackSet    // the ids of frames: an unlabelled successor found here closes a cycle

	transitions uint64
	halt        error // why the search stopped early: overflow, cancellation, a model error
	bad         bool
	steps       int // iterations since the last look at ctx
	_           noFalseSharing
}

type frame struct {
	id           uint64
	lo, hi, next int // edges[lo:hi] are the node's edges; next is the first not yet read
	maxSteps     uint32
	maxWeighted  [numMeasures]uint64 // summed in 64 bits: a sum of 32-bit labels must not wrap
	bad          bool
}

func (d *dfs) run(root uint64, s model.State) {
	if !d.enter(root, s) {
		return
	}
	c := d.l.steps
	for len(d.frames) > 0 && d.halt == nil {
		if d.steps++; d.steps&4095 == 0 && d.ctx.Err() != nil {
			d.halt = d.ctx.Err()
			break
		}
		f := &d.frames[len(d.frames)-1]
		descended := false
		for ; f.next < f.hi; f.next++ {
			e := d.out.edges[f.next]
			v := c.get(e.to)
			if v == cellUnknown {
				if d.onStack.has(e.to) {
					f.bad = true // e closes a cycle outside the legitimate set
					continue
				}
				if d.enter(e.to, d.out.target(f.next, d.width)) {
					descended = true
					break
				}
				v = c.get(e.to) // finished by another worker meanwhile
			}
			d.absorb(f, e, v)
		}
		if !descended {
			d.leave()
		}
	}
}

// absorb folds a finished successor's label into its parent's frame.
func (d *dfs) absorb(f *frame, e edge, v uint32) {
	if v == d.l.steps.bad() {
		f.bad = true
		return
	}
	f.maxSteps = max(f.maxSteps, v)
	for m, c := range d.l.weighted {
		if c != nil {
			f.maxWeighted[m] = max(f.maxWeighted[m], uint64(c.get(e.to))+uint64(measure(m).weight(e))-1)
		}
	}
}

// enter pushes node id unless it is already labelled.
func (d *dfs) enter(id uint64, s model.State) bool {
	if d.l.steps.get(id) != cellUnknown {
		return false
	}
	lo := len(d.out.edges)
	d.g.succ(id, s, d.out)
	if d.out.invalid != nil {
		d.halt = d.out.invalid
		return false
	}
	d.onStack.add(id)
	d.frames = append(d.frames, frame{id: id, lo: lo, hi: len(d.out.edges), next: lo})
	return true
}

// leave labels the top node and pops it. A node without successors is a deadlock outside the
// legitimate set, hence bad.
func (d *dfs) leave() {
	f := d.frames[len(d.frames)-1]
	c := d.l.steps
	v := f.maxSteps + 1
	deadlock := f.hi == f.lo
	switch {
	case f.bad || deadlock:
		v = c.bad()
		d.bad = true
	case v > c.maxValue():
		d.halt = errCellOverflow
		return
	default:
		for m, wc := range d.l.weighted {
			if wc == nil {
				continue
			}
			if f.maxWeighted[m]+1 > uint64(c.maxValue()) {
				d.halt = errCellOverflow
				return
			}
			wc.cas(f.id, cellUnknown, uint32(f.maxWeighted[m]+1))
		}
	}
	if c.cas(f.id, cellUnknown, v) {
		d.transitions += uint64(f.hi - f.lo)
		if deadlock {
			d.l.deadlock.offer(f.id)
		}
	}
	d.onStack.remove(f.id)
	d.frames = d.frames[:len(d.frames)-1]
	d.out.truncate(f.lo, d.width)
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
