package lek_test

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

// Finding 7 (docs/LEK.md): two whole-process faults at k = 2 on n = 37 = 18k+1, with every
// repair, and a central schedule of 1,904 moves, end in a final configuration that is not
// legitimate: six queries for one candidate, from processes in query_L status every other
// process, jam tracks I and II near the leader. The execution is
// testdata/lek/jam-k2-n37.txt (a seeded simulation run); every move replays through the
// model under the central daemon, and the faults are the only other changes.
func TestTwoFaultsJamQueries(t *testing.T) {
	jammed(t)
}

// The repair copyid=home-cand (a query's copies have its home and its candidate) tells the
// two queries of process 3 apart: from the jammed configuration, the synchronous daemon's one
// execution returns to the start, the legitimate configuration of leader 0, in 171 steps.
func TestJamRepairedByCandidate(t *testing.T) {
	rd := repaired
	rd.CopyID = 1
	r := newRing(t, 37, 2, rd)
	m, err := model.Daemonize(r, model.Synchronous, model.From([]model.State{jammed(t)}))
	if err != nil {
		t.Fatal(err)
	}
	start := r.Legitimate(0)
	res := check(t, m, checker.Spec{Legit: start.Equal, Checks: []checker.Check{checker.CheckDeadlock, checker.CheckConvergence}})
	for _, c := range res.Checks {
		if c.Verdict != checker.Holds {
			t.Errorf("%s %s: %s", c.Name, c.Verdict, c.Detail)
		}
	}
	if res.Stats.States != 172 {
		t.Errorf("%d states, want 172: one execution of 171 steps", res.Stats.States)
	}
}

// jammed replays testdata/lek/jam-k2-n37.txt, checking it, and returns its final configuration.
func jammed(t *testing.T) model.State {
	t.Helper()
	r := newRing(t, 37, 2, repaired)
	m, err := model.Daemonize(r, model.Central, model.From([]model.State{r.Legitimate(0)}))
	if err != nil {
		t.Fatal(err)
	}
	s, faulted := r.Legitimate(0), map[int]bool{}
	tr := &model.Trace{LoopStart: -1}
	for _, ev := range readJam(t, "../../testdata/lek/jam-k2-n37.txt") {
		if ev.bytes != nil { // a fault: not a step of the model; the trace restarts after it
			faulted[ev.proc] = true
			s = s.Clone()
			copy(s[ev.proc*len(ev.bytes):], ev.bytes)
			tr = &model.Trace{LoopStart: -1}
			continue
		}
		if len(tr.States) == 0 {
			tr.States = append(tr.States, s)
		}
		index, next := -1, model.State(nil)
		m.Successors(s, func(st model.Step, to model.State) bool {
			if st.Moves[0] == (model.Move{Proc: ev.proc, Rule: ev.rule}) {
				index, next = st.Index, to.Clone()
				return false
			}
			return true
		})
		if index < 0 {
			t.Fatalf("move P%d rule %d is not enabled after %d moves", ev.proc, ev.rule, len(tr.Steps))
		}
		tr.Steps, tr.States, s = append(tr.Steps, index), append(tr.States, next), next
	}
	if err := model.Replay(m, tr); err != nil {
		t.Fatal(err)
	}
	final := true
	m.Successors(s, func(model.Step, model.State) bool { final = false; return false })
	if len(faulted) != 2 || len(tr.Steps) != 1897 || !final || r.Legit(s) || !r.NoRunaway(s) {
		t.Errorf("%d processes faulted, %d moves after the last fault, final %v, legitimate %v, runaway %v; want 2, 1,897, a final configuration, not legitimate, no runaway",
			len(faulted), len(tr.Steps), final, r.Legit(s), !r.NoRunaway(s))
	}
	return s
}

// jamEvent is a line of the jam file: a fault (a process and its new bytes) or a move.
type jamEvent struct {
	proc, rule int
	bytes      []byte
}

func readJam(t *testing.T, path string) []jamEvent {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []jamEvent
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var ev jamEvent
		var kind, arg string
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := fmt.Sscan(line, &kind, &ev.proc, &arg); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		switch kind {
		case "fault":
			if ev.bytes, err = hex.DecodeString(arg); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		case "move":
			if _, err := fmt.Sscan(arg, &ev.rule); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		}
		out = append(out, ev)
	}
	return out
}
