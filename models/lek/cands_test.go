package lek_test

import (
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/lek"
)

// withQuery is s with process p's query on track (I, II or III) set to home and candidate
// (by their names), no vote counted, not sole.
func withQuery(t *testing.T, r *lek.Ring, s model.State, track string, p int, home, cand string) model.State {
	t.Helper()
	s = s.Clone()
	sch := r.Schema()
	for field, value := range map[string]string{"home": home, "cand": cand} {
		at := r.Var(fmt.Sprintf("q%s%s%d", track, field, p))
		found := false
		for x := range sch.Vars[at].Domain.Size {
			if sch.Vars[at].Domain.Name(byte(x)) == value {
				s[at], found = byte(x), true
			}
		}
		if !found {
			t.Fatalf("q%s%s%d has no value %s", track, field, p, value)
		}
	}
	return s
}

// With the paper's candidate range (-p cands=paper: −6k−1..6k+1) and every repair, one
// fault on the leader's track I query, home +4 and candidate −7, makes a process run
// forever in one step (docs/LEK.md, "The candidate's range"). The token hops left with its
// rear behind; at process 16 its copy has home +7 = 6k+1, so it cannot be copied on, and
// candidate −4 = −3k−1, so on track I it has no Pred: its rear at process 17 is not a
// trailing copy to it. It is marked sole, deleted as stranded (strand=delete), and copied
// again from process 17 at once, within one run. Under the synchronous daemon: 4 steps.
func TestFarCandidateRunsAwayWithStrandDelete(t *testing.T) {
	rd := everyRepair
	rd.Cands = 1
	r := newRing(t, 19, 1, rd)
	from := withQuery(t, r, r.Legitimate(0), "I", 0, "4", "-7")
	if steps := runsAway(t, r, from); steps != 4 {
		t.Fatalf("a process runs forever after %d synchronous steps, want 4", steps)
	}
	narrow := newRing(t, 19, 1, everyRepair) // the model's narrowing cannot write that candidate
	if d := narrow.Schema().Vars[narrow.Var("qIcand0")].Domain; d.Size != 10 {
		t.Errorf("the narrow candidate domain has %d values, want ⊥ and −4..4", d.Size)
	}
}

// The repair far=delete (a query whose candidate is beyond 3k+1 is deleted and never copied)
// mends it: from the fault above, and from the two other shapes the exhaustive run without
// it found (a far query on track III that reaches its home, and a sole one whose copy would
// be stranded), the synchronous daemon's one execution returns to the start.
func TestFarCandidateRepaired(t *testing.T) {
	rd := everyRepair
	rd.Cands, rd.Far = 1, 1
	r := newRing(t, 19, 1, rd)
	sole := withQuery(t, r, r.Legitimate(0), "I", 0, "6", "-5")
	sole[r.Var("qIsole0")] = 1
	for _, tc := range []struct {
		from      model.State
		awaySteps int
	}{
		{withQuery(t, r, r.Legitimate(0), "I", 0, "4", "-7"), 4},
		{withQuery(t, r, r.Legitimate(0), "III", 0, "-3", "-7"), 4},
		{sole, 1},
	} {
		if states := returnsToStart(t, r, tc.from); states != 2 { // the far query deleted
			t.Errorf("%d states, want 2", states)
		}
		unrepaired := rd
		unrepaired.Far = 0
		if steps := runsAway(t, newRing(t, 19, 1, unrepaired), tc.from); steps != tc.awaySteps {
			t.Errorf("without the repair, a process runs forever after %d synchronous steps, want %d", steps, tc.awaySteps)
		}
	}
}

// runsAway is the number of synchronous steps from from to the first configuration where a
// process ran forever, or -1 if there is none.
func runsAway(t *testing.T, r *lek.Ring, from model.State) int {
	t.Helper()
	m, err := model.Daemonize(r, model.Synchronous, model.From([]model.State{from}))
	if err != nil {
		t.Fatal(err)
	}
	res := check(t, m, checker.Spec{Checks: []checker.Check{checker.CheckInvariant},
		Properties: model.Properties{Invariants: []model.Property{{Name: "no runaway", Holds: r.NoRunaway}}}})
	if c := res.Checks[0]; c.Verdict == checker.Violated && c.Trace != nil {
		return len(c.Trace.Steps)
	}
	return -1
}
