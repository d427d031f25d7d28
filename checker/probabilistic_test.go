package checker_test

import (
	"context"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
)

// randomMDP is a hand-written Markov decision process over one variable: in each state the
// scheduler picks a choice, and a coin picks the outcome. Every state is initial.
type randomMDP struct {
	schema  *model.Schema
	choices [][][]outcome // state → choice → outcomes
	legit   []bool
	cost    []int // paid by every step into the state (a model.Cost)
}

type outcome struct {
	to   int
	prob prob.Prob
}

func (m *randomMDP) Schema() *model.Schema                 { return m.schema }
func (m *randomMDP) UniverseInit() (model.Predicate, bool) { return nil, true }
func (m *randomMDP) Traits() model.Traits                  { return model.Traits{Probabilistic: true} }
func (m *randomMDP) Init(yield func(model.State) bool) {
	for s := range m.choices {
		if !yield(model.State{byte(s)}) {
			return
		}
	}
}

func (m *randomMDP) Successors(s model.State, yield func(model.Step, model.State) bool) {
	idx := 0
	for c, outs := range m.choices[s[0]] {
		for _, o := range outs {
			if !yield(model.Step{Index: idx, Choice: c, Prob: o.prob}, model.State{byte(o.to)}) {
				return
			}
			idx++
		}
	}
}

func (m *randomMDP) isLegit(s model.State) bool { return m.legit[s[0]] }

// properties are L and the arrival cost, which is 0 in about a third of the states.
func (m *randomMDP) properties() model.Properties {
	return model.Properties{Legit: m.isLegit, Costs: []model.Cost{{Name: "cost", Of: func(s model.State) int { return m.cost[s[0]] }}}}
}

// newRandomMDP draws n states, about a third legitimate, each with up to three choices of
// one to three outcomes (probability 1, 1/2 1/2, 1/4 1/4 1/2, or 1/3 2/3), and now and then a
// deadlock.
func newRandomMDP(r *rand.Rand, n int) *randomMDP {
	sch, err := model.NewSchema(0, model.Var{Name: "s", Owner: model.Global, Domain: model.Range(n)})
	if err != nil {
		panic(err)
	}
	m := &randomMDP{schema: sch, choices: make([][][]outcome, n), legit: make([]bool, n), cost: make([]int, n)}
	dists := [][]prob.Prob{{{Num: 1, Den: 1}}, {prob.Half, prob.Half}, {{Num: 1, Den: 4}, {Num: 1, Den: 4}, prob.Half}, {{Num: 1, Den: 3}, {Num: 2, Den: 3}}}
	for s := range n {
		m.legit[s] = r.IntN(3) == 0
		m.cost[s] = max(0, r.IntN(6)-2)
		k := 1 + r.IntN(3)
		if r.IntN(12) == 0 {
			k = 0
		}
		for range k {
			var outs []outcome
			for _, p := range dists[r.IntN(len(dists))] {
				outs = append(outs, outcome{r.IntN(n), p})
			}
			m.choices[s] = append(m.choices[s], outs)
		}
	}
	return m
}

// oracle decides convergence with probability 1 and the worst expected steps (with
// arrival, the worst expected arrival cost) by brute force over the memoryless deterministic
// schedulers, which suffice for both (Puterman, Markov Decision Processes, 7.1 and 10.1;
// Baier and Katoen 10.6): under each, the chain converges iff every illegitimate state has a
// path to the legitimate set, and its expected reward solves a linear system, here by exact
// Gaussian elimination.
func (m *randomMDP) oracle(arrival bool) (sure bool, worst []*big.Rat) {
	n := len(m.choices)
	pick := make([]int, n)
	sure = true
	for {
		x, ok := m.chainExpectation(pick, arrival)
		if !ok {
			sure = false
		} else if sure {
			if worst == nil {
				worst = x
			}
			for s := range worst {
				if x[s].Cmp(worst[s]) > 0 {
					worst[s] = x[s]
				}
			}
		}
		s := 0
		for ; s < n; s++ {
			if pick[s]++; pick[s] < len(m.choices[s]) {
				break
			}
			pick[s] = 0
		}
		if s == n {
			break
		}
	}
	if !sure {
		worst = nil
	}
	return sure, worst
}

