package lek_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/models/lek"
)

// The textual order is one of the orders the daemon may choose: along seeded executions from
// whole-query faults, a process is enabled in any order exactly when it is in textual order,
// and the run textual order takes ends in one of the outcomes any order offers, under a rule
// named by the same first action. Some views offer more than one outcome.
func TestAnyOrderContainsTextualOrder(t *testing.T) {
	rdAny := repaired
	rdAny.Order = lek.AnyOrder
	textual, anyOrder := newRing(t, 19, 1, repaired), newRing(t, 19, 1, rdAny)
	rng := rand.New(rand.NewSource(3))
	views, several := 0, 0
	var rules, anyRules []int
	next, anyNext := textual.Schema().NewState(), textual.Schema().NewState()
	queryFaults(textual, func(s model.State) {
		if rng.Intn(40) != 0 { // a sample of the faults, each followed for a random walk
			return
		}
		for range 300 {
			moved := false
			for p := range textual.Procs() {
				rules = textual.Enabled(s, p, rules[:0])
				anyRules = anyOrder.Enabled(s, p, anyRules[:0])
				if (len(rules) == 0) != (len(anyRules) == 0) {
					t.Fatalf("P%d enabled %v in textual order, %v in any order", p, rules, anyRules)
				}
				if len(rules) == 0 {
					continue
				}
				views++
				textual.Fire(s, []model.Move{{Proc: p, Rule: rules[0]}}, copyTo(next, s))
				first, found := textual.RuleName(p, rules[0]), false
				for _, a := range anyRules {
					anyOrder.Fire(s, []model.Move{{Proc: p, Rule: a}}, copyTo(anyNext, s))
					found = found || anyNext.Equal(next) && strings.HasPrefix(anyOrder.RuleName(p, a), first+",")
				}
				if !found {
					t.Fatalf("P%d: the textual run (%s) is not among the %d outcomes in any order", p, first, len(anyRules))
				}
				if len(anyRules) > 1 {
					several++
				}
				if !moved && rng.Intn(2) == 0 {
					copy(s, next)
					moved = true
				}
			}
			if !moved {
				break
			}
		}
	})
	if views < 1000 || several == 0 {
		t.Errorf("%d enabled views, %d with several outcomes: too few to say anything", views, several)
	}
	t.Logf("%d enabled views, %d with several outcomes in any order", views, several)
}

func copyTo(dst, src model.State) model.State {
	copy(dst, src)
	return dst
}

// statusFaults are the faults of one process's status, one at a time.
var statusFaults = faults.Spec{Vars: []string{"status"}, OneVariable: true}

// Finding 6 (docs/LEK.md): in any order, one status fault reaches finding 1's runaway. The
// leader's status corrupted to query_L: textual order interrupts the query first (Action 3),
// any order may initiate a probe first (17), which as printed runs away at the end of its
// range (Delete Probe (e) and Advance Probe, forever). The repair of finding 1 mends it.
// Synchronous daemon: one execution per fault and order of runs.
func TestAnyOrderStatusFault(t *testing.T) {
	for _, c := range []struct {
		readings lek.Readings
		verdict  string
		states   uint64 // explored; for a violation, the counterexample's length instead
	}{
		{lek.Readings{}, "holds", 135},
		{lek.Readings{Order: lek.AnyOrder}, "violated", 9},
		{lek.Readings{Order: lek.AnyOrder, ProbeEnd: 1}, "holds", 990},
	} {
		r := newRing(t, 19, 1, c.readings)
		got, m, res := recoverFrom(t, r, model.Synchronous, statusFaults)
		switch {
		case got.Verdict.String() != c.verdict:
			t.Errorf("%+v: %s, want %s", c.readings, got.Verdict, c.verdict)
		case got.Trace == nil && res.Stats.States != c.states:
			t.Errorf("%+v: %d states, want %d", c.readings, res.Stats.States, c.states)
		case got.Trace != nil && uint64(len(got.Trace.Steps)) != c.states:
			t.Errorf("%+v: a counterexample of %d steps, want %d", c.readings, len(got.Trace.Steps), c.states)
		case got.Trace != nil:
			if err := model.Replay(m, got.Trace); err != nil {
				t.Errorf("%+v: the trace does not replay: %v", c.readings, err)
			}
			if last := got.Trace.States[len(got.Trace.States)-1]; last[r.Var("runaway")] == 0 {
				t.Errorf("%+v: the counterexample ends without a runaway", c.readings)
			}
		}
	}
}
