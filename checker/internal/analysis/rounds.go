package analysis

import (
	"context"
	"errors"
	"sync"

	fairnesspkg "github.com/mc-checker/mc/checker/model/fairness"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// Rounds (Dolev, Israeli and Moran; SASA counts them so): the first round of an execution is
// its shortest prefix in which every process enabled at its start has moved or been
// disabled; the next round starts where it ends. An execution that reaches the legitimate set
// takes the rounds it started: those it completed, and the one in which it arrives.
//
// The worst case is a longest path over pairs (configuration, processes still owed a move in
// the current round): a step that moves M into a configuration where E is enabled leaves
// O' = O \ M ∩ E owed; when O' is empty the round is complete (weight 1) and the next one
// owes E. Reaching the legitimate set counts the round under way (weight 1) and stops.
// Outside the legitimate set the graph is acyclic when the worst case exists (no bad node),
// and so is the product. The owed set is a subset of the enabled processes, so the pairs
// number up to Σ 2^|E(c)|; the search (roundsearch.go) values configurations instead, each
// with the few owed sets that take one round more.

// RoundsWitness is the worst case in rounds with its witness: the path, and after which steps
// a round ends (indices into the path's steps).
type RoundsWitness struct {
	Rounds    uint64
	Path      explore.NodePath
	RoundEnds []int
}

type roundKey struct {
	node uint64
	owed uint64
}

// rounder is what the workers of a rounds search share: the graph, every node's enabled
// processes (computed by the workers before the search), and what the search found (see
// roundsearch.go): v(c) and Max(c) by configuration.
type rounder struct {
	ctx     context.Context
	g       explore.Graph
	legit   par.Bitmap
	nodes   *roundNodes // E(c), v(c), Max(c)
	procs   model.Processes
	workers int
	// ownEnabled: the convergence search reads E(c) off c's edges; else prepare asks the
	// model for every configuration's, once, before a search that needs them.
	ownEnabled bool
	prepared   sync.Once
	failed     par.FirstError // a value past the words' width, found by Longest
	faultFree  bool
	// stored: the graph's edges hold the moving processes; not when it keeps the fairness
	// units a step serves instead (a model that names its own, under weak fairness), which
	// once made rounds count units and give a witness that did not replay.
	stored bool
}

// roundEdge is one step of the product: its target pair, the step index, and whether it
// ends a round or reaches the legitimate set.
type roundEdge struct {
	to    roundKey
	index uint32
	ends  bool
	legit bool
}

// Rounds is a rounds search over a graph and what it found: NewRounds, then Worst. A
// convergence search (Longest, Search.Rounds) fills its values as it labels the graph, when
// the graph's edges hold their moving processes (InSearch); Worst searches what is left.
type Rounds struct{ r *rounder }

// NewRounds is a rounds search over g: with faultFree, fault edges (Edge.Moves = 0) are not
// followed. A fault moves no process: it ends a round only by disabling the processes owed.
func NewRounds(ctx context.Context, g explore.Graph, procs model.Processes, legit par.Bitmap, faultFree bool, workers int) *Rounds {
	r := &rounder{ctx: ctx, g: g, legit: legit, faultFree: faultFree, procs: procs, workers: workers,
		nodes: allocRoundNodes(g.Size(), procs.Procs()), stored: ValuedInSearch(g)}
	// A protocol under a daemon gives each enabled process a step of its own (a move of it
	// alone, or of every enabled one at once under the synchronous daemon), so the convergence
	// search reads E(c) off c's edges; other models are asked before it starts.
	_, _, protocol := model.ProtocolOf(g.Model())
	if r.ownEnabled = r.stored && !faultFree && protocol; !r.ownEnabled {
		r.prepare()
	}
	return &Rounds{r}
}

// prepare writes the enabled processes of the configurations not labelled yet, once.
func (r *rounder) prepare() {
	r.prepared.Do(func() { r.nodes.fill(r.ctx, r.g, r.procs, r.workers) })
}

// enabledFrom is E(id) for a label: read off its edges es when the model allows (a fault, which
// moves no process, adds nothing), else asked before the search.
func (r *rounder) enabledFrom(id uint64, es []explore.Edge) uint64 {
	if !r.ownEnabled {
		return r.enabledAt(id)
	}
	en := uint64(0)
	for _, e := range es {
		en |= e.Movers
	}
	return en
}

// ValuedInSearch reports whether the rounds of g can be valued by the convergence search as
// it labels the graph (Search.Rounds): its edges hold their moving processes (not fairness
// units the model names of its own).
func ValuedInSearch(g explore.Graph) bool { return g.Movers() && fairnesspkg.Named(g.Model()) == nil }

// InSearch reports whether Longest can value the configurations as it labels them: the
// graph's edges hold their moving processes, and no edge is left out.
func (rs *Rounds) InSearch() bool { return rs.r.stored && !rs.r.faultFree }

// WorstRoundsFrom is the worst case in rounds from the given nodes (a round starting at
// each), with fault edges followed unless faultFree.
func WorstRoundsFrom(ctx context.Context, g explore.Graph, procs model.Processes, legit par.Bitmap, starts []uint64, faultFree bool, workers int) (*RoundsWitness, error) {
	return NewRounds(ctx, g, procs, legit, faultFree, workers).Worst(starts, workers)
}

// Worst is the worst case in rounds from the given nodes, with its witness from the first
// start of the most rounds.
func (rs *Rounds) Worst(starts []uint64, workers int) (*RoundsWitness, error) {
	return rs.worst(uint64(len(starts)), func(i uint64) (uint64, bool) { return starts[i], true }, workers)
}

// WorstInitial is the worst case in rounds from the graph's initial nodes, with its witness
// from the first of the most rounds.
func (rs *Rounds) WorstInitial(workers int) (*RoundsWitness, error) {
	g := rs.r.g
	return rs.worst(g.Size(), func(id uint64) (uint64, bool) { return id, g.Initial(id) }, workers)
}

func (rs *Rounds) worst(n uint64, start func(uint64) (uint64, bool), workers int) (*RoundsWitness, error) {
	r := rs.r
	if err := r.failed.Get(); err != nil {
		return nil, err
	}
	best, first, found, err := r.search(n, start, workers)
	if err != nil {
		return nil, err
	}
	w := &RoundsWitness{Rounds: uint64(best)}
	if found {
		id, _ := start(first)
		w.Path, w.RoundEnds = r.newSearcher().witness(roundKey{id, r.enabledAt(id)}, best)
	}
	return w, nil
}

func (r *rounder) enabledAt(id uint64) uint64 {
	en, _, _ := r.nodes.get(id)
	return en
}

// productOf is the product's steps out of k, for the witness.
func (r *searcher) productOf(k roundKey) []roundEdge {
	var movers []uint64
	if !r.stored {
		movers = r.stepMovers(k.node, nil)
	}
	var out []roundEdge
	for _, e := range r.x.Edges(k.node) {
		if r.faultFree && e.Moves == 0 {
			continue
		}
		m := e.Movers
		if movers != nil {
			m = movers[e.Index]
		}
		re := roundEdge{index: e.Index, legit: r.legit.Has(e.To)}
		if !re.legit {
			en, _, _ := r.nodes.get(e.To)
			left := k.owed &^ m & en
			re.ends = left == 0
			if re.ends {
				left = en
			}
			re.to = roundKey{e.To, left}
		}
		out = append(out, re)
	}
	return out
}

// stepMovers recomputes the moving processes of each step of node id, by step index, into out.
func (r *searcher) stepMovers(id uint64, out []uint64) []uint64 {
	if r.scratch == nil {
		r.scratch = r.g.Schema().NewState()
	}
	r.g.State(id, r.scratch)
	r.g.Model().Successors(r.scratch, func(st model.Step, _ model.State) bool {
		for len(out) <= st.Index {
			out = append(out, 0)
		}
		out[st.Index] = st.Movers()
		return true
	})
	return out
}

// gain is what an edge adds to the rounds, given its target pair's value.
func (e roundEdge) gain(target uint32) uint32 {
	switch {
	case e.legit:
		return 1
	case e.ends:
		return 1 + target
	}
	return target
}

// witness follows, from k, the first edge that keeps the value tight, to the legitimate set.
func (r *searcher) witness(k roundKey, v uint32) (explore.NodePath, []int) {
	p := explore.NodePath{Nodes: []uint64{k.node}}
	var ends []int
	for {
		next := r.tight(k, v)
		if next == nil { // values inconsistent with the graph: replay validation reports it
			return p, ends
		}
		p.Steps = append(p.Steps, next.index)
		if next.legit {
			for _, e := range r.x.Edges(k.node) {
				if e.Index == next.index {
					p.Nodes = append(p.Nodes, e.To)
				}
			}
			return p, append(ends, len(p.Steps)-1)
		}
		p.Nodes = append(p.Nodes, next.to.node)
		if next.ends {
			ends = append(ends, len(p.Steps)-1)
			v--
		}
		k = next.to
	}
}

// tight is the first edge out of k whose gain is v, k's value.
func (r *searcher) tight(k roundKey, v uint32) *roundEdge {
	for _, e := range r.productOf(k) {
		target := uint32(0)
		if !e.legit {
			target = r.pairValue(e.to)
		}
		if e.gain(target) == v {
			return &e
		}
	}
	return nil
}

// TraceRounds counts the rounds of an execution that ends at its first legitimate
// configuration, from the definition, by replaying it: the steps after which a round ends
// (the last step always ends the round under way).
func TraceRounds(m model.Model, t *model.Trace) (uint64, []int, error) {
	procs, ok := model.ProcessesOf(m)
	if !ok {
		return 0, nil, errors.New("rounds need a model made of processes")
	}
	steps, err := t.StepsOf(m)
	if err != nil {
		return 0, nil, err
	}
	var ends []int
	owed := procs.EnabledMask(t.States[0])
	for i, st := range steps {
		enabled := procs.EnabledMask(t.States[i+1])
		owed = owed &^ st.Movers() & enabled
		if owed == 0 || i == len(steps)-1 {
			ends = append(ends, i)
			owed = enabled
		}
	}
	return uint64(len(ends)), ends, nil
}
