package lek_test

import (
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/models/lek"
)

// repaired are the readings under which every single-variable fault recovers (docs/LEK.md):
// the repairs of findings 1–3 and 5, with the text as printed elsewhere.
var repaired = lek.Readings{Trail: 1, Strand: 1, ProbeEnd: 1, Report: 1, Returned: 1, Stale: 1}

// everyRepair adds the repairs of findings 4 and 7 (docs/LEK.md) to repaired.
var everyRepair = func() lek.Readings {
	rd := repaired
	rd.CopyID, rd.Dominated = 1, 1
	return rd
}()

// recoverFrom checks recovery to the start (the legitimate configuration of leader 0) after
// the faults of spec (its budget and ghost start filled in), under daemon d, and returns the
// check, the faulty model and the run.
func recoverFrom(t *testing.T, r *lek.Ring, d model.Daemon, spec faults.Spec) (checker.CheckResult, model.Model, *checker.Result) {
	t.Helper()
	return recoverFromEach(t, r, d, []model.State{r.Legitimate(0)}, spec)
}

// recoverFromEach is recoverFrom from each of the configurations init.
func recoverFromEach(t *testing.T, r *lek.Ring, d model.Daemon, init []model.State, spec faults.Spec) (checker.CheckResult, model.Model, *checker.Result) {
	t.Helper()
	m, err := model.Daemonize(r, d, model.From(init))
	if err != nil {
		t.Fatal(err)
	}
	spec.Budget, spec.KeepStart = 1, true
	f, err := faults.With(m, spec, init, r.Legit)
	if err != nil {
		t.Fatal(err)
	}
	end, _ := faults.Start(f)
	res := check(t, f, checker.Spec{Legit: end, Checks: []checker.Check{checker.CheckRecovery}})
	return res.Checks[0], f, res
}

// rumorFaults are the faults of one process's rumor, one at a time.
var rumorFaults = faults.Spec{Vars: []string{"rumor"}, OneVariable: true}

// Each mutant of the list is caught: the correct protocol recovers where the mutant
// does not, and the mutant's counterexample replays through the mutant. The rumor faults run
// under the synchronous daemon, whose executions are among the unfair distributed daemon's
// (Section 2): one execution a fault, so the check is exhaustive and small.
func TestMutantsCaught(t *testing.T) {
	for _, c := range []struct {
		mutant lek.Mutant
		steps  int // the counterexample's length
	}{
		// Counting on track I, the count is reset at the crossing to track II: every query
		// concludes negative. From rumor0 = 1, the leader's own query denies it, and the
		// execution ends with no vote and no rumor anywhere.
		{lek.WrongTrack, 164},
		// From rumor0 = 1, the denials of a negative conclusion stay at the ends of their
		// interval, one on process 17, whose returned query then waits forever to conclude.
		{lek.DenialStays, 112},
	} {
		rd := repaired
		r := newRing(t, 19, 1, rd)
		if got, _, res := recoverFrom(t, r, model.Synchronous, rumorFaults); got.Verdict != checker.Holds || res.Stats.States != 6841 {
			t.Fatalf("correct: %s, %d states; want holds, 6,841 states", got.Verdict, res.Stats.States)
		}
		rd.Mutant = c.mutant
		r = newRing(t, 19, 1, rd)
		got, m, _ := recoverFrom(t, r, model.Synchronous, rumorFaults)
		if got.Verdict != checker.Violated || got.Trace == nil || len(got.Trace.Steps) != c.steps {
			t.Errorf("%s: %s, trace %v; want violated after %d steps", lek.Mutants[c.mutant], got.Verdict, got.Trace, c.steps)
			continue
		}
		if _, err := got.Trace.Moves(m); err != nil {
			t.Errorf("%s: the trace does not replay: %v", lek.Mutants[c.mutant], err)
		}
	}
}

// returnedWithDenial is one whole-process fault of process 2 (which votes for the leader, 0, at
// −2): its status is query_returned, its track III holds its own sole query for −2 with a
// positive count, it holds the left flag's resource (Lflag b: privileged), and a left denial
// at the end of its interval (3k) is passing over it.
func returnedWithDenial(r *lek.Ring) model.State {
	s := r.Legitimate(0)
	sch := r.Schema()
	set := func(name, value string) {
		at := r.Var(name)
		for b := range sch.Vars[at].Domain.Size {
			if sch.Vars[at].Domain.Name(byte(b)) == value {
				s[at] = byte(b)
				return
			}
		}
		panic(name + "=" + value)
	}
	set("status2", "returned")
	set("Lflag2", "b")
	set("Ldeny2", "3")
	set("qIIIhome2", "0")
	set("qIIIcand2", "-2")
	set("qIIIcount2", "4")
	set("qIIIsole2", "1")
	return s
}

// Erroneous Query Return without its status condition deletes a returned query that Conclude
// Query (10) was only waiting to conclude (a denial is passing): as printed (a returned status
// without its query waits), the process then waits forever. The correct protocol concludes
// once the denial has gone and returns to the start.
func TestErroneousReturnMutantCaught(t *testing.T) {
	for _, mutant := range []lek.Mutant{lek.Correct, lek.ErroneousAnyStatus} {
		rd := repaired
		rd.Returned, rd.Mutant = 0, mutant
		r := newRing(t, 19, 1, rd)
		m, _ := model.Daemonize(r, model.Central, model.From([]model.State{returnedWithDenial(r)}))
		start := r.Legitimate(0)
		res := check(t, m, checker.Spec{Legit: start.Equal, Checks: []checker.Check{checker.CheckDeadlock, checker.CheckConvergence}})
		for _, c := range res.Checks {
			want := checker.Holds
			if mutant != lek.Correct {
				want = checker.Violated
			}
			if c.Verdict != want {
				t.Errorf("%s: %s %s, want %s", lek.Mutants[mutant], c.Name, c.Verdict, want)
			}
			if c.Trace != nil {
				if _, err := c.Trace.Moves(m); err != nil {
					t.Errorf("%s: the trace does not replay: %v", lek.Mutants[mutant], err)
				}
				t.Logf("%s: %s violated after %d steps", lek.Mutants[mutant], c.Name, len(c.Trace.Steps))
			}
		}
	}
}
