package analysis

import (
	"context"
	"errors"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// The search values configurations, not pairs. Write V(c, O) for the most rounds from
// configuration c owing O, E(c) for c's enabled processes, and v(c) = V(c, E(c)), a round
// starting at c. Then for every owed set O ⊆ E(c):
//
//	v(c) ≤ V(c, O) ≤ v(c) + 1.
//
// Along any one execution, count the rounds from O and from E(c): the owed sets follow the
// same map O ↦ O ∩ K (K the processes enabled after the step and not moved by it), which
// keeps inclusion, so the smaller set empties first, or with the other; it then owes every
// enabled process, a superset of what the other still owes, and the roles swap. The round
// ends of the two counts interleave, so the counts differ by at most one, the smaller set's
// the larger.
//
// So each configuration keeps v(c) and the owed sets that gain the extra round, F(c) =
// {O ≠ ∅ : V(c, O) = v(c) + 1}. For an edge c → t moving M, let A = E(c) ∩ E(t) \ M, what
// stays owed of a fresh round. An edge gains the extra round from O only if v(t) = v(c) (a
// level edge; v(t) ≤ v(c) always, and a level edge keeps the round under way, A ≠ ∅), and
// then exactly when O ∩ A is empty (the round ends, 1 + v(t)) or in F(t). By induction F is
// a union of the subsets of a few maximal sets, Max: a level edge adds E(c) \ (A \ S) for
// each S in Max(t), or E(c) \ A when Max(t) is empty. And v(c) is the best gain that needs
// no family (a legitimate target 1, a round ended 1 + v(t), a round under way v(t)), plus
// one when a round under way reaches a t with v(t) equal to it and A in F(t).
//
// TestRoundsWithinOneOfAFreshRound checks the fact on random graphs for every owed set.
// Every configuration is expanded once: by the convergence search, which labels its rounds
// as it labels its moves and steps (Search.Rounds) where the graph keeps its steps' moving
// processes, else by this search. On Dijkstra's ring every Max has at most one set; a
// configuration whose Max has several keeps them aside (roundnodes.go).

// searcher is one worker of a rounds search: its expander, its stack of frames, which
// configurations are on it.
type searcher struct {
	labeller
	x       *explore.Expander
	frames  []roundFrame
	onStack stackSet
	pushes  int // frames this worker entered: it looks at ctx every 4,096
	// edges and movers are the frames' at each depth of the stack, reused: made anew for
	// every frame, they were the bulk of the search's garbage.
	edges   [][]explore.Edge
	movers  [][]uint64
	scratch model.State // the configuration whose movers stepMovers recomputes
}

// labeller values a configuration from its edges, its targets' values known: what a rounds
// searcher and a convergence search (Longest) do at a configuration they leave.
type labeller struct {
	*rounder
	ties  []roundKey // the targets of the rounds under way whose v is the best gain, owing what
	cands []uint64
	one   [1]uint64
}

// roundFrame is a configuration whose value is sought, with its edges and their movers (nil:
// the edges hold them).
type roundFrame struct {
	id     uint64
	edges  []explore.Edge
	movers []uint64
	next   int
}

var errRoundsCycle = errors.New("a cycle outside the legitimate set: the worst case in rounds is unbounded")

func (r *rounder) newSearcher() *searcher {
	return &searcher{labeller: labeller{rounder: r}, x: explore.NewExpander(r.g)}
}

// value is v(id), and whether it is known.
func (r *rounder) value(id uint64) (uint32, bool) {
	_, _, x := r.nodes.get(id)
	return x - 1, x != 0
}

// search is the first of the starts with the most rounds, and its v (found false when every
// start is legitimate); start(i) is the i-th of n starts, or false when i is not one. The
// workers take ranges of starts, each searching depth first with a stack of its own; they
// share the values, which are a function of the graph, so a configuration one worker is still
// searching another searches again. A cycle is found by the worker whose stack closes it.
func (r *rounder) search(n uint64, start func(i uint64) (uint64, bool), workers int) (best uint32, first uint64, found bool, err error) {
	workers = max(1, workers)
	type result struct {
		best  uint32
		first uint64
		found bool
		x     *searcher
		_     par.Pad
	}
	results := make([]result, workers)
	var halt par.FirstError
	par.ForChunks(r.ctx, n, max(16, par.Chunk(n, workers)/64), workers, func(w int, lo, hi uint64) {
		res := &results[w]
		if res.x == nil {
			res.x = r.newSearcher()
		}
		for i := lo; i < hi && halt.Get() == nil; i++ {
			id, ok := start(i)
			if !ok || r.legit.Has(id) {
				continue
			}
			v, err := res.x.run(id)
			if err != nil {
				halt.Set(err)
				return
			}
			if !res.found || v > res.best || v == res.best && i < res.first {
				res.best, res.first, res.found = v, i, true
			}
		}
	})
	if err := halt.Get(); err != nil {
		return 0, 0, false, err
	}
	if r.ctx.Err() != nil {
		return 0, 0, false, context.Cause(r.ctx)
	}
	for _, res := range results { // the first of the most, whatever the workers' timing
		if res.found && (!found || res.best > best || res.best == best && res.first < first) {
			best, first, found = res.best, res.first, true
		}
	}
	return best, first, found, nil
}

// pairValue is V(k); k's configuration's v must be known.
func (r *labeller) pairValue(k roundKey) uint32 {
	_, _, v1 := r.nodes.get(k.node)
	if r.gains(k) {
		return v1
	}
	return v1 - 1
}

// gains reports whether owing k.owed at k.node gains the extra round: k.owed is in F.
func (r *labeller) gains(k roundKey) bool {
	_, fam, _ := r.nodes.get(k.node)
	for _, s := range r.nodes.family(k.node, fam, &r.one) {
		if k.owed != 0 && k.owed&^s == 0 {
			return true
		}
	}
	return false
}

// run is v(root), by an iterative depth-first search with memoisation.
func (r *searcher) run(root uint64) (uint32, error) {
	if v, ok := r.value(root); ok {
		return v, nil
	}
	r.prepare() // the enabled processes of what the convergence search did not label
	r.frames = r.frames[:0]
	r.enter(root)
	for len(r.frames) > 0 {
		f := &r.frames[len(r.frames)-1]
		descended := false
		for ; f.next < len(f.edges); f.next++ {
			e := &f.edges[f.next]
			if r.faultFree && e.Moves == 0 || r.legit.Has(e.To) {
				continue
			}
			if _, ok := r.value(e.To); ok {
				continue
			}
			if r.onStack.has(e.To) {
				return 0, errRoundsCycle
			}
			r.enter(e.To)
			if r.pushes%4096 == 0 && r.ctx.Err() != nil {
				return 0, context.Cause(r.ctx)
			}
			descended = true
			break
		}
		if !descended {
			if err := r.leave(); err != nil {
				return 0, err
			}
		}
	}
	v, _ := r.value(root)
	return v, nil
}

// enter pushes configuration id with its edges.
func (r *searcher) enter(id uint64) {
	r.pushes++
	d := len(r.frames)
	for len(r.edges) <= d {
		r.edges, r.movers = append(r.edges, nil), append(r.movers, nil)
	}
	r.edges[d] = append(r.edges[d][:0], r.x.Edges(id)...)
	var movers []uint64
	if !r.stored {
		r.movers[d] = r.stepMovers(id, r.movers[d][:0])
		movers = r.movers[d]
	}
	r.onStack.add(id)
	r.frames = append(r.frames, roundFrame{id: id, edges: r.edges[d], movers: movers})
}

// leave labels the top configuration, every target's value known, and pops it.
func (r *searcher) leave() error {
	f := &r.frames[len(r.frames)-1]
	if err := r.label(f.id, r.enabledAt(f.id), f.edges, f.movers); err != nil {
		return err
	}
	r.onStack.remove(f.id)
	r.frames = r.frames[:len(r.frames)-1]
	return nil
}

// label records v(id) and Max(id) from id's edges es (a fresh round owing en; movers by step
// index, or nil when the edges hold them), every target's value known, in one pass over the
// edges: with b the best gain that needs no family, a round under way to a tie (v(t) = b) is
// the only edge that can gain more: v(id) = b + 1 when the owed set it leaves is in F(t),
// and then no edge is level (v(t) ≤ b for every round under way), so Max(id) is empty; else
// v(id) = b and the ties are the level edges.
func (r *labeller) label(id, en uint64, es []explore.Edge, movers []uint64) error {
	b := uint32(0)
	r.ties = r.ties[:0]
	for _, e := range es {
		if r.faultFree && e.Moves == 0 {
			continue
		}
		if r.legit.Has(e.To) {
			if b < 1 {
				b, r.ties = 1, r.ties[:0]
			}
			continue
		}
		m := e.Movers
		if movers != nil {
			m = movers[e.Index]
		}
		et, _, v1 := r.nodes.get(e.To)
		left := en &^ m & et // E(id) ∩ E(t) \ M: what stays owed
		gain := v1 - 1
		if left == 0 {
			gain++ // the round ends: 1 + v(t)
		}
		if gain > b {
			b, r.ties = gain, r.ties[:0]
		}
		if gain == b && left != 0 {
			r.ties = append(r.ties, roundKey{e.To, left})
		}
	}
	r.cands = r.cands[:0]
	for _, t := range r.ties {
		_, inline, _ := r.nodes.get(t.node)
		fam := r.nodes.family(t.node, inline, &r.one)
		if len(fam) == 0 {
			r.cands = addMaximal(r.cands, en&^t.owed)
		}
		for _, s := range fam {
			if t.owed&^s == 0 { // left ∈ F(t): the extra round
				return r.nodes.set(id, en, nil, b+1)
			}
			r.cands = addMaximal(r.cands, en&^(t.owed&^s))
		}
	}
	return r.nodes.set(id, en, r.cands, b)
}

// addMaximal adds set s to the antichain of maximal sets, unless empty or under one of them.
func addMaximal(sets []uint64, s uint64) []uint64 {
	if s == 0 {
		return sets
	}
	kept := sets[:0]
	for _, t := range sets {
		if s&^t == 0 {
			return sets // s ⊆ t
		}
		if t&^s != 0 { // t ⊄ s
			kept = append(kept, t)
		}
	}
	return append(kept, s)
}
