package prob_test

import (
	"math"
	"testing"

	"github.com/mc-checker/mc/checker/model/prob"
)

// Products and sums are exact and in lowest terms, the zero Prob is 1, and a result whose
// terms would pass 64 bits is reported rather than rounded.
func TestExactArithmetic(t *testing.T) {
	if got, ok := prob.Half.Times(prob.Prob{Num: 2, Den: 3}); !ok || got != (prob.Prob{Num: 1, Den: 3}) {
		t.Errorf("1/2 · 2/3 = %v", got)
	}
	if got, ok := prob.Half.Plus(prob.Prob{Num: 1, Den: 3}); !ok || got != (prob.Prob{Num: 5, Den: 6}) {
		t.Errorf("1/2 + 1/3 = %v", got)
	}
	if got, ok := (prob.Prob{}).Times(prob.Half); !ok || got.String() != "1/2" || !(prob.Prob{}).Certain() {
		t.Errorf("1 · 1/2 = %v", got)
	}
	tiny := prob.Prob{Num: 1, Den: math.MaxUint64}
	if _, ok := tiny.Times(prob.Prob{Num: 1, Den: 3}); ok {
		t.Error("a denominator past 64 bits fits")
	}
	if u := prob.Uniform(4); len(u) != 4 || u[0] != (prob.Prob{Num: 1, Den: 4}) || prob.Coin[1] != prob.Half {
		t.Errorf("Uniform(4) = %v", u)
	}
}