// chainExpectation solves the chain the scheduler pick makes for the steps (or, with arrival,
// the cost of the states each step arrives in); false if a state cannot reach the legitimate
// set.
func (m *randomMDP) chainExpectation(pick []int, arrival bool) ([]*big.Rat, bool) {
	n := len(m.choices)
	reaches := make([]bool, n)
	copy(reaches, m.legit)
	for changed := true; changed; {
		changed = false
		for s := range n {
			if reaches[s] || len(m.choices[s]) == 0 {
				continue
			}
			for _, o := range m.choices[s][pick[s]] {
				if reaches[o.to] {
					reaches[s], changed = true, true
					break
				}
			}
		}
	}
	for s := range n {
		if !reaches[s] {
			return nil, false
		}
	}
	a := make([][]*big.Rat, n) // x_s - Σ p x_t = 1 (Σ p cost_t) outside legit, x_s = 0 inside
	for s := range n {
		a[s] = make([]*big.Rat, n+1)
		for j := range a[s] {
			a[s][j] = new(big.Rat)
		}
		a[s][s].SetInt64(1)
		if m.legit[s] {
			continue
		}
		if !arrival {
			a[s][n].SetInt64(1)
		}
		for _, o := range m.choices[s][pick[s]] {
			a[s][o.to].Sub(a[s][o.to], o.prob.Rat())
			if arrival {
				a[s][n].Add(a[s][n], new(big.Rat).Mul(o.prob.Rat(), big.NewRat(int64(m.cost[o.to]), 1)))
			}
		}
	}
	for k := range n {
		p := k
		for a[p][k].Sign() == 0 {
			p++
		}
		a[k], a[p] = a[p], a[k]
		for i := range n {
			if i == k || a[i][k].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[i][k], a[k][k])
			for j := k; j <= n; j++ {
				a[i][j].Sub(a[i][j], new(big.Rat).Mul(f, a[k][j]))
			}
		}
	}
	x := make([]*big.Rat, n)
	for s := range n {
		x[s] = new(big.Rat).Quo(a[s][n], a[s][s])
	}
	return x, true
}

// worstAndAverage are the largest and the mean of the oracle's expectations.
func worstAndAverage(x []*big.Rat) (worst, avg *big.Rat) {
	worst, avg = new(big.Rat), new(big.Rat)
	for _, v := range x {
		if v.Cmp(worst) > 0 {
			worst = v
		}
		avg.Add(avg, v)
	}
	return worst, avg.Quo(avg, big.NewRat(int64(len(x)), 1))
}

// TestProbabilisticAgainstBruteForce compares almost-sure and expected-time with the
// brute-force oracle on 400 random MDPs of 2 to 7 states, with 1 and 3 workers: the verdict,
// the exact worst and average expected steps and arrival cost, and, when convergence fails,
// a trap whose trace replays (the checker replays it and verifies the trap through the model).
func TestProbabilisticAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	spec := func(m *randomMDP) checker.Spec {
		return checker.Spec{Properties: m.properties(), Checks: []checker.Check{checker.CheckAlmostSure, checker.CheckExpected}}
	}
	held, failed := 0, 0
	for i := range 400 {
		m := newRandomMDP(r, 2+r.IntN(6))
		sure, worst := m.oracle(false)
		_, costs := m.oracle(true)
		for _, workers := range []int{1, 3} {
			res, err := checker.Run(context.Background(), m, spec(m), checker.Options{Workers: workers})
			if err != nil {
				t.Fatalf("mdp %d: %v", i, err)
			}
			if got := res.Checks[0].Verdict == checker.Holds; got != sure {
				t.Fatalf("mdp %d, %d workers: almost-sure %v, the oracle says %v (%+v)", i, workers, res.Checks[0].Verdict, sure, m.choices)
			}
			if !sure {
				if res.Checks[0].Trace == nil || res.Checks[1].Verdict != checker.Violated {
					t.Fatalf("mdp %d: no trap trace, or expected-time %v", i, res.Checks[1].Verdict)
				}
				continue
			}
			w, avg := worstAndAverage(worst)
			cw, cavg := worstAndAverage(costs)
			e := res.Expected
			if e == nil || !e.Exact || e.Steps.Worst.Exact != w.RatString() || e.Steps.Average.Exact != avg.RatString() {
				t.Fatalf("mdp %d, %d workers: expected %+v, the oracle says worst %s, average %s (%+v)", i, workers, e, w.RatString(), avg.RatString(), m.choices)
			}
			if c := e.Costs[0]; c.Worst.Exact != cw.RatString() || c.Average.Exact != cavg.RatString() {
				t.Fatalf("mdp %d, %d workers: expected cost %+v %+v, the oracle says worst %s, average %s (%+v %v)", i, workers, c.Worst, c.Average, cw.RatString(), cavg.RatString(), m.choices, m.cost)
			}
		}
		if sure {
			held++
		} else {
			failed++
		}
	}
	if held < 50 || failed < 50 {
		t.Errorf("the random MDPs are lopsided: %d converge, %d do not", held, failed)
	}
}

