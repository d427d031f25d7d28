package ij_test

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/models/ij"
)

// oracle are the expected steps to one token, worst over schedulers, worst over the
// configurations with at least one token and averaged uniformly over them, as bench/ij.py
// prints them (exact policy iteration over fractions, independently of mc):
//
//	python3 bench/ij.py 3 4 5 6 7
//
// The minimum over schedulers it prints is the same: the scheduler does not matter.
var oracle = map[int]struct{ worst, average string }{
	3: {"3", "9/7"},
	4: {"6", "46/15"},
	5: {"10", "180/31"},
	6: {"15", "67/7"},
	7: {"21", "1827/127"},
}

// closedForm is (n² − Σ g²)/2 over the gaps g between consecutive tokens of s (the package
// doc's martingale), the expected steps to one token under every scheduler.
func closedForm(r *ij.Ring, n int, s model.State) *big.Rat {
	var tokens []int
	for p := range n {
		if r.Token(s, p) {
			tokens = append(tokens, p)
		}
	}
	sum := 0
	for i, p := range tokens {
		g := (tokens[(i+1)%len(tokens)] - p + n) % n
		if g == 0 {
			g = n // a single token: one gap, the whole ring
		}
		sum += g * g
	}
	return big.NewRat(int64(n*n-sum), 2)
}

