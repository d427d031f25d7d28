package checker

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/mc-checker/mc/checker/internal/markov"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// expectedTime measures the expected steps (moves, rounds) to the legitimate set.
func (a *probabilistic) expectedTime() error {
	name := string(CheckExpected)
	c, err := a.markov()
	if err != nil || c == nil {
		a.partial(name)
		return err
	}
	if c.badRelevant > 0 {
		// An execution from an initial configuration may reach, before the legitimate set,
		// a configuration from which a scheduler avoids it with positive probability.
		a.addTrap(name, c, "infinite: ", true)
		return nil
	}
	t := a.spec.Expected
	e := &Expected{Chain: "Markov decision process", Precision: t.Precision, Exact: true}
	if c.mdp.Deterministic(c.relevant) {
		e.Chain = "Markov chain"
	}
	if e.Precision == 0 {
		e.Precision = 1e-6
	}
	if err := a.expectAll(c, e); err != nil {
		var nb noBound
		if errors.As(err, &nb) {
			a.add(CheckResult{Name: name, Verdict: Inconclusive, Detail: nb.Error()}, nil)
			return nil
		}
		return err
	}
	if e.Steps == nil {
		a.partial(name)
		return nil
	}
	if roundPerStep(a.m) {
		e.Rounds = e.Steps // every enabled process moves: each step is a round
	}
	a.res.Expected = e
	steps := "steps"
	if e.Steps.Worst.String() == "1" {
		steps = "step"
	}
	detail := fmt.Sprintf("%s %s at worst, %s on average", e.Steps.Worst, steps, e.Steps.Average)
	switch {
	case !e.Exact && e.Wide:
		detail += fmt.Sprintf(" (interval iteration, stopped after %d updates before the bounds were %g apart)", e.Iterations, e.Precision)
	case !e.Exact:
		detail += fmt.Sprintf(" (interval iteration to a relative precision of %g)", e.Precision)
	}
	a.add(CheckResult{Name: name, Verdict: Holds, Detail: detail}, nil)
	return nil
}

// expectAll computes the steps, the moves (unless every step is one move) and each of the
// model's costs, the steps first: their upper bounds scale the guesses of the costs' (a cost
// may be 0 a step). e.Steps stays nil when the run was interrupted.
func (a *probabilistic) expectAll(c *chain, e *Expected) error {
	steps, stepsHi, err := a.expect(c, markov.Steps, nil, e)
	if err != nil || steps == nil {
		return err
	}
	if !model.TraitsOf(a.m).OneMovePerStep {
		if e.Moves, _, err = a.expect(c, markov.Moves, nil, e); err != nil || e.Moves == nil {
			return err
		}
	}
	for _, cost := range a.spec.Costs {
		of, err := a.costOf(cost)
		if err != nil {
			return err
		}
		f, _, err := a.expect(c, markov.Arrival(of), stepsHi, e)
		if err != nil || f == nil {
			return err
		}
		e.Costs = append(e.Costs, CostFigure{Name: cost.Name, ExpectedFigure: f})
	}
	e.Steps = steps
	return nil
}

// costOf is cost.Of at every reached node, in one parallel pass; a value below 0 or past
// 2^32 - 1 breaks the model's contract (a model error, in the smallest such node).
func (a *probabilistic) costOf(cost model.Cost) ([]uint32, error) {
	n := a.g.Size()
	out := make([]uint32, n)
	w := a.opts.workers()
	bad := par.NewMinTracker()
	par.ForChunks(a.ctx, n, par.Chunk(n, w), w, func(_ int, lo, hi uint64) {
		a.g.Scan(lo, hi, func(id uint64, s model.State) {
			if !a.g.Reached(id) {
				return
			}
			v := cost.Of(s)
			if v < 0 || v > math.MaxUint32 {
				bad.Offer(id)
				return
			}
			out[id] = uint32(v)
		})
	})
	if id, ok := bad.Get(); ok {
		s := a.g.Schema().NewState()
		a.g.State(id, s)
		return nil, &ModelError{Err: fmt.Errorf("the cost %s is %d in a configuration: a cost is a number from 0 to %d", cost.Name, cost.Of(s), uint32(math.MaxUint32)), State: s, Model: a.m}
	}
	return out, nil
}

