package analysis

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/model"
	fairnesspkg "github.com/mc-checker/mc/checker/model/fairness"
)

// Weak fairness per unit (a process by default, or a unit the model names, such as the
// delivery of one message: fairness.Units): an infinite execution is fair unless some unit is
// enabled in every state from some point on and is never served again. Below, "process" reads
// "unit". An execution that stays in a strongly
// connected component C can visit every state and take every edge of C infinitely often, so C
// holds a fair cycle iff every process is disabled in some state of C or moves on some edge
// inside C. (If a process p is enabled all over C and no edge of C moves p, no sub-cycle of C
// can be fair either, so unlike strong fairness no refinement of C is needed.)

// FairSCC is a component of the bad region that carries a fair cycle.
type FairSCC struct {
	nodes []uint64 // sorted
	// needs lists what a fair loop through C must contain, one item per process: an edge of
	// C that moves it if it is enabled all over C, else a state of C where it is disabled.
	needs []loopNeed
}

// loopNeed is a state to visit, or with take set, the edge e out of it to take.
type loopNeed struct {
	from uint64
	e    explore.Edge
	take bool
}

// ErrNoMovers is a graph built without the moving processes weak fairness reads.
var ErrNoMovers = errors.New("the explored graph was built without the moving processes weak fairness reads")

// FindFairSCC returns the fair component with the smallest node id among the nodes inside
// (the bad nodes: every cycle outside the legitimate set lies there; or the strict region),
// or nil. Components are computed with an iterative Tarjan over those nodes only.
func FindFairSCC(g explore.Graph, procs fairnesspkg.Units, inside func(uint64) bool) (*FairSCC, error) {
	if len(procs.Units()) > model.MaxFairProcs {
		return nil, fmt.Errorf("weak fairness tracks at most %d units, the model has %d", model.MaxFairProcs, len(procs.Units()))
	}
	if !g.Movers() {
		return nil, ErrNoMovers
	}
	x := explore.NewExpander(g)
	var best *FairSCC
	forEachSCC(g, x, inside, func(comp []uint64) {
		if f := fairness(g, x, procs, comp); f != nil && (best == nil || f.nodes[0] < best.nodes[0]) {
			best = f
		}
	})
	return best, nil
}

// fairness decides whether component comp carries a fair cycle.
func fairness(g explore.Graph, x *explore.Expander, procs fairnesspkg.Units, comp []uint64) *FairSCC {
	units := len(procs.Units())
	in := make(map[uint64]bool, len(comp))
	for _, id := range comp {
		in[id] = true
	}
	everywhere := ^uint64(0) >> (model.MaxFairProcs - units)
	if units == 0 {
		everywhere = 0
	}
	var moved uint64
	first := map[int]loopNeed{}
	disabledAt := map[int]uint64{}
	internal := false
	s := g.Schema().NewState()
	sorted := slices.Clone(comp)
	slices.Sort(sorted)
	for _, id := range sorted {
		g.State(id, s)
		enabled := procs.EnabledUnits(s)
		everywhere &= enabled
		for p := range units {
			if _, ok := disabledAt[p]; !ok && enabled&(1<<p) == 0 {
				disabledAt[p] = id
			}
		}
		for _, e := range x.Edges(id) {
			if !in[e.To] {
				continue
			}
			internal = true
			for p := range units {
				if e.Movers&(1<<p) != 0 && moved&(1<<p) == 0 {
					moved |= 1 << p
					first[p] = loopNeed{from: id, e: e, take: true}
				}
			}
		}
	}
	if !internal || everywhere&^moved != 0 {
		return nil
	}
	f := &FairSCC{nodes: sorted}
	for p := range units {
		if everywhere&(1<<p) != 0 {
			f.needs = append(f.needs, first[p])
		} else {
			f.needs = append(f.needs, loopNeed{from: disabledAt[p]})
		}
	}
	return f
}