func run(t *testing.T, p model.Protocol, legit model.Predicate, opt model.Option, checks ...checker.Check) *checker.Result {
	t.Helper()
	m, err := model.Daemonize(p, model.Central, opt, model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{Properties: model.Properties{Legit: legit}, Checks: checks}, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestFigures: on rings of 3 to 7 processes, from the 2^n − 1 configurations with a token,
// closure holds, every scheduler reaches one token with probability 1, and the exact worst
// and average expected steps are bench/ij.py's; they are also the closed form's, n(n − 1)/2
// at worst (a token at every process). The initial set given as a predicate (the dense store)
// and as a list (the hashed store, as the catalogue builds it) give the same figures.
func TestFigures(t *testing.T) {
	for n := 3; n <= 7; n++ {
		r, err := ij.New(n)
		if err != nil {
			t.Fatal(err)
		}
		total, worst := new(big.Rat), new(big.Rat)
		for _, s := range r.Initial() {
			v := closedForm(r, n, s)
			total.Add(total, v)
			if v.Cmp(worst) > 0 {
				worst = v
			}
		}
		average := total.Quo(total, big.NewRat(int64(1<<n-1), 1))
		if worst.RatString() != oracle[n].worst || average.RatString() != oracle[n].average {
			t.Errorf("n=%d: the closed form gives %s and %s, the oracle %s and %s", n, worst.RatString(), average.RatString(), oracle[n].worst, oracle[n].average)
		}
		for _, init := range []struct {
			name string
			opt  model.Option
		}{{"where", model.Where(r.AtLeastOneToken)}, {"from", model.From(r.Initial())}} {
			res := run(t, r, r.OneToken, init.opt, checker.CheckClosure, checker.CheckAlmostSure, checker.CheckExpected)
			for _, c := range res.Checks {
				if c.Verdict != checker.Holds {
					t.Fatalf("n=%d %s: %s %v: %s", n, init.name, c.Name, c.Verdict, c.Detail)
				}
			}
			if res.Stats.InitialStates != 1<<n-1 || res.Stats.States != 1<<n-1 {
				t.Errorf("n=%d %s: %d initial, %d states; want %d", n, init.name, res.Stats.InitialStates, res.Stats.States, 1<<n-1)
			}
			e := res.Expected
			if e == nil || !e.Exact || e.Chain != "Markov decision process" {
				t.Fatalf("n=%d %s: expected figures %+v", n, init.name, e)
			}
			if e.Steps.Worst.Exact != oracle[n].worst || e.Steps.Average.Exact != oracle[n].average {
				t.Errorf("n=%d %s: worst %s, average %s; bench/ij.py says %s and %s", n, init.name,
					e.Steps.Worst.Exact, e.Steps.Average.Exact, oracle[n].worst, oracle[n].average)
			}
			if from := e.Steps.WorstFrom; from != nil && closedForm(r, n, from).RatString() != oracle[n].worst {
				t.Errorf("n=%d %s: the worst is said to be from %v, whose expectation is %s", n, init.name, from, closedForm(r, n, from).RatString())
			}
		}
	}
}

// TestLint: the encoding keeps the contract (model.WithLint) on every step from every
// configuration under the central daemon, n = 3..6; the same bits owned by their processes
// break it (a move writes its neighbour's), and so do two moves of one step under the
// distributed daemon (both write one bit, or one writes what the other reads), which is why
// the model is the central daemon's.
func TestLint(t *testing.T) {
	for n := 3; n <= 6; n++ {
		r, _ := ij.New(n)
		if err := everyStep(t, r, model.Central); err != nil {
			t.Errorf("n=%d: %v", n, err)
		}
		var breach *model.ContractError
		if err := everyStep(t, ownedBits(t, r), model.Central); !errors.As(err, &breach) || !strings.Contains(err.Error(), "which P") {
			t.Errorf("n=%d: process-owned bits: %v, want a write to another's variable", n, err)
		}
		err := everyStep(t, r, model.Distributed)
		if !errors.As(err, &breach) || !strings.Contains(err.Error(), "both write") && !strings.Contains(err.Error(), "do not compose") {
			t.Errorf("n=%d: distributed daemon: %v, want two moves that write one bit", n, err)
		}
	}
}

// everyStep expands every configuration of the universe under the lint, and returns the
// breach it found.
func everyStep(t *testing.T, p model.Protocol, d model.Daemon) error {
	t.Helper()
	m, err := model.Daemonize(p, d, model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	u, err := universe.New(m.Schema())
	if err != nil {
		t.Fatal(err)
	}
	s := m.Schema().NewState()
	for {
		m.Successors(s.Clone(), func(model.Step, model.State) bool { return true })
		if !u.Next(s) {
			break
		}
	}
	return m.(model.Audited).Violation()
}

// owned is the ring with q_p owned by process p, the encoding the contract rules out.
type owned struct {
	*ij.Ring
	sch *model.Schema
}

func ownedBits(t *testing.T, r *ij.Ring) owned {
	n := r.Schema().Procs()
	b := model.NewBuilder(n)
	for p := range n {
		b.Var(r.Schema().Vars[p].Name, model.Owner(p), model.Range(2))
	}
	s, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return owned{r, s}
}

func (o owned) Schema() *model.Schema { return o.sch }

// TestConvergenceNeedsProbability: the coins matter. Read as a nondeterministic system, with
// every outcome a choice, the ring need not converge (two tokens may step back and forth
// forever); with the coins fair, every scheduler converges with probability 1.
func TestConvergenceNeedsProbability(t *testing.T) {
	r, _ := ij.New(4)
	res := run(t, r, r.OneToken, model.Where(r.AtLeastOneToken), checker.CheckConvergence, checker.CheckAlmostSure)
	if c := res.Checks[0]; c.Name != string(checker.CheckConvergence) || c.Verdict != checker.Violated || c.Trace == nil || !c.Trace.IsLasso() {
		t.Errorf("convergence: %v %s", c.Verdict, c.Detail)
	}
	if c := res.Checks[1]; c.Name != string(checker.CheckAlmostSure) || c.Verdict != checker.Holds {
		t.Errorf("almost-sure: %v %s", c.Verdict, c.Detail)
	}
}

// rightward is a mutant whose tokens only travel right: deterministically, or lazily (a coin:
// stay, or pass right). A scheduler that never moves the token right behind another keeps two
// tokens apart forever, with probability 1.
type rightward struct {
	*ij.Ring
	lazy bool
}

const stay = 0

func (m rightward) Chances(_ model.State, _, _ int, dst []prob.Prob) []prob.Prob {
	if m.lazy {
		return append(dst, prob.Coin...)
	}
	return dst
}

func (m rightward) Fire(s model.State, moves []model.Move, next model.State) {
	n := m.Schema().Procs()
	for _, mv := range moves {
		if m.lazy && mv.Outcome == stay {
			continue
		}
		next[mv.Proc], next[(mv.Proc+1)%n] = 0, 1
	}
}

// TestRightwardMutant: almost-sure convergence fails with a trap shown as a lasso whose
// configurations all have two tokens or more, and no expected time is reported.
func TestRightwardMutant(t *testing.T) {
	for n := 3; n <= 6; n++ {
		for _, lazy := range []bool{false, true} {
			r, _ := ij.New(n)
			res := run(t, rightward{r, lazy}, r.OneToken, model.Where(r.AtLeastOneToken), checker.CheckAlmostSure, checker.CheckExpected)
			for _, c := range res.Checks {
				if c.Verdict != checker.Violated || c.Trace == nil || !c.Trace.IsLasso() {
					t.Fatalf("n=%d lazy=%v: %s %v %s, trace %v", n, lazy, c.Name, c.Verdict, c.Detail, c.Trace)
				}
				for _, s := range c.Trace.States[c.Trace.LoopStart:] {
					if r.Tokens(s) < 2 {
						t.Errorf("n=%d lazy=%v: %s: the trap's loop goes through %v", n, lazy, c.Name, s)
					}
				}
			}
			if res.Expected != nil {
				t.Errorf("n=%d lazy=%v: expected figures %+v for a ring that need not converge", n, lazy, res.Expected)
			}
		}
	}
}
