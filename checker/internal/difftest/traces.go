package difftest

import (
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
)

// step is what a trace's step was, as the checker's model says and the reference confirms.
type step struct {
	moves  int
	movers uint64
	fault  bool
}

// refDaemon is the daemon the reference reads a run's steps with: the block reduction's
// steps are distributed steps (one connected set of enabled processes).
func refDaemon(d model.Daemon) model.Daemon {
	if d == model.Blocks {
		return model.Distributed
	}
	return d
}

// replay checks that t is an execution of the run from one of its initial configurations,
// each step one of the reference's own (the same configurations, the same movers; a fault
// one the reference's faults allow, spending one of the budget), and returns its steps.
func (h *harness) replay(b *built, t *model.Trace) ([]step, error) {
	if t == nil || len(t.States) == 0 {
		return nil, fmt.Errorf("no trace")
	}
	of := b.base // a lifted trace is an execution of the base
	if b.cfg.Faults != nil {
		of = b.m
	}
	if !h.initial(b, t.States[0]) {
		return nil, fmt.Errorf("the trace starts in %v, not an initial configuration", t.States[0])
	}
	var out []step
	for i, index := range t.Steps {
		s, next := t.States[i], target(t, i)
		st, to, err := model.StepOf(of, s, index)
		switch {
		case err != nil:
			return nil, fmt.Errorf("step %d: %v", i, err)
		case !to.Equal(next):
			return nil, fmt.Errorf("step %d: its index leads to %v, the trace to %v", i, to, next)
		}
		if st.Fault {
			err = h.faultStep(b, s, next)
		} else {
			err = h.moveStep(b, s, next, st.Movers())
		}
		if err != nil {
			return nil, fmt.Errorf("step %d from %v to %v: %v", i, s, next, err)
		}
		out = append(out, step{moves: st.MoveCount(), movers: st.Movers(), fault: st.Fault})
	}
	return out, nil
}

func target(t *model.Trace, i int) model.State {
	if i+1 < len(t.States) {
		return t.States[i+1]
	}
	return t.States[t.LoopStart]
}

// initial reports whether s is an initial configuration of the run.
func (h *harness) initial(b *built, s model.State) bool {
	w := h.p.Schema().Width()
	starts := b.init
	if f := b.cfg.Faults; f != nil {
		if int(s[len(s)-1]) != f.Budget || f.KeepStart && string(s[:w]) != string(s[w:2*w]) {
			return false
		}
		starts = b.from
	}
	for _, c := range starts {
		if string(c) == string(s[:w]) {
			return true
		}
	}
	return false
}

// moveStep checks a step of the daemon against the reference's steps.
func (h *harness) moveStep(b *built, s, next model.State, movers uint64) error {
	w := h.p.Schema().Width()
	if string(s[w:]) != string(next[w:]) {
		return fmt.Errorf("a move changed what only faults change")
	}
	for _, st := range reference.Steps(h.p.Model(), refDaemon(b.cfg.Daemon), s[:w]) {
		if st.To.Equal(next[:w]) && st.Movers == movers {
			return nil
		}
	}
	return fmt.Errorf("no step of the reference's %s daemon with movers %b", refDaemon(b.cfg.Daemon), movers)
}

// faultStep checks a fault against the reference's faults.
func (h *harness) faultStep(b *built, s, next model.State) error {
	w := h.p.Schema().Width()
	f := b.cfg.Faults
	switch {
	case f == nil:
		return fmt.Errorf("a fault in a run without faults")
	case next[len(next)-1]+1 != s[len(s)-1]:
		return fmt.Errorf("a fault that does not spend one of the budget")
	case string(s[w:len(s)-1]) != string(next[w:len(next)-1]):
		return fmt.Errorf("a fault that rewrote the start")
	case !reference.IsFault(h.p.Schema(), s[:w], next[:w], *f):
		return fmt.Errorf("no fault of the reference's (%s)", f)
	}
	return nil
}