// TestExpectedIntervalsEnclose runs expected-time without the exact solution on the random
// MDPs that converge: the interval iteration's bounds must enclose the oracle's exact worst
// and average, of the steps and of the arrival cost (0 in some states: its upper bound is
// guessed from the steps'), and be at most the precision apart.
func TestExpectedIntervalsEnclose(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		m := newRandomMDP(r, 2+r.IntN(6))
		sure, worst := m.oracle(false)
		if !sure {
			continue
		}
		_, costs := m.oracle(true)
		spec := checker.Spec{Properties: m.properties(), Checks: []checker.Check{checker.CheckExpected},
			Expected: checker.ExpectedTuning{ExactBlock: -1, Precision: 1e-9}}
		res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		w, avg := worstAndAverage(worst)
		cw, cavg := worstAndAverage(costs)
		e := res.Expected
		for _, c := range []struct {
			b     checker.Bound
			exact *big.Rat
		}{{e.Steps.Worst, w}, {e.Steps.Average, avg}, {e.Costs[0].Worst, cw}, {e.Costs[0].Average, cavg}} {
			lo, hi := new(big.Rat).SetFloat64(c.b.Lo), new(big.Rat).SetFloat64(c.b.Hi)
			if e.Exact || lo.Cmp(c.exact) > 0 || hi.Cmp(c.exact) < 0 || c.b.Hi-c.b.Lo > 1e-9*max(1, c.b.Lo)*1.01 {
				t.Fatalf("mdp %d: [%v, %v] does not enclose %s tightly (exact %v)", i, c.b.Lo, c.b.Hi, c.exact.RatString(), e.Exact)
			}
		}
	}
}

// fromZero is a randomMDP started from configuration 0 only.
type fromZero struct{ *randomMDP }

func (fromZero) UniverseInit() (model.Predicate, bool) { return nil, false }
func (fromZero) Init(yield func(model.State) bool)     { yield(model.State{0}) }

// Expected time counts up to the first legitimate configuration: from 0 a fair coin reaches
// the legitimate 1 or stays, so 2 steps are expected, although 1 leads on to the trap 2 (closure
// fails). almost-sure from every reachable configuration fails with that trap; under the strict
// reading (from the initial configurations, up to the legitimate set) it holds.
func TestExpectedTimeStopsAtTheLegitimateSet(t *testing.T) {
	sch, _ := model.NewSchema(0, model.Var{Name: "s", Owner: model.Global, Domain: model.Range(3)})
	m := fromZero{&randomMDP{schema: sch, legit: []bool{false, true, false}, choices: [][][]outcome{
		{{{1, prob.Half}, {0, prob.Half}}}, {{{2, prob.Prob{}}}}, {{{2, prob.Prob{}}}}}}}
	spec := checker.Spec{Properties: model.Properties{Legit: m.isLegit}, Checks: []checker.Check{checker.CheckAlmostSure, checker.CheckExpected}}
	res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Checks[0].Verdict != checker.Violated || res.Checks[1].Verdict != checker.Holds || res.Expected.Steps.Worst.Exact != "2" {
		t.Fatalf("%+v %+v", res.Checks, res.Expected)
	}
	spec.Reading = checker.Strict
	if res, err = checker.Run(context.Background(), m, spec, checker.Options{Workers: 2}); err != nil || res.Checks[0].Verdict != checker.Holds {
		t.Fatalf("strict: %+v %v", res, err)
	}
	// A trap before the legitimate set: from 0 the coin may go to 2 instead.
	m.choices[0] = [][]outcome{{{1, prob.Half}, {2, prob.Half}}}
	spec.Reading = checker.FromReachable
	res, err = checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
	if err != nil || res.Checks[1].Verdict != checker.Violated || res.Checks[1].Trace == nil || res.Expected != nil {
		t.Fatalf("%+v %v", res, err)
	}
}