// FairLasso builds a weakly fair counterexample through component f: the stem to its smallest
// node (Entry), then the shortest loop through it if that one is fair, else a loop inside f
// that meets every item of f.needs in turn, and returns.
func FairLasso(g explore.Graph, m model.Model, f *FairSCC, stem explore.NodePath) *model.Trace {
	x := explore.NewExpander(g)
	in := map[uint64]bool{}
	for _, id := range f.nodes {
		in[id] = true
	}
	inside := func(id uint64) bool { return in[id] }
	entry := f.nodes[0]
	isEntry := func(id uint64) bool { return id == entry }
	if short, ok := explore.ShortestPath(x, entry, inside, isEntry, true); ok {
		if t := explore.LassoTrace(g, stem, short); LoopIsFair(m, t) == nil {
			return t
		}
	}
	loop := explore.NodePath{Nodes: []uint64{entry}}
	at := entry
	for _, need := range f.needs {
		p, _ := explore.ShortestPath(x, at, inside, func(id uint64) bool { return id == need.from }, false)
		loop.Extend(p)
		at = need.from
		if need.take {
			loop.Extend(explore.NodePath{Nodes: []uint64{need.from, need.e.To}, Steps: []uint32{need.e.Index}})
			at = need.e.To
		}
	}
	back, _ := explore.ShortestPath(x, at, inside, isEntry, len(loop.Steps) == 0)
	loop.Extend(back)
	return explore.LassoTrace(g, stem, loop)
}

// Entry is the component's smallest node, where its lasso's stem ends.
func (f *FairSCC) Entry() uint64 { return f.nodes[0] }

// forEachSCC enumerates the strongly connected components of the subgraph induced by the nodes
// satisfying inside, roots taken in id order.
func forEachSCC(g explore.Graph, x *explore.Expander, inside func(uint64) bool, emit func([]uint64)) {
	roots, succ := region(g, x, inside, func() bool { return false })
	tarjan(sparseSCC{}, roots, succ, emit) // over the bad region only, which may be a sliver of the graph
}

// region is the subgraph of the nodes satisfying inside as Tarjan's search reads it: its
// nodes in id order (until stop says so), and each node's successors inside.
func region(g explore.Graph, x *explore.Expander, inside func(uint64) bool, stop func() bool) (roots func(yield func(uint64) bool), succ func(uint64, []uint64) []uint64) {
	roots = func(yield func(uint64) bool) {
		for id := uint64(0); id < g.Size() && !stop(); id++ {
			if inside(id) && !yield(id) {
				return
			}
		}
	}
	succ = func(id uint64, out []uint64) []uint64 {
		for _, e := range x.Edges(id) {
			if inside(e.To) {
				out = append(out, e.To)
			}
		}
		return out
	}
	return roots, succ
}

// LoopIsFair checks weak fairness on the loop of a lasso: every unit enabled in all of its
// states is served by one of its steps.
func LoopIsFair(m model.Model, t *model.Trace) error {
	f, starved, err := Starved(m, t)
	if err != nil {
		return err
	}
	if starved != 0 {
		return fmt.Errorf("the loop starves %s", strings.Join(fairnesspkg.Names(f, starved), ", "))
	}
	return nil
}

// Starved is the set of units that the loop of lasso t starves: enabled in every state of the
// loop and served by none of its steps.
func Starved(m model.Model, t *model.Trace) (fairnesspkg.Units, uint64, error) {
	f, ok := fairnesspkg.Of(m)
	if !ok {
		return nil, 0, errors.New("the model has no processes to be fair to")
	}
	enabled := ^uint64(0)
	for i := t.LoopStart; i < len(t.States); i++ {
		enabled &= f.EnabledUnits(t.States[i])
	}
	moves, err := t.Moves(m)
	if err != nil {
		return nil, 0, err
	}
	var served uint64
	for _, ms := range moves[t.LoopStart:] {
		served |= f.Served(model.Step{Moves: ms})
	}
	return f, enabled &^ served, nil
}
