package lek_test

import (
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/models/lek"
)

// Rotation symmetry is how a recovery starts from the leader at process 0 only (docs/LEK.md):
// the protocol is anonymous, so the executions from leader ℓ are those from leader 0 rotated
// by ℓ. Compared here with the unreduced run from all n legitimate configurations: the same
// verdicts and worst cases, and n times the configurations (the start each execution must
// return to is part of its configurations, so no two leaders share one).
func TestEveryLeaderIsLeaderZeroRotated(t *testing.T) {
	for _, c := range []struct {
		rd   lek.Readings
		vars []string
		want checker.Verdict
	}{
		{everyRepair, []string{"status", "Lflag", "Rflag"}, checker.Holds},
		{lek.Readings{}, []string{"Lprobe"}, checker.Violated}, // finding 1's runaway
	} {
		r := newRing(t, 19, 1, c.rd)
		spec := faults.Spec{Vars: c.vars}
		one, _, oneRes := recoverFrom(t, r, model.Synchronous, spec)
		var all []model.State
		for l := range 19 {
			all = append(all, r.Legitimate(l))
		}
		every, _, everyRes := recoverFromEach(t, r, model.Synchronous, all, spec)
		if one.Verdict != c.want || every.Verdict != c.want || everyRes.Stats.States != 19*oneRes.Stats.States {
			t.Errorf("%v: leader 0 %s with %d states, every leader %s with %d; want %s for both, 19 times the states",
				c.vars, one.Verdict, oneRes.Stats.States, every.Verdict, everyRes.Stats.States, c.want)
		}
		switch {
		case one.Verdict == checker.Holds && *oneRes.Recovery.FirstSteps != *everyRes.Recovery.FirstSteps:
			t.Errorf("%v: worst %d steps from leader 0, %d from every leader", c.vars, *oneRes.Recovery.FirstSteps, *everyRes.Recovery.FirstSteps)
		case one.Verdict == checker.Violated && len(one.Trace.Steps) != len(every.Trace.Steps):
			t.Errorf("%v: counterexample of %d steps from leader 0, %d from every leader", c.vars, len(one.Trace.Steps), len(every.Trace.Steps))
		}
	}
}
