package markov

import (
	"context"
	"errors"
	"math"
	"sync"

	"github.com/mc-checker/mc/checker/internal/par"
)

// Reward is what a step costs: 1 (Steps), the moves it makes (Moves), or the cost of the
// node it arrives in (Arrival).
type Reward struct {
	moves bool
	cost  []uint32 // per node, paid by every step that arrives in it (Arrival)
}

var (
	Steps = Reward{}
	Moves = Reward{moves: true}
)

// Arrival is the reward that pays cost[v] for every step into node v: the messages a
// synchronous round sends are the messages in transit in the configuration it reaches.
func Arrival(cost []uint32) Reward { return Reward{cost: cost} }

// OnArrival reports whether r is an Arrival reward, which may be 0 a step: its iteration needs
// Iteration.Scale to find an upper bound.
func (r Reward) OnArrival() bool { return r.cost != nil }

// Interval is a sound enclosure of a real value: Lo ≤ value ≤ Hi.
type Interval struct{ Lo, Hi float64 }

// Expected is the expected reward to the legitimate set, worst over schedulers, from every
// reached node: Lo[u] ≤ E(u) ≤ Hi[u].
type Expected struct {
	Lo, Hi     []float64
	Iterations int
	// Converged: the bounds are Precision apart (else the iteration stopped at its bound).
	Converged bool
}

// ErrNoUpperBound is returned when no upper bound could be verified within the iterations
// allowed (a chain whose expected time is of the order of the iterations): the interval would
// be unsound, so none is given; the Expected returned with it has the lower bounds (Hi nil).
var ErrNoUpperBound = errors.New("no upper bound verified")

// Iteration says how far to iterate.
type Iteration struct {
	Reward Reward
	// Precision: iterate until Hi - Lo ≤ Precision·max(1, Lo) at every node.
	Precision float64
	// MaxIterations bounds the Bellman updates of each bound.
	MaxIterations int
	Workers       int
	// Only restricts the iteration to these nodes (nil: every reached one); the outcomes of
	// their illegitimate nodes must stay in it (MDP.Relevant).
	Only par.Bitmap
	// Scale, when set, is an upper bound of the expected steps under the same Only (the Hi
	// of a Steps iteration): the guess of the upper bound is lo + δ·Scale, which is a
	// pre-fixpoint once Φ(lo) − lo ≤ δ whatever the reward (lo + δ(lo + 1) needs a reward of
	// at least 1 a step, which an Arrival cost of 0 is not).
	Scale []float64
}

// ExpectedTime computes Lo and Hi by interval iteration (Baier, Klein, Leuschner, Parker and
// Wunderlich, CAV 2017; the upper bound found as in Hartmanns and Kaminski's optimistic value
// iteration, CAV 2020). Lo starts at 0 and Hi at a guess above Lo; a guess h is accepted
// only when the Bellman operator Φ maps it below itself, Φ(h) ≤ h, which by Knaster–Tarski
// puts the least fixpoint (the expected reward) under h. Each update is rounded outwards by
// the float error bound of its sum, so both bounds stay sound in floating point. Every reached
// node must reach legit with probability 1 under every scheduler (Prob1).
//
// The iteration runs on the branching nodes only: a node with one choice of one outcome (a
// step without a coin or a choice) is a jump to the first branching or legitimate node down
// its path, with the path's reward added. The reduced system has the same least fixpoint on
// the branching nodes, and the other nodes' values follow exactly. A synchronous protocol
// whose coins are rare (a phase coin every few hundred rounds) iterates over a few nodes in a
// hundred.
func ExpectedTime(ctx context.Context, m *MDP, legit par.Bitmap, it Iteration) (*Expected, error) {
	sv := m.newSolver(legit, it)
	n := m.Nodes
	lo, next := make([]float64, n), make([]float64, n)
	e := &Expected{Lo: lo}
	eps := 1e-3
	for e.Iterations < it.MaxIterations {
		// Lower bound: iterate until it moves by less than eps (relatively).
		for {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			change := sv.bellman(lo, next, false)
			lo, next = next, lo
			e.Iterations++
			if change <= eps || e.Iterations >= it.MaxIterations {
				break
			}
		}
		// The guess lo + δ(lo + 1) is a pre-fixpoint when Φ(lo) - lo ≤ δ: one step of P takes
		// lo + 1 to about lo (an expected time minus the step), which leaves δ of margin,
		// and Φ(lo) - lo is at most eps·(1 + max lo) once lo moves by less than eps.
		largest := 0.0
		for _, u := range sv.branch {
			largest = max(largest, lo[u])
		}
		delta := 2 * eps * (1 + largest)
		hi := make([]float64, n)
		for _, u := range sv.branch {
			if it.Scale != nil {
				hi[u] = lo[u] + delta*it.Scale[u]
			} else {
				hi[u] = lo[u] + delta*(lo[u]+1)
			}
		}
		if sv.preFixpoint(hi, next) {
			e.Lo = lo
			err := sv.narrow(ctx, e, hi, next)
			sv.fill(e)
			return e, err
		}
		eps /= 10
	}
	sv.fill(e)
	return e, ErrNoUpperBound
}