// String is the exact value when it is short, else its decimal approximation, or the interval.
func (b Bound) String() string {
	switch {
	case b.Exact != "" && len(b.Exact) <= 24:
		return b.Exact
	case b.Exact != "":
		return fmt.Sprintf("%.6g (exact)", b.Lo)
	}
	return fmt.Sprintf("[%.9g, %.9g]", b.Lo, b.Hi)
}

// expect computes one measure: the interval, then the exact values if they fit, and the
// upper bounds at every node (nil when only the exact solution bounded it). scale is the
// expected steps' upper bounds (nil for the steps themselves). nil without an error:
// interrupted.
func (a *probabilistic) expect(c *chain, reward markov.Reward, scale []float64, e *Expected) (*ExpectedFigure, []float64, error) {
	t := a.spec.Expected
	it := markov.Iteration{Reward: reward, Precision: e.Precision, MaxIterations: t.MaxIterations, Workers: a.opts.workers(), Only: c.relevant, Scale: scale}
	if it.MaxIterations == 0 {
		it.MaxIterations = 1_000_000
	}
	if reward.OnArrival() && scale == nil {
		// The steps had no upper bound (the exact solution gave them): without their bounds
		// the guess of a cost's would fail every time. A short iteration gives the exact
		// solution its hint.
		it.MaxIterations = min(it.MaxIterations, 10_000)
	}
	x, err := markov.ExpectedTime(a.ctx, c.mdp, a.scan.Legit, it)
	switch {
	case a.ctx.Err() != nil:
		return nil, nil, nil
	case errors.Is(err, markov.ErrNoUpperBound):
		f, err := a.exactOnly(c, reward, e, x)
		return f, nil, err
	case err != nil:
		return nil, nil, fmt.Errorf("expected time: %w", err)
	}
	e.Wide = e.Wide || !x.Converged
	e.Iterations = max(e.Iterations, x.Iterations)
	weights := a.orbitWeights()
	sum := x.Summarize(c.mdp, func(u uint64) float64 { return float64(weights(u)) })
	f := &ExpectedFigure{Worst: Bound{Lo: sum.Worst.Lo, Hi: sum.Worst.Hi}, Average: Bound{Lo: sum.Average.Lo, Hi: sum.Average.Hi}}
	worst := sum.WorstNode
	if e.Exact && t.ExactBlock < 0 {
		e.Exact, e.Why = false, "not asked for"
	}
	if e.Exact {
		switch exact, err := a.exactFigure(c, reward, x, weights); {
		case a.ctx.Err() != nil:
			return nil, nil, nil
		case errors.Is(err, markov.ErrTooLarge):
			e.Exact, e.Why = false, err.Error()
		case err != nil:
			return nil, nil, err
		default:
			if err := exact.within(f); err != nil {
				return nil, nil, &InternalError{Check: string(CheckExpected), Err: err}
			}
			f.Worst, f.Average, worst = exact.worst, exact.average, exact.worstNode
			e.Primes = max(e.Primes, exact.primes)
		}
	}
	f.WorstFrom = a.g.Schema().NewState()
	a.g.State(worst, f.WorstFrom)
	return f, x.Hi, nil
}

// noBound is an expected time the iteration could not bound from above and the exact solution
// could not give: the check is inconclusive, with the lower bound found.
type noBound struct {
	iterations int
	lower      float64
	why        string
}

func (e noBound) Error() string {
	return fmt.Sprintf("no upper bound verified in %d updates (the expected time is at least %.6g; the exact solution: %s)", e.iterations, e.lower, e.why)
}

