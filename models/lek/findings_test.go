package lek_test

import (
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/models/lek"
)

// Finding 4 (docs/LEK.md): one fault, on process 15 (four to the left of the leader, outside
// its interval), writes vote = rumor = +3, a vote and a rumor for process 18. The result is a
// final configuration that is not legitimate, whatever the readings and the daemon: process 15
// is satisfied (its rumor is its vote); process 16's rumor (+3, for the leader) is larger than
// what it sees of 15's (+2), so it keeps its own; and 15 cannot see 16's rumor, since the
// leader is +4 from it, outside a rumor's range. Section 6.2's "at least one of those rumors
// will be dominated by the other, and thus enabled to change" fails at the edge of the
// leader's interval. The checker reports it at once, as printed and with every repair of
// findings 1–3, under the synchronous daemon (the fault is a whole-process fault restricted to
// vote and rumor, the small-domain variables); the configuration enables no process,
// so it is final under every daemon.
func TestSatisfiedStrangerIsFinal(t *testing.T) {
	if testing.Short() {
		t.Skip("82,229 states, twice")
	}
	for _, rd := range []lek.Readings{{}, repaired} {
		r := newRing(t, 19, 1, rd)
		for _, d := range []model.Daemon{model.Synchronous} {
			c, f, _ := recoverFrom(t, r, d, faults.Spec{Vars: []string{"vote", "rumor"}})
			if c.Verdict != checker.Violated || c.Trace == nil || len(c.Trace.Steps) != 1 {
				t.Fatalf("%+v %v: recovery %s, trace %v; want violated by the fault alone", rd, d, c.Verdict, c.Trace)
			}
			if _, err := c.Trace.Moves(f); err != nil {
				t.Fatal(err)
			}
			final := c.Trace.States[1][:len(r.Legitimate(0))]
			if got := r.Schema().Vars; got[r.Var("vote15")].Domain.Name(final[r.Var("vote15")]) != "3" || r.Legit(final) {
				t.Errorf("%+v %v: the fault is not vote15 = 3, or the configuration is legitimate", rd, d)
			}
			var rules []int
			for p := range 19 {
				if rules = r.Enabled(final, p, rules[:0]); len(rules) > 0 {
					t.Errorf("%+v %v: process %d is enabled in the final configuration", rd, d, p)
				}
			}
		}
	}
}

// Finding 4's repair (Readings.Dominated, docs/LEK.md): a satisfied process whose rumor is
// +3k, beside a satisfied neighbour with a vote and rumor for another candidate it can see,
// queries that candidate. Every whole-process fault on vote and rumor then returns to the
// start under the synchronous daemon, the longest in 170 steps (1,137 moves).
func TestSatisfiedStrangerRepaired(t *testing.T) {
	if testing.Short() {
		t.Skip("82,200 states")
	}
	r := newRing(t, 19, 1, everyRepair)
	c, _, res := recoverFrom(t, r, model.Synchronous, faults.Spec{Vars: []string{"vote", "rumor"}})
	if steps := res.Recovery.FirstSteps; c.Verdict != checker.Holds || res.Stats.States != 82200 || steps == nil || *steps != 170 {
		t.Errorf("recovery %s (%s), %d states, worst %v steps; want holds, 82,200 states, 170 steps",
			c.Verdict, c.Detail, res.Stats.States, steps)
	}
}

// Finding 4's second shape (docs/LEK.md): one whole-process fault on process 15 and 547
// central moves end with processes 14 and 15 both voting and rumoring for process 17, each
// satisfied: 14 cannot see past 15's rumor, which is its own candidate, and 15 cannot see
// 16's rumor for the leader. The execution (testdata/lek/strangers-k1-n19.txt, a seeded
// simulation run) replays with every repair but dominated=query; with it, process 16
// challenges candidate 17 and the synchronous daemon returns to the start.
func TestStrangerBlockRepaired(t *testing.T) {
	rd := everyRepair
	rd.Dominated = 0
	stuck := replayStuck(t, newRing(t, 19, 1, rd), "../../testdata/lek/strangers-k1-n19.txt", 1, 547)
	if states := returnsToStart(t, newRing(t, 19, 1, everyRepair), stuck); states != 160 {
		t.Errorf("%d states, want 160: one execution of 159 steps", states)
	}
}
