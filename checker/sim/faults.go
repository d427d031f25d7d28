package sim

import (
	"math/rand/v2"

	"github.com/mc-checker/mc/checker/model"
)

// owned is a variable a fault rewrites: one of the schema, to any value of its domain
// (values nil), or a record (faults.Recorded), to one of its values.
type owned struct {
	vars   []int
	values [][]byte
}

// rewrite writes a random value of o into s, and reports whether that changed s.
func (o owned) rewrite(s model.State, sch *model.Schema, rng *rand.Rand) bool {
	changed := false
	if o.values == nil {
		v := o.vars[0]
		x := byte(rng.IntN(sch.Vars[v].Domain.Size))
		changed, s[v] = x != s[v], x
		return changed
	}
	val := o.values[rng.IntN(len(o.values))]
	for j, v := range o.vars {
		changed = changed || s[v] != val[j]
		s[v] = val[j]
	}
	return changed
}

// recover hits the legitimate configuration reached with the first fault, and the others at
// random times until the first legitimate configuration after the first fault; the figures
// are counted from the first fault, and AfterLast from the last.
func (w *walker) recover(i int, record func(moves []model.Move, s model.State)) Run {
	r := Run{Index: i}
	left := w.opts.Faults
	next := 0 // steps until the next fault
	var last Run
	if w.opts.EndAtStart {
		w.start, w.atStart = append(w.start[:0], w.s...), true
	}
	hit := func(steps int) bool {
		// No fault hits a configuration where no process can move, outside the end: the run
		// has failed there, as the recovery check's model with faults says (faults.With).
		if left == 0 || steps < next || len(w.enabled) == 0 && !w.ended() {
			return false
		}
		w.fault()
		left--
		next = steps + w.rng.IntN(w.opts.FaultGap+1)
		last = Run{}
		if record != nil {
			record(nil, w.s)
		}
		return true
	}
	hit(0)
	w.newRound()
	w.walk(&r, record, func(steps int) bool {
		if hit(steps) {
			last.Steps = 0
			return true
		}
		last.Steps++
		return false
	})
	r.Faults = w.opts.Faults - left
	r.AfterLast = last.Steps
	return r
}

// fault rewrites what one random process owns (a record whole), changing at least one value, and refreshes
// the processes that may see it; a fault moves no process, so it pays only for those it
// disables.
func (w *walker) fault() {
	var q int
	for {
		q = w.rng.IntN(w.n)
		if len(w.owned[q]) > 0 {
			break
		}
	}
	for changed := false; !changed; {
		for _, o := range w.owned[q] {
			changed = o.rewrite(w.s, w.p.Schema(), w.rng) || changed
		}
	}
	w.refresh(q)
	w.payIfDisabled(q)
	for _, r := range w.readers[q] {
		w.refresh(r)
		w.payIfDisabled(r)
	}
}

// ended reports whether the run is where a recovery ends: legitimate, and with EndAtStart
// back in the configuration the first fault hit.
func (w *walker) ended() bool {
	return w.opts.Legit(w.s) && (!w.atStart || w.s.Equal(w.start))
}