// plainMDP is a randomMDP that does not say it is probabilistic: each step is a choice of its
// own, certain, whatever its Step.Prob says.
type plainMDP struct{ *randomMDP }

func (plainMDP) Traits() model.Traits { return model.Traits{} }

// A chain whose expected time is of the order of the iteration's bound (here 1/p = 200 steps
// against 50 updates) gets no verified upper bound: the exact solution, hinted by the lower
// bound, gives the figure (and without it the check is inconclusive, never an error); a model
// that does not say it is probabilistic is read as an MDP of certain steps, whatever Prob its
// steps carry.
func TestExpectedEdgeCases(t *testing.T) {
	sch, _ := model.NewSchema(0, model.Var{Name: "s", Owner: model.Global, Domain: model.Range(4)})
	slow := &randomMDP{schema: sch, legit: []bool{false, true, true, true}, choices: [][][]outcome{
		{{{1, prob.Prob{Num: 1, Den: 200}}, {0, prob.Prob{Num: 199, Den: 200}}}}, nil, nil, nil}}
	for _, exact := range []int{0, -1} {
		spec := checker.Spec{Properties: model.Properties{Legit: slow.isLegit}, Checks: []checker.Check{checker.CheckExpected},
			Expected: checker.ExpectedTuning{MaxIterations: 50, ExactBlock: exact}}
		res, err := checker.Run(context.Background(), fromZero{slow}, spec, checker.Options{Workers: 2})
		switch {
		case err != nil:
			t.Fatalf("exact block %d: %v", exact, err)
		case exact == 0 && (res.Expected == nil || res.Expected.Steps.Worst.Exact != "200"):
			t.Errorf("exact: %+v %+v", res.Checks, res.Expected)
		case exact < 0 && res.Checks[0].Verdict != checker.Inconclusive:
			t.Errorf("interval only: %+v", res.Checks)
		}
	}
	// 0 → 1 or 2 (the scheduler's choice, the steps claiming 1/2 each) → 3: two steps.
	plain := plainMDP{&randomMDP{schema: sch, legit: []bool{false, false, false, true}, choices: [][][]outcome{
		{{{1, prob.Half}, {2, prob.Half}}}, {{{3, prob.Prob{}}}}, {{{3, prob.Prob{}}}}, nil}}}
	res, err := checker.Run(context.Background(), plain, checker.Spec{Properties: model.Properties{Legit: plain.isLegit},
		Checks: []checker.Check{checker.CheckExpected}}, checker.Options{Workers: 2})
	if err != nil || res.Expected == nil || res.Expected.Steps.Worst.Exact != "2" {
		t.Fatalf("%+v %+v %v", res.Checks, res.Expected, err)
	}
}

// Under the strict reading, a trap beyond the legitimate set is not counted, and the details
// say what they count: from 0 a coin leads to the legitimate 1 or to the trap 3; 1 leads on to
// the trap 2.
func TestStrictTrapDetails(t *testing.T) {
	sch, _ := model.NewSchema(0, model.Var{Name: "s", Owner: model.Global, Domain: model.Range(4)})
	m := fromZero{&randomMDP{schema: sch, legit: []bool{false, true, false, false}, choices: [][][]outcome{
		{{{1, prob.Half}, {3, prob.Half}}}, {{{2, prob.Prob{}}}}, {{{2, prob.Prob{}}}}, {{{3, prob.Prob{}}}}}}}
	spec := checker.Spec{Properties: model.Properties{Legit: m.isLegit}, Reading: checker.Strict, Checks: []checker.Check{checker.CheckAlmostSure, checker.CheckExpected}}
	res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if c.Verdict != checker.Violated || !strings.Contains(c.Detail, "from 2 of 3 configurations that an execution from an initial configuration reaches before it") {
			t.Errorf("%s %v: %s", c.Name, c.Verdict, c.Detail)
		}
	}
}
