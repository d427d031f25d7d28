package model_test

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
)

// dice is two processes with one variable each in 0..2: process p, when its value is 0,
// draws a new value with the given distribution (weights of 1, 2).
type dice struct {
	schema *model.Schema
	dist   []prob.Prob
}

func newDice(dist []prob.Prob) *dice {
	s, err := model.NewSchema(2, model.Var{Name: "a", Owner: 0, Domain: model.Range(3)}, model.Var{Name: "b", Owner: 1, Domain: model.Range(3)})
	if err != nil {
		panic(err)
	}
	return &dice{schema: s, dist: dist}
}

func (d *dice) Schema() *model.Schema    { return d.schema }
func (d *dice) Neighbors(int) []int      { return nil }
func (d *dice) RuleName(int, int) string { return "draw" }
func (d *dice) Enabled(s model.State, p int, dst []int) []int {
	if s[p] == 0 {
		dst = append(dst, 0)
	}
	return dst
}
func (d *dice) Chances(_ model.State, _, _ int, dst []prob.Prob) []prob.Prob {
	return append(dst, d.dist...)
}
func (d *dice) Fire(_ model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[m.Proc] = byte(m.Outcome + 1)
	}
}

type step struct {
	choice int
	prob   string
	to     string
}

func steps(m model.Model, s model.State) []step {
	var out []step
	m.Successors(s, func(st model.Step, t model.State) bool {
		out = append(out, step{st.Choice, st.Prob.String(), string([]byte{'0' + t[0], '0' + t[1]})})
		return true
	})
	return out
}

// The daemon's model enumerates a randomized step's outcomes as consecutive steps of one
// choice: under the central daemon, each process's draw is a choice of two outcomes; under the
// synchronous daemon, the one choice has the product of the two draws, the first mover's
// outcome varying slowest, with the products of the probabilities.
func TestOutcomesOfChoices(t *testing.T) {
	d := newDice([]prob.Prob{{Num: 1, Den: 3}, {Num: 2, Den: 3}})
	central, _ := model.Daemonize(d, model.Central)
	got := steps(central, model.State{0, 0})
	want := []step{{0, "1/3", "10"}, {0, "2/3", "20"}, {1, "1/3", "01"}, {1, "2/3", "02"}}
	if !model.TraitsOf(central).Probabilistic || len(got) != len(want) {
		t.Fatalf("central: %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("central step %d: %v, want %v", i, got[i], want[i])
		}
	}
	sync, _ := model.Daemonize(d, model.Synchronous)
	got = steps(sync, model.State{0, 0})
	want = []step{{0, "1/9", "11"}, {0, "2/9", "12"}, {0, "2/9", "21"}, {0, "4/9", "22"}}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Errorf("synchronous step %d: %v, want %v", i, got, want[i])
		}
	}
}

// A distribution that does not add up to 1 (a single outcome of 1/2 included) is a breach of
// the contract, which the model reports (Audited) instead of yielding the step; a single
// certain outcome (the zero Prob) is a deterministic rule.
func TestBadDistribution(t *testing.T) {
	for _, dist := range [][]prob.Prob{{{Num: 1, Den: 3}, {Num: 1, Den: 3}}, {{Num: 0, Den: 1}, {Num: 1, Den: 1}}, {prob.Half}} {
		m, _ := model.Daemonize(newDice(dist), model.Central)
		if n := len(steps(m, model.State{0, 0})); n != 0 {
			t.Errorf("%v: %d steps yielded", dist, n)
		}
		err := m.(model.Audited).Violation()
		if err == nil || !strings.Contains(err.Error(), "draw") {
			t.Errorf("%v: breach %v", dist, err)
		}
	}
}

func TestSingleCertainOutcome(t *testing.T) {
	m, _ := model.Daemonize(newDice([]prob.Prob{{}}), model.Central)
	if n := len(steps(m, model.State{0, 0})); n != 2 || m.(model.Audited).Violation() != nil {
		t.Errorf("%d steps, breach %v", n, m.(model.Audited).Violation())
	}
}