// solver is the reduced system the iteration runs on.
type solver struct {
	m      *MDP
	legit  par.Bitmap
	it     Iteration
	branch []uint64  // the reached illegitimate nodes with a coin or a choice
	jump   []uint32  // per node: itself if branching or legitimate, else the end of its path
	acc    []float64 // per node: the reward along its path to jump (an integer)
}

func (m *MDP) newSolver(legit par.Bitmap, it Iteration) *solver {
	sv := &solver{m: m, legit: legit, it: it, jump: make([]uint32, m.Nodes), acc: make([]float64, m.Nodes)}
	const unset = ^uint32(0)
	for u := range m.Nodes {
		sv.jump[u] = unset
		if !m.Reached.Has(u) || legit.Has(u) || it.Only != nil && !it.Only.Has(u) {
			sv.jump[u] = uint32(u)
		} else if !m.plain(u) {
			sv.jump[u] = uint32(u)
			sv.branch = append(sv.branch, u)
		}
	}
	var path []uint64
	onPath := make([]bool, m.Nodes)
	next := func(v uint64) uint64 { return uint64(m.To[m.Outcomes[m.Choices[v]]]) }
	for u := range m.Nodes {
		// Follow the plain path from u to a node whose jump is known, then set the path's. A
		// plain cycle (which Prob1 excludes outside legit) is cut at the node that closes it.
		path = path[:0]
		v := u
		for ; sv.jump[v] == unset && !onPath[v]; v = next(v) {
			onPath[v] = true
			path = append(path, v)
		}
		if onPath[v] {
			sv.jump[v] = uint32(v)
			sv.branch = append(sv.branch, v)
		}
		for i := len(path) - 1; i >= 0; i-- {
			p := path[i]
			onPath[p] = false
			if p == v && sv.jump[p] == uint32(p) {
				continue
			}
			w := next(p)
			sv.jump[p], sv.acc[p] = sv.jump[w], sv.acc[w]+m.reward(m.Choices[p], it.Reward)+float64(arrival(it.Reward, uint32(w)))
		}
	}
	return sv
}

// cost is what a step into v pays under an Arrival reward (0 under the others).
func (sv *solver) cost(v uint32) float64 {
	if sv.it.Reward.cost == nil {
		return 0
	}
	return float64(sv.it.Reward.cost[v])
}

// plain reports whether u has one choice of one outcome.
func (m *MDP) plain(u uint64) bool {
	c := m.Choices[u]
	return m.Choices[u+1] == c+1 && m.Outcomes[c+1] == m.Outcomes[c]+1
}

