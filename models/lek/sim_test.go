package lek_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/models/lek"
)

// runRandom fires random enabled processes (each alone: the central daemon) until none is
// enabled or limit steps; it returns the final configuration and the steps taken.
func runRandom(r *lek.Ring, s model.State, rng *rand.Rand, limit int) (model.State, int) {
	next := s.Clone()
	var rules, en []int
	for step := 0; step < limit; step++ {
		en = en[:0]
		for p := range r.Procs() {
			if rules = r.Enabled(s, p, rules[:0]); len(rules) > 0 {
				en = append(en, p)
			}
		}
		if len(en) == 0 {
			return s, step
		}
		p := en[rng.Intn(len(en))]
		copy(next, s)
		rules = r.Enabled(s, p, rules[:0])
		r.Fire(s, []model.Move{{Proc: p, Rule: rules[0]}}, next)
		s, next = next, s
	}
	return s, limit
}

// queryFaults calls fn with every fault that writes a whole query (not ⊥) on one of the
// three tracks of processes 0 (the leader), 3 (the edge of its interval), 4 (just outside) and
// 10 (far from it), in the legitimate configuration of leader 0.
func queryFaults(r *lek.Ring, fn func(s model.State)) {
	sch := r.Schema()
	for _, p := range []int{0, 3, 4, 10} {
		for _, track := range []string{"I", "II", "III"} {
			at := r.Var(fmt.Sprintf("q%shome%d", track, p))
			for home := 1; home < sch.Vars[at].Domain.Size; home++ {
				for cand := 1; cand < sch.Vars[at+1].Domain.Size; cand++ {
					for count := range sch.Vars[at+2].Domain.Size {
						for sole := range 2 {
							s := r.Legitimate(0)
							s[at], s[at+1], s[at+2], s[at+3] = byte(home), byte(cand), byte(count), byte(sole)
							fn(s)
						}
					}
				}
			}
		}
	}
}

// One seeded random central schedule from every single whole-query fault on four processes
// (16,200 faults, k = 1, n = 19): as printed, 9,080 of them end in a final configuration
// that is not legitimate (a stranded rogue query, docs/LEK.md finding 2) and none runs away;
// with both repairs every one returns to the configuration it started from.
func TestWholeQueryFaultsSimulated(t *testing.T) {
	testtier.Only(t, "16,200 faults, twice")
	for _, c := range []struct {
		readings lek.Readings
		stranded int
	}{
		{lek.Readings{ProbeEnd: 1}, 9080},
		{lek.Readings{ProbeEnd: 1, Strand: 1}, 0},
	} {
		r := newRing(t, 19, 1, c.readings)
		start := r.Legitimate(0)
		rng := rand.New(rand.NewSource(15))
		stranded, faults := 0, 0
		queryFaults(r, func(s model.State) {
			faults++
			end, steps := runRandom(r, s, rng, 100000)
			switch {
			case end.Equal(start):
			case steps < 100000 && r.NoRunaway(end) && !r.Legit(end):
				stranded++
			default:
				t.Errorf("%+v: a fault ends after %d steps, runaway %v, legitimate %v", c.readings, steps, !r.NoRunaway(end), r.Legit(end))
			}
		})
		if faults != 16200 || stranded != c.stranded {
			t.Errorf("%+v: %d of %d faults end stranded, want %d of 16200", c.readings, stranded, faults, c.stranded)
		}
	}
}
