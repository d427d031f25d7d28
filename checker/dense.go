package checker

import "fmt"

// denseGraph is the graph of a model whose initial set is its whole universe. A node is a
// configuration's rank, so no hash table and no edge list is needed: edges are recomputed from
// the model and ranked, and every per-node array is indexed by rank.
type denseGraph struct {
	m Model
	u *Universe
}

// denseBytesPerNode is what the dense analyses keep per configuration: two 16-bit labels
// (steps and moves) and the legitimate bit, rounded up.
const denseBytesPerNode = 4.25

// fitsDense refuses a universe whose arrays would not fit the memory budget, rather than let
// the kernel kill the run.
func (o Options) fitsDense(n uint64) error {
	return o.fits(n, uint64(float64(n)*denseBytesPerNode), "the dense analysis")
}

// fits refuses to allocate need bytes for n configurations over the memory budget.
func (o Options) fits(n, need uint64, what string) error {
	budget := o.MemoryBudget
	if budget == 0 {
		budget = physicalMemory() / 4 * 3
	}
	if budget > 0 && need > budget {
		return fmt.Errorf("the universe has %d configurations; %s needs about %.1f GiB, over the memory budget of %.1f GiB",
			n, what, float64(need)/(1<<30), float64(budget)/(1<<30))
	}
	return nil
}

func (g *denseGraph) size() uint64               { return g.u.Size() }
func (g *denseGraph) schema() *Schema            { return g.m.Schema() }
func (g *denseGraph) model() Model               { return g.m }
func (g *denseGraph) expanded(uint64) bool       { return true }
func (g *denseGraph) initial(uint64) bool        { return true }
func (g *denseGraph) state(id uint64, dst State) { g.u.Unrank(id, dst) }

func (g *denseGraph) scan(lo, hi uint64, fn func(uint64, State)) {
	if lo >= hi {
		return
	}
	s := workerState(g.schema().Width())
	g.u.Unrank(lo, s)
	for id := lo; ; id++ {
		fn(id, s)
		if id+1 == hi {
			return
		}
		g.u.Next(s)
	}
}

func (g *denseGraph) succ(id uint64, s State, out *successors) {
	out.from, out.rank = s, id
	out.model.Successors(s, out.yield)
}

// pathTo is the node itself: every configuration is initial.
func (g *denseGraph) pathTo(id uint64) ([]uint64, []uint32) { return []uint64{id}, nil }
