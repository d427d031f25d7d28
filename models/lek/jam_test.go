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
	"github.com/mc-checker/mc/models/lek"
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
	if states := returnsToStart(t, newRing(t, 37, 2, rd), jammed(t)); states != 172 {
		t.Errorf("%d states, want 172: one execution of 171 steps", states)
	}
}

// returnsToStart checks that every execution of r under the synchronous daemon from
// configuration from is finite and ends in the start, the legitimate configuration of leader
// 0, and returns the configurations explored (the synchronous daemon has one execution).
func returnsToStart(t *testing.T, r *lek.Ring, from model.State) uint64 {
	t.Helper()
	m, err := model.Daemonize(r, model.Synchronous, model.From([]model.State{from}))
	if err != nil {
		t.Fatal(err)
	}
	res := check(t, m, checker.Spec{Properties: model.Properties{Legit: r.Legitimate(0).Equal}, Checks: []checker.Check{checker.CheckDeadlock, checker.CheckConvergence}})
	for _, c := range res.Checks {
		if c.Verdict != checker.Holds {
			t.Errorf("%s %s: %s", c.Name, c.Verdict, c.Detail)
		}
	}
	return res.Stats.States
}

// jammed replays testdata/lek/jam-k2-n37.txt, checking it, and returns its final configuration.
func jammed(t *testing.T) model.State {
	t.Helper()
	return replayStuck(t, newRing(t, 37, 2, repaired), "../../testdata/lek/jam-k2-n37.txt", 2, 1897)
}

// replayStuck replays an execution file of r (faults and central moves from the legitimate
// configuration of leader 0, every move checked among the model's successors and the moves
// after the last fault replayed as a trace), and checks that it ends, after faults faulted
// processes and moves moves past the last fault, in a final configuration that is not
// legitimate and has no runaway. It returns that configuration.
func replayStuck(t *testing.T, r *lek.Ring, path string, faults, moves int) model.State {
	t.Helper()
	m, err := model.Daemonize(r, model.Central, model.From([]model.State{r.Legitimate(0)}))
	if err != nil {
		t.Fatal(err)
	}
	s, faulted := r.Legitimate(0), map[int]bool{}
	tr := &model.Trace{LoopStart: -1}
	for _, ev := range readJam(t, path) {
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
	if len(faulted) != faults || len(tr.Steps) != moves || !final || r.Legit(s) || !r.NoRunaway(s) {
		t.Errorf("%s: %d processes faulted, %d moves after the last fault, final %v, legitimate %v, runaway %v; want %d, %d, a final configuration, not legitimate, no runaway",
			path, len(faulted), len(tr.Steps), final, r.Legit(s), !r.NoRunaway(s), faults, moves)
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

// Finding 8 (docs/LEK.md): three whole-process faults at k = 3 on n = 55 = 18k+1, with every
// repair but probeend=wait-everywhere (the repair's first version: a report waits beside any
// probe of its value, not only at the end of the range), and a central schedule of 5,751
// moves after the last, end in a final configuration that is not legitimate. The first two
// faults write probe and report fragments on two adjacent processes (36: left probe 6k+1 =
// 19 and left report 14; 37: left probe and report 14). The report at 37 travels to process
// 51, its rear held beside the probe of its value, and the probe fragments wait for it. The
// execution is testdata/lek/strand-k3-n55.txt (a seeded simulation run).
func TestThreeFaultsStrandWaves(t *testing.T) {
	if testing.Short() {
		t.Skip("5,751 moves on 55 processes")
	}
	rd := everyRepair
	rd.ProbeEnd = 2
	replayStuck(t, newRing(t, 55, 3, rd), "../../testdata/lek/strand-k3-n55.txt", 3, 5751)
}

// The repair as described (probeend=wait: the report waits only at the end of the range)
// frees finding 8's configuration: the report wave's rear is deleted, the report fragment
// follows it home, the probe at the end of the range sends its report and goes, and the
// blocked probe resumes. Under the synchronous daemon the one execution from there returns
// to the start.
func TestStrandedWavesRepaired(t *testing.T) {
	if testing.Short() {
		t.Skip("5,751 moves on 55 processes")
	}
	rd := everyRepair
	rd.ProbeEnd = 2
	stuck := replayStuck(t, newRing(t, 55, 3, rd), "../../testdata/lek/strand-k3-n55.txt", 3, 5751)
	if states := returnsToStart(t, newRing(t, 55, 3, everyRepair), stuck); states != 47 {
		t.Errorf("%d states, want 47: one execution of 46 steps", states)
	}
}

// Finding 7 above the paper's bound (docs/LEK.md): two whole-process faults at k = 2 on
// n = 38 = 18k+2, with the repairs of findings 1 to 6 and copies recognised by home only (as
// printed), and a central schedule of 1,009 moves, end in a final configuration that is not
// legitimate, with two queries of one home and candidate on track II and five queries
// queued on track I. The execution is testdata/lek/jam-k2-n38.txt, a run of mc simulate
// saved by --dir.
func TestTwoFaultsJamQueriesAboveTheBound(t *testing.T) {
	jammedAboveTheBound(t)
}

// The repair copyid=home-cand mends the configuration above the bound too: the synchronous
// daemon's one execution from it returns to the start, in 156 steps.
func TestJamAboveTheBoundRepairedByCandidate(t *testing.T) {
	rd := repaired
	rd.Dominated, rd.CopyID = 1, 1
	if states := returnsToStart(t, newRing(t, 38, 2, rd), jammedAboveTheBound(t)); states != 157 {
		t.Errorf("%d states, want 157: one execution of 156 steps", states)
	}
}

func jammedAboveTheBound(t *testing.T) model.State {
	t.Helper()
	rd := repaired
	rd.Dominated = 1
	return replayStuck(t, newRing(t, 38, 2, rd), "../../testdata/lek/jam-k2-n38.txt", 2, 1007)
}