// narrow iterates both bounds until they are Precision apart.
func (sv *solver) narrow(ctx context.Context, e *Expected, hi, next []float64) error {
	lo := e.Lo
	spare := make([]float64, len(lo))
	for !sv.within(lo, hi) {
		if e.Iterations >= sv.it.MaxIterations {
			e.Lo, e.Hi = lo, hi
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		sv.bellman(lo, next, false)
		lo, next = next, lo
		sv.bellman(hi, spare, true)
		for _, u := range sv.branch {
			hi[u] = min(hi[u], spare[u])
		}
		e.Iterations++
	}
	e.Lo, e.Hi, e.Converged = lo, hi, true
	return nil
}

// fill sets the plain nodes' bounds from their jumps, rounded outwards.
func (sv *solver) fill(e *Expected) {
	for u := range sv.m.Nodes {
		if j := uint64(sv.jump[u]); j != u {
			e.Lo[u] = (sv.acc[u] + e.Lo[j]) * (1 - 0x1p-52)
			if e.Hi != nil {
				e.Hi[u] = (sv.acc[u] + e.Hi[j]) * (1 + 0x1p-52)
			}
		}
	}
}

func (sv *solver) within(lo, hi []float64) bool {
	for _, u := range sv.branch {
		if hi[u]-lo[u] > sv.it.Precision*max(1, lo[u]) {
			return false
		}
	}
	return true
}

// bellman writes Φ(x) into out on the branching nodes, rounded down (up with upward) by the
// error bound of each node's sums, and returns the largest relative change.
func (sv *solver) bellman(x, out []float64, upward bool) float64 {
	var mu sync.Mutex
	largest := 0.0
	n := uint64(len(sv.branch))
	workers := sv.it.Workers
	par.ForChunks(context.Background(), n, par.Chunk(n, workers), workers, func(_ int, a, b uint64) {
		local := 0.0
		for _, u := range sv.branch[a:b] {
			v := sv.update(x, u, upward)
			out[u] = v
			local = max(local, math.Abs(v-x[u])/max(1, v))
		}
		mu.Lock()
		largest = max(largest, local)
		mu.Unlock()
	})
	return largest
}

// update is Φ(x)(u) on the reduced system: the best choice's reward plus its outcomes'
// expected reward to their jumps and x there, rounded outwards.
func (sv *solver) update(x []float64, u uint64, upward bool) float64 {
	m := sv.m
	if m.Choices[u] == m.Choices[u+1] {
		return math.Inf(1) // a deadlock outside legit never gets there
	}
	best := 0.0
	for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
		sum := 0.0
		for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
			v := m.To[j]
			sum += m.floats[m.ProbOf[j]] * (sv.cost(v) + sv.acc[v] + x[sv.jump[v]])
		}
		// Each term carries the rounding of its probability, of its addition and of its
		// product, the sum one rounding an addition, the reward one more: (k+6) units of
		// 2^-53 bound the relative error of a sum of k nonnegative terms; twice that, for
		// the final multiplication, is safe.
		slack := float64(m.Outcomes[c+1]-m.Outcomes[c]+6) * 0x1p-52
		v := m.reward(c, sv.it.Reward) + sum // an Arrival reward is in the terms, its own slack
		if upward {
			v *= 1 + slack
		} else {
			v *= 1 - slack
		}
		best = max(best, v)
	}
	return best
}

// preFixpoint reports whether Φ(h) ≤ h at every branching node (Φ rounded upwards).
func (sv *solver) preFixpoint(h, scratch []float64) bool {
	sv.bellman(h, scratch, true)
	for _, u := range sv.branch {
		if scratch[u] > h[u] {
			return false
		}
	}
	return true
}

// Figures are the worst and the average of the expected reward over the initial nodes, each
// weighted by weight(u) (an orbit's size under symmetry; nil: 1), with the worst node.
type Figures struct {
	Worst, Average Interval
	WorstNode      uint64
}

// Summarize takes the worst (the largest upper bound's node; the interval spans the largest
// lower and upper bounds) and the weighted average over the initial nodes, widened by the
// rounding of the sums.
func (e *Expected) Summarize(m *MDP, weight func(uint64) float64) Figures {
	var f Figures
	var sumLo, sumHi, total float64
	count := 0.0
	m.Initial.Each(func(u uint64) {
		w := 1.0
		if weight != nil {
			w = weight(u)
		}
		if count == 0 || e.Hi[u] > f.Worst.Hi {
			f.WorstNode = u
		}
		f.Worst.Lo, f.Worst.Hi = max(f.Worst.Lo, e.Lo[u]), max(f.Worst.Hi, e.Hi[u])
		sumLo, sumHi, total = sumLo+w*e.Lo[u], sumHi+w*e.Hi[u], total+w
		count++
	})
	if total > 0 {
		slack := (2*count + 4) * 0x1p-52
		f.Average = Interval{sumLo / total * (1 - slack), sumHi / total * (1 + slack)}
	}
	return f
}
