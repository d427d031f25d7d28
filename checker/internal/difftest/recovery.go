package difftest

import (
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
)

// recovery compares a recovery run: the configurations and transitions of the model with
// faults, the verdict, the counterexample, and the worst cases from the first and the last
// fault with their witnesses.
func (h *harness) recovery(b *built, res *checker.Result) error {
	f := *b.cfg.Faults
	ref := reference.Recover(h.p.Model(), refDaemon(b.cfg.Daemon), b.from, h.p.Legit.Predicate(h.p), f)
	var d diffs
	if res.Stats.States != uint64(ref.States) || res.Stats.Transitions != uint64(ref.Transitions) {
		d.add("%d states and %d transitions, the reference %d and %d", res.Stats.States, res.Stats.Transitions, ref.States, ref.Transitions)
	}
	c, ok := checkResult(res, string(checker.CheckRecovery))
	fair := b.cfg.Fairness == checker.WeaklyFair
	want := ref.Holds
	if fair {
		want = ref.HoldsFairly
	}
	switch {
	case !ok:
		d.add("recovery was not reported")
	case c.Verdict == checker.Inconclusive || (c.Verdict == checker.Holds) != want:
		d.add("recovery: the checker says %s (%s), the reference holds=%v", c.Verdict, c.Detail, want)
	case c.Verdict == checker.Violated:
		h.seen["verdict: recovery violated"]++
		h.shows(b, c, &d, func(t *model.Trace, steps []step) error {
			return h.avoids(b, t, steps, h.goal(b), false, fair)
		})
	case !ref.Holds: // it holds under weak fairness only: an unfair cycle makes the worst case unbounded
		if res.Recovery.FirstSteps != nil {
			d.add("recovery holds only fairly, yet with worst cases (%d steps from the first fault)", *res.Recovery.FirstSteps)
		}
	default:
		h.recoveryFigures(b, res.Recovery, ref, &d)
	}
	return d.err()
}

// recoveryFigures compares the worst cases of a recovery that holds, and their witnesses.
func (h *harness) recoveryFigures(b *built, r checker.Recovery, ref reference.Recovery, d *diffs) {
	if r.FirstSteps == nil || r.FirstMoves == nil || r.LastSteps == nil {
		d.add("recovery holds without figures")
		return
	}
	if ref.FirstSteps > 0 {
		h.seen["figure: recovery above 0 steps"]++
	}
	if b.cfg.Rounds && ref.FirstRounds > 1 {
		h.seen["figure: recovery above 1 round"]++
	}
	if *r.FirstSteps != uint64(ref.FirstSteps) || *r.FirstMoves != uint64(ref.FirstMoves) || *r.LastSteps != uint64(ref.LastSteps) {
		d.add("recovery from the first fault %d steps %d moves, from the last %d steps; the reference %d, %d, %d",
			*r.FirstSteps, *r.FirstMoves, *r.LastSteps, ref.FirstSteps, ref.FirstMoves, ref.LastSteps)
	}
	if b.cfg.Rounds {
		switch {
		case r.FirstRounds == nil || r.LastRounds == nil:
			d.add("recovery rounds were not measured")
		case *r.FirstRounds != uint64(ref.FirstRounds) || *r.LastRounds != uint64(ref.LastRounds):
			d.add("recovery rounds from the first fault %d, from the last %d; the reference %d and %d",
				*r.FirstRounds, *r.LastRounds, ref.FirstRounds, ref.LastRounds)
		}
	}
	for _, w := range []struct {
		name  string
		trace *model.Trace
		want  uint64
		last  bool
	}{{"first", r.FirstWitness, *r.FirstSteps, false}, {"last", r.LastWitness, *r.LastSteps, true}} {
		if err := h.afterFault(b, w.trace, w.want, w.last); err != nil {
			d.add("the witness from the %s fault: %v", w.name, err)
		}
	}
}

// afterFault checks a recovery witness: an execution from an initial configuration through a
// fault (the first, with the whole budget before it; or the last, with no fault after it),
// then want steps to the first configuration of the end after it.
func (h *harness) afterFault(b *built, t *model.Trace, want uint64, last bool) error {
	if t == nil {
		if want != 0 {
			return fmt.Errorf("no witness for a worst case of %d", want)
		}
		return nil // no fault changes a reachable configuration: nothing to measure
	}
	steps, err := h.replay(b, t)
	if err != nil {
		return err
	}
	at := -1
	for i, st := range steps {
		if st.fault && (at < 0 || last) {
			at = i
		}
	}
	if at < 0 {
		return fmt.Errorf("no fault")
	}
	if !last && int(t.States[at][len(t.States[at])-1]) != b.cfg.Faults.Budget {
		return fmt.Errorf("the fault measured from is not the first")
	}
	if got := uint64(len(steps) - at - 1); got != want {
		return fmt.Errorf("%d steps after the fault, the worst case is %d", got, want)
	}
	goal := h.goal(b)
	for i := at + 1; i < len(t.States); i++ {
		if goal(t.States[i]) != (i == len(t.States)-1) {
			return fmt.Errorf("configuration %d after the fault: in the end = %v", i, goal(t.States[i]))
		}
	}
	return nil
}
