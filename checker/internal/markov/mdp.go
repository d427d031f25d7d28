package markov

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	probpkg "github.com/mc-checker/mc/checker/model/prob"
)

// MDP is a graph read as a Markov decision process, in compressed rows: node u's choices are
// Choices[u]..Choices[u+1]-1, choice c's outcomes Outcomes[c]..Outcomes[c+1]-1, each a target
// node and the index of its probability in Probs. Nodes the graph did not reach have no
// choice, and neither has a deadlock: Reached tells them apart.
type MDP struct {
	Nodes    uint64
	Choices  []uint64
	Outcomes []uint64
	To       []uint32
	Index    []uint32       // per outcome, the index of the first step to it (replays it)
	ProbOf   []uint32       // per outcome, an index into Probs
	Probs    []probpkg.Prob // the distinct probabilities, exact
	floats   []float64      // Probs as float64
	// Per choice: the step index of its first step, the number of its steps (First[c] ..
	// First[c]+Span[c]-1 of its node, in the model's order), and the moves each step makes.
	// Steps of a choice that lead to one node are one outcome, their probabilities added
	// (under symmetry, the outcomes whose targets are rotations of each other): the first
	// outcome is the first step's target.
	First []uint32
	Span  []uint32
	Moves []uint32
	// Reached has the nodes the graph reached; Initial the initial ones.
	Reached par.Bitmap
	Initial par.Bitmap
	// owner of each choice, filled by reverse
	owner []uint32
	// rev: the choices with an outcome into node v are RevAt[v]..RevAt[v+1]-1 of Rev
	revAt []uint64
	rev   []uint32
}

// Prob is the float64 probability of outcome j.
func (m *MDP) Prob(j uint64) float64 { return m.floats[m.ProbOf[j]] }

// Exact is outcome j's exact probability.
func (m *MDP) Exact(j uint64) probpkg.Prob { return m.Probs[m.ProbOf[j]] }

// Deterministic reports whether every node of set (nil: every node) has at most one choice:
// a Markov chain there.
func (m *MDP) Deterministic(set par.Bitmap) bool {
	for u := range m.Nodes {
		if (set == nil || set.Has(u)) && m.Choices[u+1]-m.Choices[u] > 1 {
			return false
		}
	}
	return true
}

// OutcomeCount is the number of (choice, outcome) pairs.
func (m *MDP) OutcomeCount() uint64 { return uint64(len(m.To)) }

// piece is what one worker builds for a range of nodes.
type piece struct {
	choices, outcomes      []uint64 // relative to the piece
	to, index, first, span []uint32
	moves                  []uint32
	probs                  []probpkg.Prob
	at                     map[uint32]int // a choice's outcomes by target, when it has many
	err                    error
}

