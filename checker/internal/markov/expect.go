package markov

import (
	"context"
	"errors"
	"math"
	"sync"

	"github.com/mc-checker/mc/checker/internal/par"
)

// Reward is what a step costs: 1 (steps) or the moves it makes.
type Reward int

const (
	Steps Reward = iota
	Moves
)

// Interval is a sound enclosure of a real value: Lo ≤ value ≤ Hi.
type Interval struct{ Lo, Hi float64 }

// Expected is the expected reward to the legitimate set, worst over schedulers, from every
// reached node: Lo[u] ≤ E(u) ≤ Hi[u].
type Expected struct {
	Lo, Hi     []float64
	Iterations int
}

// ErrNoUpperBound is returned when no upper bound could be verified within the iterations
// allowed: the interval would be unsound, so none is given.
var ErrNoUpperBound = errors.New("no upper bound verified")

// Iteration says how far to iterate.
type Iteration struct {
	Reward Reward
	// Precision: iterate until Hi - Lo ≤ Precision·max(1, Lo) at every node.
	Precision float64
	// MaxIterations bounds the Bellman updates of each bound.
	MaxIterations int
	Workers       int
}

// ExpectedTime computes Lo and Hi by interval iteration (Baier, Klein, Leuschner, Parker and
// Wunderlich, CAV 2017; the upper bound found as in Hartmanns and Kaminski's optimistic value
// iteration, CAV 2020). Lo starts at 0 and Hi at a guess above Lo; a guess h is accepted
// only when the Bellman operator Φ maps it below itself, Φ(h) ≤ h, which by Knaster–Tarski
// puts the least fixpoint (the expected reward) under h. Each update is rounded outwards by
// the float error bound of its sum, so both bounds stay sound in floating point. Every reached
// node must reach legit with probability 1 under every scheduler (Prob1).
func ExpectedTime(ctx context.Context, m *MDP, legit par.Bitmap, it Iteration) (*Expected, error) {
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
			change := m.bellman(legit, lo, next, it, false)
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
		for _, x := range lo {
			largest = max(largest, x)
		}
		delta := 2 * eps * (1 + largest)
		hi := make([]float64, n)
		for u, x := range lo {
			hi[u] = x + delta*(x+1)
		}
		if m.preFixpoint(legit, hi, next, it) {
			e.Lo = lo
			return e, m.narrow(ctx, legit, e, hi, next, it)
		}
		eps /= 10
	}
	return nil, ErrNoUpperBound
}

// narrow iterates both bounds until they are Precision apart.
func (m *MDP) narrow(ctx context.Context, legit par.Bitmap, e *Expected, hi, next []float64, it Iteration) error {
	lo := e.Lo
	spare := make([]float64, len(lo))
	for e.Iterations < it.MaxIterations && !within(lo, hi, it.Precision) {
		if err := ctx.Err(); err != nil {
			return err
		}
		m.bellman(legit, lo, next, it, false)
		lo, next = next, lo
		m.bellman(legit, hi, spare, it, true)
		for u := range hi {
			hi[u] = min(hi[u], spare[u])
		}
		e.Iterations++
	}
	e.Lo, e.Hi = lo, hi
	return nil
}

func within(lo, hi []float64, precision float64) bool {
	for u := range lo {
		if hi[u]-lo[u] > precision*max(1, lo[u]) {
			return false
		}
	}
	return true
}

// bellman writes Φ(x) into out, rounded down (up with upward) by the error bound of each
// node's sums, and returns the largest relative change.
func (m *MDP) bellman(legit par.Bitmap, x, out []float64, it Iteration, upward bool) float64 {
	var mu sync.Mutex
	largest := 0.0
	par.ForChunks(context.Background(), m.Nodes, par.Chunk(m.Nodes, it.Workers), it.Workers, func(_ int, a, b uint64) {
		local := 0.0
		for u := a; u < b; u++ {
			v := m.update(legit, x, u, it.Reward, upward)
			out[u] = v
			local = max(local, math.Abs(v-x[u])/max(1, v))
		}
		mu.Lock()
		largest = max(largest, local)
		mu.Unlock()
	})
	return largest
}

// update is Φ(x)(u): 0 on legit (and on nodes not reached), else the best choice's reward
// plus its outcomes' expected x, rounded outwards.
func (m *MDP) update(legit par.Bitmap, x []float64, u uint64, reward Reward, upward bool) float64 {
	if !m.Reached.Has(u) || legit.Has(u) {
		return 0
	}
	if m.Choices[u] == m.Choices[u+1] {
		return math.Inf(1) // a deadlock outside legit never gets there
	}
	best := 0.0
	for c := m.Choices[u]; c < m.Choices[u+1]; c++ {
		sum := 0.0
		for j := m.Outcomes[c]; j < m.Outcomes[c+1]; j++ {
			sum += m.floats[m.ProbOf[j]] * x[m.To[j]]
		}
		r := 1.0
		if reward == Moves {
			r = float64(m.Moves[c])
		}
		// Each term carries the rounding of its probability and its product, the sum one
		// rounding an addition, the reward one more: (k+4) units of 2^-53 bound the
		// relative error of a sum of k nonnegative terms; twice that, for the final
		// multiplication, is safe.
		slack := float64(m.Outcomes[c+1]-m.Outcomes[c]+4) * 0x1p-52
		v := r + sum
		if upward {
			v *= 1 + slack
		} else {
			v *= 1 - slack
		}
		best = max(best, v)
	}
	return best
}

// preFixpoint reports whether Φ(h) ≤ h at every node (Φ rounded upwards).
func (m *MDP) preFixpoint(legit par.Bitmap, h, scratch []float64, it Iteration) bool {
	m.bellman(legit, h, scratch, it, true)
	for u := range h {
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
