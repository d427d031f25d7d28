package sim

import (
	"fmt"
	"maps"
	"slices"
)

// Tally is one figure's exact distribution over runs: how many runs had each value. Tallies
// of disjoint sets of runs add up to the tally of their union, so a simulation split into
// shards (Options.First) merges back into exactly the figures of the whole: the same
// percentiles and the same mean.
type Tally map[int]uint64

// add counts one run with value x.
func (t Tally) add(x int) { t[x]++ }

// Merge adds u's runs to t.
func (t Tally) Merge(u Tally) {
	for x, k := range u {
		t[x] += k
	}
}

// Spread is the summary of the tally: the minimum, the median and the 99th percentile by
// nearest rank, the maximum, and the mean. The mean is the sum of the values, added in
// increasing order, over the runs: each partial sum is an integer below 2^53, so it is exact
// and does not depend on how the runs were split.
func (t Tally) Spread() Spread {
	var n uint64
	for _, k := range t {
		n += k
	}
	if n == 0 {
		return Spread{}
	}
	values := slices.Sorted(maps.Keys(t))
	rank := func(q float64) int { // nearest rank, 1-based
		r := uint64(max(0, int(q*float64(n)+0.999999)-1))
		var seen uint64
		for _, x := range values {
			if seen += t[x]; seen > r {
				return x
			}
		}
		return values[len(values)-1]
	}
	sum := 0.0
	for _, x := range values {
		sum += float64(x) * float64(t[x])
	}
	return Spread{Min: values[0], Median: rank(0.5), P99: rank(0.99), Max: values[len(values)-1], Mean: sum / float64(n)}
}

// Partial is what some of a simulation's runs contribute to its summary: each figure's tally
// over the stabilized runs, how many runs ended each way, and the first of those that did not
// stabilize. The partials of disjoint runs merge (Merge) into the partial of all of them,
// whose Summary is the one Simulate would give for all the runs at once.
type Partial struct {
	Moves     Tally    `json:"moves"`
	Steps     Tally    `json:"steps"`
	Rounds    Tally    `json:"rounds"`
	AfterLast Tally    `json:"after_last"`
	Costs     []Tally  `json:"costs,omitempty"` // per Result.Costs
	CostNames []string `json:"cost_names,omitempty"`

	Stabilized int `json:"stabilized"`
	Deadlocked int `json:"deadlocked"`
	Bound      int `json:"bounded"`
	// Failed are the indices of the first runs (at most MaxFailedShown) that did not stabilize.
	Failed []int `json:"failed"`
}

// Partial is r's runs' contribution to the summary.
func (r *Result) Partial() Partial {
	p := Partial{Moves: Tally{}, Steps: Tally{}, Rounds: Tally{}, AfterLast: Tally{}, CostNames: r.Costs, Failed: []int{}}
	for range r.Costs {
		p.Costs = append(p.Costs, Tally{})
	}
	for _, run := range r.Runs {
		switch run.Outcome {
		case Stabilized:
			p.Stabilized++
			p.Moves.add(run.Moves)
			p.Steps.add(run.Steps)
			p.Rounds.add(run.Rounds)
			p.AfterLast.add(run.AfterLast)
			for k, t := range p.Costs {
				t.add(costOf(run, k))
			}
		case Deadlocked:
			p.Deadlocked++
		case Bounded:
			p.Bound++
		}
		if (run.Outcome == Deadlocked || run.Outcome == Bounded) && len(p.Failed) < MaxFailedShown {
			p.Failed = append(p.Failed, run.Index)
		}
	}
	return p
}

// Merge adds q, the partial of other runs, to p; both must measure the same costs.
func (p *Partial) Merge(q Partial) error {
	if !slices.Equal(p.CostNames, q.CostNames) {
		return fmt.Errorf("the parts measure different costs: %v and %v", p.CostNames, q.CostNames)
	}
	p.Moves.Merge(q.Moves)
	p.Steps.Merge(q.Steps)
	p.Rounds.Merge(q.Rounds)
	p.AfterLast.Merge(q.AfterLast)
	for k := range p.Costs {
		p.Costs[k].Merge(q.Costs[k])
	}
	p.Stabilized, p.Deadlocked, p.Bound = p.Stabilized+q.Stabilized, p.Deadlocked+q.Deadlocked, p.Bound+q.Bound
	p.Failed = append(p.Failed, q.Failed...)
	slices.Sort(p.Failed)
	p.Failed = slices.Compact(p.Failed)
	p.Failed = p.Failed[:min(len(p.Failed), MaxFailedShown)]
	return nil
}

// Summary is the distribution the partial's runs give.
func (p Partial) Summary() Summary {
	s := Summary{Moves: p.Moves.Spread(), Steps: p.Steps.Spread(), Rounds: p.Rounds.Spread(), AfterLast: p.AfterLast.Spread(),
		Stabilized: p.Stabilized, Deadlocked: p.Deadlocked, Bound: p.Bound, FirstFailed: p.Failed}
	for k, t := range p.Costs {
		s.Costs = append(s.Costs, CostSpread{Name: p.CostNames[k], Spread: t.Spread()})
	}
	if len(s.FirstFailed) == 0 {
		s.FirstFailed = nil
	}
	return s
}

// costOf is run's k-th cost (0 when the run took no step).
func costOf(run Run, k int) int {
	if run.Costs == nil {
		return 0
	}
	return run.Costs[k]
}
