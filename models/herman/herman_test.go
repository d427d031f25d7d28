package herman_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/models/herman"
)

// averages are the expected steps to one token from a uniformly random configuration, as
// bench/herman.py computes them with exact fractions, independently of mc.
var averages = map[int]string{
	3:  "1/3",
	5:  "29/15",
	7:  "106721/23751",
	9:  "169117197637/21348848115",
	11: "2603390957861586625353158790936986807/213288186265901918005400060484902781",
	13: "20688047174817656843982478987787576888385810769155919462193002711521410053744620137699051/1192658780008560720826302244083355300292789867842040978611617846566973381748541561839185",
}

// threeTokens is the McIver–Morgan worst case: the largest 4abc/n over three tokens at
// distances a + b + c = n (Bruna, Grigore, Kiefer, Ouaknine and Worrell proved that no
// configuration does worse).
func threeTokens(n int) *big.Rat {
	best := new(big.Rat)
	for a := 1; a < n; a++ {
		for b := 1; a+b < n; b++ {
			if v := big.NewRat(int64(4*a*b*(n-a-b)), int64(n)); v.Cmp(best) > 0 {
				best = v
			}
		}
	}
	return best
}

func check(t *testing.T, n int, rotation bool, checks ...checker.Check) *checker.Result {
	t.Helper()
	r, err := herman.New(n)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(r, model.Synchronous)
	if err != nil {
		t.Fatal(err)
	}
	if rotation {
		if m, err = symmetry.ByRotation(m, r.RotationBlock()); err != nil {
			t.Fatal(err)
		}
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{Legit: r.OneToken, Checks: checks}, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestPublishedValues: on odd rings of 3 to 11 processes, closure and probability-1
// convergence hold, and the exact worst expected steps equal 4abc/n for the three most
// evenly spaced tokens (McIver and Morgan 2005; Bruna et al. 2016), 4n²/27 when 3 divides n;
// the exact average over the 2^n configurations equals the independent solver's; rotation
// symmetry gives the same figures. Rounds are steps under the synchronous daemon, and every
// process moves every step.
func TestPublishedValues(t *testing.T) {
	for n := 3; n <= 11; n += 2 {
		for _, rotation := range []bool{false, true} {
			if n == 11 && !rotation && testing.Short() {
				continue
			}
			res := check(t, n, rotation, checker.CheckClosure, checker.CheckAlmostSure, checker.CheckExpected)
			for _, c := range res.Checks {
				if c.Verdict != checker.Holds {
					t.Fatalf("n=%d: %s %v: %s", n, c.Name, c.Verdict, c.Detail)
				}
			}
			e := res.Expected
			if !e.Exact || e.Steps.Worst.Exact != threeTokens(n).RatString() || e.Steps.Average.Exact != averages[n] {
				t.Errorf("n=%d rotation=%v: worst %s, average %s (exact %v); want %s and %s", n, rotation,
					e.Steps.Worst.Exact, e.Steps.Average.Exact, e.Exact, threeTokens(n).RatString(), averages[n])
			}
			moves := new(big.Rat).Mul(threeTokens(n), big.NewRat(int64(n), 1))
			if e.Rounds != e.Steps || e.Moves.Worst.Exact != moves.RatString() {
				t.Errorf("n=%d: rounds %v, moves %s; want the steps, and %s moves", n, e.Rounds, e.Moves.Worst.Exact, moves.RatString())
			}
		}
	}
}

// TestLargerRings: with rotation symmetry, a ring of 13 is solved exactly (15 in
// docs/RANDOMIZED.md): the worst case is still the three most evenly spaced tokens, and the
// average the independent solver's (5 minutes of Python).
func TestLargerRings(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	for _, n := range []int{13} {
		e := check(t, n, true, checker.CheckExpected).Expected
		if e == nil || !e.Exact || e.Steps.Worst.Exact != threeTokens(n).RatString() || e.Steps.Average.Exact != averages[n] {
			t.Errorf("n=%d: %+v, want the worst %s and the average %s exactly", n, e, threeTokens(n).RatString(), averages[n])
		}
	}
}

// TestEvenRingTrap: an even ring has an even number of tokens, so no configuration is
// legitimate; almost-sure and expected-time fail with a trap (every configuration) shown as a
// lasso that the checker replayed and whose closure it verified through the model.
func TestEvenRingTrap(t *testing.T) {
	for _, n := range []int{4, 6} {
		for _, rotation := range []bool{false, true} {
			res := check(t, n, rotation, checker.CheckAlmostSure, checker.CheckExpected)
			for _, c := range res.Checks {
				if c.Verdict != checker.Violated || c.Trace == nil || !c.Trace.IsLasso() {
					t.Errorf("n=%d rotation=%v: %s %v, trace %v", n, rotation, c.Name, c.Verdict, c.Trace)
				}
			}
			if res.Expected != nil {
				t.Errorf("n=%d: expected figures %+v for a ring that never converges", n, res.Expected)
			}
		}
	}
}

// TestConstantCoinMutant: with the coin replaced by a constant, all zeros is a fixed point
// with every process holding a token: a trap of one configuration.
func TestConstantCoinMutant(t *testing.T) {
	for _, n := range []int{3, 5, 7} {
		r, _ := herman.New(n)
		r.ConstantCoin = true
		m, _ := model.Daemonize(r, model.Synchronous)
		res, err := checker.Run(context.Background(), m, checker.Spec{Legit: r.OneToken,
			Checks: []checker.Check{checker.CheckAlmostSure}}, checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Checks[0]
		if c.Verdict != checker.Violated || c.Trace == nil || !c.Trace.IsLasso() || len(c.Trace.States) != 1 {
			t.Errorf("n=%d: %v %s, trace %v", n, c.Verdict, c.Detail, c.Trace)
		}
	}
}