// Build reads g's edges with the probabilities its model's steps carry. A model that is not
// Probabilistic gives every step a choice of its own, of probability 1.
func Build(ctx context.Context, g explore.Graph, workers int) (*MDP, error) {
	n := g.Size()
	if n >= math.MaxUint32 {
		return nil, fmt.Errorf("the probabilistic analyses index nodes with 32 bits: %d nodes are too many", n)
	}
	chunk := uint64(4096)
	pieces := make([]piece, (n+chunk-1)/chunk)
	probabilistic := model.TraitsOf(g.Model()).Probabilistic
	par.ForChunks(ctx, n, chunk, workers, func(_ int, lo, hi uint64) {
		pieces[lo/chunk] = buildPiece(g, lo, hi, probabilistic)
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return join(g, pieces)
}

// buildPiece reads the nodes lo..hi-1: the graph's edges give the targets, a second
// enumeration of the model's steps their choices and probabilities, matched by step index.
func buildPiece(g explore.Graph, lo, hi uint64, probabilistic bool) piece {
	var p piece
	out := g.NewSuccessors(false)
	var steps []stepMeta
	g.Scan(lo, hi, func(u uint64, s model.State) {
		p.choices = append(p.choices, uint64(len(p.first)))
		if p.err != nil || !g.Reached(u) || !g.Expanded(u) {
			return
		}
		out.Truncate(0)
		g.Succ(u, s, out)
		if out.Invalid != nil {
			p.err = out.Invalid
			return
		}
		steps = steps[:0]
		out.Model.Successors(s, func(st model.Step, _ model.State) bool {
			c, prob := st.Choice, st.Prob
			if !probabilistic { // each step a choice of its own, certain
				c, prob = st.Index, probpkg.Prob{}
			}
			steps = append(steps, stepMeta{c, st.MoveCount(), prob})
			return true
		})
		if len(steps) != len(out.Edges) {
			p.err = fmt.Errorf("node %d: the graph has %d edges and the model %d steps", u, len(out.Edges), len(steps))
			return
		}
		p.add(out.Edges, steps)
	})
	return p
}

// stepMeta is what the chain keeps of a step beyond its target.
type stepMeta struct {
	choice, moves int
	prob          probpkg.Prob
}

// add appends a node's edges, a choice for each run of steps with one choice, its steps to
// one target merged into one outcome.
func (p *piece) add(edges []explore.Edge, steps []stepMeta) {
	for k := 0; k < len(edges); {
		st := steps[edges[k].Index]
		end := k + 1
		for end < len(edges) && steps[edges[end].Index].choice == st.choice {
			end++
		}
		p.first, p.span = append(p.first, edges[k].Index), append(p.span, uint32(end-k))
		p.moves = append(p.moves, uint32(st.moves))
		p.outcomes = append(p.outcomes, uint64(len(p.to)))
		p.outcomesOf(edges[k:end], steps)
		k = end
	}
}

// outcomesOf appends one choice's outcomes, merging the steps to one target.
func (p *piece) outcomesOf(edges []explore.Edge, steps []stepMeta) {
	if p.at == nil {
		p.at = map[uint32]int{}
	}
	clear(p.at)
	for _, e := range edges {
		to, prob := uint32(e.To), steps[e.Index].prob
		if i, seen := p.at[to]; seen && len(edges) > 1 {
			if sum, fits := p.probs[i].Plus(prob); fits {
				p.probs[i] = sum
				continue
			}
		}
		p.at[to] = len(p.to)
		p.to, p.index, p.probs = append(p.to, to), append(p.index, e.Index), append(p.probs, prob)
	}
}

// join concatenates the pieces in node order and interns the probabilities.
func join(g explore.Graph, pieces []piece) (*MDP, error) {
	n := g.Size()
	m := &MDP{Nodes: n, Reached: par.NewBitmap(n), Initial: par.NewBitmap(n)}
	intern := map[probpkg.Prob]uint32{}
	for _, p := range pieces {
		if p.err != nil {
			return nil, p.err
		}
		base, obase := uint64(len(m.First)), uint64(len(m.To))
		for _, c := range p.choices {
			m.Choices = append(m.Choices, base+c)
		}
		for _, o := range p.outcomes {
			m.Outcomes = append(m.Outcomes, obase+o)
		}
		m.First, m.Span, m.Moves, m.To = append(m.First, p.first...), append(m.Span, p.span...), append(m.Moves, p.moves...), append(m.To, p.to...)
		m.Index = append(m.Index, p.index...)
		for _, pr := range p.probs {
			if pr.Den == 0 {
				pr = probpkg.Prob{Num: 1, Den: 1}
			}
			id, ok := intern[pr]
			if !ok {
				id = uint32(len(m.Probs))
				intern[pr] = id
				m.Probs, m.floats = append(m.Probs, pr), append(m.floats, pr.Float())
			}
			m.ProbOf = append(m.ProbOf, id)
		}
	}
	if len(m.First) >= math.MaxUint32 {
		return nil, fmt.Errorf("the probabilistic analyses index choices with 32 bits: %d choices are too many", len(m.First))
	}
	m.Choices = append(m.Choices, uint64(len(m.First)))
	m.Outcomes = append(m.Outcomes, uint64(len(m.To)))
	for u := range n {
		if g.Reached(u) {
			m.Reached.Set(u)
			if g.Initial(u) {
				m.Initial.Set(u)
			}
		}
	}
	return m, nil
}

// reverse fills the owner of each choice and, for each node, the choices with an outcome
// into it.
func (m *MDP) reverse() {
	if m.rev != nil {
		return
	}
	m.owner = make([]uint32, len(m.First))
	for u := range m.Nodes {
		for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
			m.owner[c] = uint32(u)
		}
	}
	m.revAt = make([]uint64, m.Nodes+1)
	for _, v := range m.To {
		m.revAt[v+1]++
	}
	for v := range m.Nodes {
		m.revAt[v+1] += m.revAt[v]
	}
	fill := append([]uint64(nil), m.revAt[:m.Nodes]...)
	m.rev = make([]uint32, len(m.To))
	for c := range uint64(len(m.First)) {
		for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
			v := m.To[j]
			m.rev[fill[v]] = uint32(c)
			fill[v]++
		}
	}
}

// Relevant is the set of nodes an execution from an initial node reaches before the
// legitimate set (the initial nodes, and every node reached through illegitimate ones), with
// the outcome each was first reached by: the nodes whose expectations the worst and the
// average from the initial nodes depend on.
func (m *MDP) Relevant(legit par.Bitmap) (set par.Bitmap, from []uint64) {
	set = par.NewBitmap(m.Nodes)
	from = make([]uint64, m.Nodes)
	var queue []uint64
	m.Initial.Each(func(u uint64) {
		set.Set(u)
		from[u] = NoChoice
		queue = append(queue, u)
	})
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		if legit.Has(u) {
			continue
		}
		for j := m.Outcomes[m.Choices[u]]; j < m.Outcomes[m.Choices[u+1]]; j++ {
			if v := uint64(m.To[j]); !set.Has(v) {
				set.Set(v)
				from[v] = j
				queue = append(queue, v)
			}
		}
	}
	return set, from
}

// OwnerOf is the node whose choice outcome j belongs to.
func (m *MDP) OwnerOf(j uint64) uint64 {
	m.reverse()
	c := sort.Search(len(m.Outcomes)-1, func(c int) bool { return m.Outcomes[c+1] > j })
	return uint64(m.owner[c])
}
