package checker_test

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// starver is the classic example of why fairness matters. Process 0 toggles a bit t forever;
// process 1 may set done, which is the legitimate set. If gated, process 1 is enabled only
// when t = 0, so the toggling cycle disables it half of the time.
//   - not gated: the cycle t=0 → t=1 → t=0 starves process 1 although it is continuously
//     enabled: unfair daemon → violated, weak fairness → converges.
//   - gated: process 1 is not continuously enabled on the cycle, so the cycle is weakly fair
//     and convergence fails under weak fairness too (strong fairness would be needed).
type starver struct {
	schema *model.Schema
	gated  bool
}

func newStarver(gated bool) *starver {
	s, err := model.NewSchema(2,
		model.Var{Name: "t", Owner: 0, Domain: model.Range(2)},
		model.Var{Name: "done", Owner: 1, Domain: model.Enum("no", "yes")},
	)
	if err != nil {
		panic(err)
	}
	return &starver{schema: s, gated: gated}
}

func (p *starver) Schema() *model.Schema { return p.schema }
func (p *starver) Neighbors(q int) []int { return []int{1 - q} }
func (p *starver) RuleName(q, _ int) string {
	return [...]string{"toggle", "finish"}[q]
}

func (p *starver) Enabled(s model.State, q int, dst []int) []int {
	if s[1] == 1 {
		return dst // done: nothing more to do
	}
	if q == 0 || !p.gated || s[0] == 0 {
		dst = append(dst, 0)
	}
	return dst
}

func (p *starver) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Proc == 0 {
			next[0] = 1 - s[0]
		} else {
			next[1] = 1
		}
	}
}

func (p *starver) done(s model.State) bool { return s[1] == 1 }

// counter is a hand-written Model (no processes, no daemon) with explicit initial states: a
// value that may be incremented up to max or reset to 0 from any odd value. Reachable from 0:
// every value 0..max.
type counter struct {
	schema *model.Schema
	max    int
}

func newCounter(max int) *counter {
	s, err := model.NewSchema(0, model.Var{Name: "v", Owner: model.Global, Domain: model.Range(max + 1)})
	if err != nil {
		panic(err)
	}
	return &counter{schema: s, max: max}
}

func (c *counter) Schema() *model.Schema { return c.schema }

func (c *counter) Init(yield func(model.State) bool) { yield(model.State{0}) }

func (c *counter) Successors(s model.State, yield func(model.Step, model.State) bool) {
	i := 0
	if int(s[0]) < c.max {
		if !yield(model.Step{Index: i}, model.State{s[0] + 1}) {
			return
		}
		i++
	}
	if s[0]%2 == 1 {
		yield(model.Step{Index: i}, model.State{0})
	}
}

func (c *counter) String() string { return fmt.Sprintf("counter(%d)", c.max) }

// togglers: each process flips its own bit, forever. Nothing is legitimate (the legitimate
// value 2 of bit 0 is unreachable), so every cycle is a counterexample, and under weak fairness
// the loop must move every process: the shortest loop, two flips of process 0, is not enough.
type togglers struct{ schema *model.Schema }

func newTogglers(n int) *togglers {
	vars := make([]model.Var, n)
	for i := range vars {
		vars[i] = model.Var{Name: fmt.Sprintf("b%d", i), Owner: model.Owner(i), Domain: model.Range(3)}
	}
	s, err := model.NewSchema(n, vars...)
	if err != nil {
		panic(err)
	}
	return &togglers{schema: s}
}

func (p *togglers) Schema() *model.Schema    { return p.schema }
func (p *togglers) Neighbors(int) []int      { return nil }
func (p *togglers) RuleName(int, int) string { return "flip" }
func (p *togglers) Enabled(s model.State, q int, dst []int) []int {
	if s[q] < 2 {
		dst = append(dst, 0)
	}
	return dst
}
func (p *togglers) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[m.Proc] = 1 - s[m.Proc]
	}
}
func (p *togglers) never(s model.State) bool { return s[0] == 2 }

// spinner: process 0 counts x up modulo the domain size forever, and process 1 (enabled when
// x = 0 and f = 1) rewrites f = 1: the legitimate set f = 0 is never reached from f = 1.
// With overflow ≥ 0 the step from the largest value writes overflow instead, outside the domain
// when it is not smaller than the size: a model bug the checker must report.
type spinner struct {
	schema   *model.Schema
	size     int
	overflow int // < 0: no bug
}

func newSpinner(size, overflow int) *spinner {
	s, err := model.NewSchema(2,
		model.Var{Name: "x", Owner: 0, Domain: model.Range(size)},
		model.Var{Name: "f", Owner: 1, Domain: model.Range(2)},
	)
	if err != nil {
		panic(err)
	}
	return &spinner{schema: s, size: size, overflow: overflow}
}

func (p *spinner) Schema() *model.Schema { return p.schema }

// Neighbors is one-sided on purpose: process 1 reads process 0, process 0 reads nobody.
func (p *spinner) Neighbors(q int) []int {
	if q == 1 {
		return []int{0}
	}
	return nil
}
func (p *spinner) RuleName(int, int) string { return "step" }
func (p *spinner) Enabled(s model.State, q int, dst []int) []int {
	if q == 0 || q == 1 && s[1] == 1 && s[0] == 0 { // process 0 reads nobody
		dst = append(dst, 0)
	}
	return dst
}
func (p *spinner) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Proc == 0 {
			next[0] = byte((int(s[0]) + 1) % p.size)
			if p.overflow >= 0 && int(s[0]) == p.size-1 {
				next[0] = byte(p.overflow)
			}
		} else {
			next[1] = 1 // stays illegitimate
		}
	}
}
func (p *spinner) legit(s model.State) bool { return s[1] == 0 }

// alarm is a timed protocol: a clock (process 1) advances a timer t up to 3 ticks, and process
// 0 rings (done) once t = 3, which is legitimate. From t = 0 the worst case is 3 ticks and 4
// steps; the clock's moves are the ticks.
type alarm struct{ schema *model.Schema }

func newAlarm() *alarm {
	s, err := model.NewSchema(2,
		model.Var{Name: "t", Owner: 1, Domain: model.Range(4)},
		model.Var{Name: "done", Owner: 0, Domain: model.Range(2)},
	)
	if err != nil {
		panic(err)
	}
	return &alarm{schema: s}
}

func (p *alarm) Schema() *model.Schema    { return p.schema }
func (p *alarm) Clock() int               { return 1 }
func (p *alarm) Neighbors(q int) []int    { return []int{1 - q} }
func (p *alarm) RuleName(q, _ int) string { return [...]string{"ring", "tick"}[q] }
func (p *alarm) Enabled(s model.State, q int, dst []int) []int {
	if q == 0 && s[0] == 3 && s[1] == 0 || q == 1 && s[0] < 3 {
		dst = append(dst, 0)
	}
	return dst
}
func (p *alarm) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Proc == 1 {
			next[0] = s[0] + 1
		} else {
			next[1] = 1
		}
	}
}
func (p *alarm) done(s model.State) bool { return s[1] == 1 }
