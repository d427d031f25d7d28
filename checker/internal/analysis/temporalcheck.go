package analysis

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	fairnesspkg "github.com/mc-checker/mc/checker/model/fairness"
)

// BreaksFormula checks, on the trace's configurations alone and independently of how the
// search found it, that trace t (already replayed through m) breaks formula f from its state
// start, with the run that avoids the formula's goal beginning at trigger: the trigger holds
// there, the avoided set from there on, and the execution is maximal (ends without
// successors) or loops fairly under fair; ◇□P's loop (or last state) is outside P.
func BreaksFormula(m model.Model, t *model.Trace, f model.Formula, fair *fairnesspkg.Assumption, start, trigger int) error {
	n := len(t.States)
	if start < 0 || trigger < start || trigger >= n {
		return fmt.Errorf("start %d and trigger %d do not fit a trace of %d states", start, trigger, n)
	}
	not := func(p model.Predicate) model.Predicate { return func(s model.State) bool { return !p(s) } }
	all := func(model.State) bool { return true }
	var trig, avoid model.Predicate
	switch f.Kind {
	case model.Always:
		if t.IsLasso() || trigger != n-1 || f.P(t.States[trigger]) {
			return errors.New("the trace does not end in its first configuration outside P")
		}
		return nil
	case model.Eventually:
		trig, avoid = not(f.P), not(f.P)
		if trigger != start {
			return errors.New("the run that avoids P does not start at the execution's start")
		}
	case model.AlwaysEventually:
		trig, avoid = not(f.P), not(f.P)
	case model.LeadsTo:
		trig = func(s model.State) bool { return f.P(s) && !f.Q(s) }
		avoid = not(f.Q)
	case model.EventuallyAlways:
		trig, avoid = all, all
	}
	if !trig(t.States[trigger]) {
		return fmt.Errorf("state %d is no trigger of %s", trigger, f.Kind)
	}
	for i := trigger; i < n; i++ {
		if !avoid(t.States[i]) {
			return fmt.Errorf("state %d reaches the goal of %s", i, f.Kind)
		}
	}
	if !t.IsLasso() {
		if hasSuccessor(m, t.States[n-1]) {
			return errors.New("the trace ends in a configuration with successors")
		}
		if f.Kind == model.EventuallyAlways && f.P(t.States[n-1]) {
			return errors.New("the trace ends in P")
		}
		return nil
	}
	if t.LoopStart < trigger {
		return errors.New("the loop starts before the trigger")
	}
	if f.Kind == model.EventuallyAlways && !someState(t.States[t.LoopStart:], not(f.P)) {
		return errors.New("the loop stays in P")
	}
	return LoopFairUnder(m, t, fair)
}

// LoopFairUnder checks the loop of lasso t against the assumption: every weak unit enabled in
// all its states, and every strong unit enabled in any, is served by one of its steps.
func LoopFairUnder(m model.Model, t *model.Trace, fair *fairnesspkg.Assumption) error {
	if len(fair.Units()) == 0 {
		return nil
	}
	steps, err := t.StepsOf(m)
	if err != nil {
		return err
	}
	everywhere, somewhere, served := ^uint64(0), uint64(0), uint64(0)
	var buf []uint64
	for i := t.LoopStart; i < len(t.States); i++ {
		var en uint64
		en, buf = fair.Steps(m, t.States[i], buf)
		everywhere &= en
		somewhere |= en
	}
	for _, st := range steps[t.LoopStart:] {
		served |= fair.Served(st)
	}
	strong := fair.Strong()
	if starved := (everywhere&^strong | somewhere&strong) &^ served; starved != 0 {
		return fmt.Errorf("the loop starves %s", strings.Join(fair.Names(starved), ", "))
	}
	return nil
}

func hasSuccessor(m model.Model, s model.State) bool {
	found := false
	m.Successors(s, func(model.Step, model.State) bool { found = true; return false })
	return found
}

func someState(states []model.State, p model.Predicate) bool {
	for _, s := range states {
		if p(s) {
			return true
		}
	}
	return false
}