// exactOnly is the exact solution of a chain whose interval iteration found no upper bound in
// its updates (an expected time of the order of the updates), hinted by the lower bounds; it is
// verified exactly, so no interval is needed.
func (a *probabilistic) exactOnly(c *chain, reward markov.Reward, e *Expected, x *markov.Expected) (*ExpectedFigure, error) {
	weights := a.orbitWeights()
	x.Hi = x.Lo // the hint; no upper bound is claimed
	lower := x.Summarize(c.mdp, func(u uint64) float64 { return float64(weights(u)) }).Worst.Lo
	if a.spec.Expected.ExactBlock < 0 {
		return nil, noBound{x.Iterations, lower, "not asked for"}
	}
	exact, err := a.exactFigure(c, reward, x, weights)
	switch {
	case a.ctx.Err() != nil:
		return nil, nil
	case errors.Is(err, markov.ErrTooLarge):
		return nil, noBound{x.Iterations, lower, err.Error()}
	case err != nil:
		return nil, err
	case exact.worst.Lo < lower*(1-1e-12):
		return nil, &InternalError{Check: string(CheckExpected), Err: fmt.Errorf("the exact worst expectation %s is below the lower bound %g", exact.worst.Exact, lower)}
	}
	e.Iterations, e.Primes = max(e.Iterations, x.Iterations), max(e.Primes, exact.primes)
	f := &ExpectedFigure{Worst: exact.worst, Average: exact.average, WorstFrom: a.g.Schema().NewState()}
	a.g.State(exact.worstNode, f.WorstFrom)
	return f, nil
}

// roundPerStep reports whether m runs a protocol under the synchronous daemon, itself or as
// the base of its quotient by symmetry (whose steps are its base's).
func roundPerStep(m model.Model) bool {
	if q, ok := symmetry.QuotientOf(m); ok {
		m = q.Base()
	}
	_, d, ok := model.ProtocolOf(m)
	return ok && d == model.Synchronous
}

// orbitWeights is each node's weight in the average: 1, or under symmetry its orbit's size.
func (a *probabilistic) orbitWeights() func(uint64) uint64 {
	q, ok := symmetry.QuotientOf(a.m)
	if !ok {
		return func(uint64) uint64 { return 1 }
	}
	s := a.g.Schema().NewState()
	return func(u uint64) uint64 {
		a.g.State(u, s)
		seen := map[string]bool{}
		q.Orbit(s, func(t model.State) bool {
			seen[string(t)] = true
			return true
		})
		return uint64(len(seen))
	}
}

// exactFigures are a measure's exact worst and average.
type exactFigures struct {
	worst, average Bound
	worstNode      uint64
	primes         int
}

func (a *probabilistic) exactFigure(c *chain, reward markov.Reward, x *markov.Expected, weights func(uint64) uint64) (*exactFigures, error) {
	block := a.spec.Expected.ExactBlock
	if block == 0 {
		block = 3000
	}
	sol, err := markov.SolveExact(a.ctx, c.mdp, a.scan.Legit, reward, x.Hi, markov.ExactLimits{Block: block, Primes: 400, Workers: a.opts.workers(), Only: c.relevant})
	if err != nil {
		return nil, err
	}
	var worst *big.Rat
	sum, total := new(big.Rat), new(big.Rat)
	out := &exactFigures{primes: sol.Primes}
	c.mdp.Initial.Each(func(u uint64) {
		v := sol.Value[u]
		if worst == nil || v.Cmp(worst) > 0 {
			worst, out.worstNode = v, u
		}
		w := new(big.Rat).SetInt64(int64(weights(u)))
		sum.Add(sum, new(big.Rat).Mul(w, v))
		total.Add(total, w)
	})
	if worst == nil {
		return nil, fmt.Errorf("no initial configuration")
	}
	out.worst, out.average = exactBound(worst), exactBound(sum.Quo(sum, total))
	return out, nil
}

func exactBound(r *big.Rat) Bound {
	f, _ := r.Float64()
	return Bound{Lo: f, Hi: f, Exact: r.RatString()}
}

// within checks that the exact figures lie in the intervals iteration found: two sound
// computations must agree.
func (x *exactFigures) within(f *ExpectedFigure) error {
	for _, p := range []struct {
		name  string
		exact Bound
		iv    Bound
	}{{"worst", x.worst, f.Worst}, {"average", x.average, f.Average}} {
		tol := 1e-12 * max(1, p.exact.Lo)
		if p.exact.Lo < p.iv.Lo-tol || p.exact.Lo > p.iv.Hi+tol {
			return fmt.Errorf("the exact %s expectation %s is outside the interval [%g, %g]", p.name, p.exact.Exact, p.iv.Lo, p.iv.Hi)
		}
	}
	return nil
}