// goal is the set a run's execution must reach: the legitimate set, or with faults the end.
func (h *harness) goal(b *built) model.Predicate {
	w := h.p.Schema().Width()
	legit := h.p.Legit.Predicate(h.p)
	if f := b.cfg.Faults; f != nil && f.KeepStart {
		return func(s model.State) bool { return string(s[:w]) == string(s[w:2*w]) }
	}
	return func(s model.State) bool { return legit(s[:w]) }
}

// avoids checks that t shows an execution that never reaches goal: a lasso whose loop avoids
// it (fairly, with fair), or a deadlock outside it; with whole, no configuration of it is in
// the goal.
func (h *harness) avoids(b *built, t *model.Trace, steps []step, goal model.Predicate, whole, fair bool) error {
	from := len(t.States) - 1 // a deadlock
	switch {
	case whole:
		from = 0
	case t.IsLasso():
		from = t.LoopStart
	}
	for i := from; i < len(t.States); i++ {
		if goal(t.States[i]) {
			return fmt.Errorf("configuration %d of the trace is in the goal", i)
		}
	}
	w := h.p.Schema().Width()
	if !t.IsLasso() {
		last := t.States[len(t.States)-1]
		if len(reference.Steps(h.p.Model(), refDaemon(b.cfg.Daemon), last[:w])) > 0 {
			return fmt.Errorf("the trace ends in %v, which is no deadlock", last)
		}
		return nil
	}
	if !fair {
		return nil
	}
	everywhere, moved := ^uint64(0), uint64(0)
	for i := t.LoopStart; i < len(t.States); i++ {
		everywhere &= reference.EnabledMask(h.p.Model(), t.States[i][:w])
		moved |= steps[i].movers
	}
	if everywhere&^moved != 0 {
		return fmt.Errorf("the loop is not weakly fair: processes %b are enabled throughout and never move", everywhere&^moved)
	}
	return nil
}

// witness checks a worst-case witness: from an initial configuration, outside the legitimate
// set until its last configuration, and as long as claimed in steps, moves or rounds.
func (h *harness) witness(b *built, t *model.Trace, measure string, want uint64) error {
	if t == nil {
		if want != 0 {
			return fmt.Errorf("no %s witness for a worst case of %d", measure, want)
		}
		return nil
	}
	steps, err := h.replay(b, t)
	if err != nil {
		return err
	}
	legit := h.p.Legit.Predicate(h.p)
	for i, s := range t.States {
		if legit(s) != (i == len(t.States)-1) {
			return fmt.Errorf("%s witness: configuration %d legitimate = %v", measure, i, legit(s))
		}
	}
	got := uint64(len(steps))
	switch measure {
	case "moves":
		got = 0
		for _, st := range steps {
			got += uint64(st.moves)
		}
	case "rounds":
		got = h.rounds(t, steps)
	}
	if got != want {
		return fmt.Errorf("the %s witness has %d, the worst case is %d", measure, got, want)
	}
	return nil
}

// rounds counts an execution's rounds from their definition: a round ends when every process
// enabled at its start has moved or been disabled; the round under way when the execution
// ends counts.
func (h *harness) rounds(t *model.Trace, steps []step) uint64 {
	if len(steps) == 0 {
		return 0
	}
	owed, done := reference.EnabledMask(h.p.Model(), t.States[0]), uint64(0)
	for i, st := range steps {
		next := target(t, i)
		if i == len(steps)-1 {
			return done + 1
		}
		en := reference.EnabledMask(h.p.Model(), next)
		if owed = owed &^ st.movers & en; owed == 0 {
			owed, done = en, done+1
		}
	}
	return done
}

// checkResult finds a check's result by name.
func checkResult(res *checker.Result, name string) (checker.CheckResult, bool) {
	for _, c := range res.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return checker.CheckResult{}, false
}
