package checker_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
)

// compiled compiles a protocol file's text as mc check FILE.gcl does.
func compiled(t *testing.T, text string) *models.Instance {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.gcl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	entry, err := models.FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := entry.Build(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// temporalResults checks the file's temporal properties under daemon d (from opts' initial
// set), with 1 and 3 workers, which must agree, and returns the results by property name.
func temporalResults(t *testing.T, text string, d model.Daemon, opts ...model.Option) map[string]checker.CheckResult {
	t.Helper()
	inst := compiled(t, text)
	m, err := model.Daemonize(inst.Protocol, d, opts...)
	if err != nil {
		t.Fatal(err)
	}
	spec := checker.Spec{Checks: []checker.Check{checker.CheckTemporal}, Properties: inst.Properties}
	out := map[string]checker.CheckResult{}
	var first string
	for _, workers := range []int{1, 3} {
		res := run(t, m, spec, workers)
		var b strings.Builder
		for _, c := range res.Checks {
			out[strings.TrimPrefix(c.Name, "temporal ")] = c
			b.WriteString(c.Name + " " + c.Verdict.String() + " " + c.Detail + "\n")
		}
		if first == "" {
			first = b.String()
		} else if b.String() != first {
			t.Errorf("3 workers:\n%s1 worker:\n%s", b.String(), first)
		}
	}
	return out
}

// want is a property's expected verdict and, for a violation, its counterexample: a lasso
// with a loop of loop steps after a stem of stem steps, or a path of stem steps (loop 0).
type want struct {
	verdict    checker.Verdict
	stem, loop int
	detail     string // a part of the detail
}

func expect(t *testing.T, got map[string]checker.CheckResult, wants map[string]want) {
	t.Helper()
	for name, w := range wants {
		c, ok := got[name]
		if !ok {
			t.Errorf("%s: not reported", name)
			continue
		}
		if c.Verdict != w.verdict || !strings.Contains(c.Detail, w.detail) {
			t.Errorf("%s: %s (%s), want %s (…%s…)", name, c.Verdict, c.Detail, w.verdict, w.detail)
			continue
		}
		if w.verdict != checker.Violated {
			continue
		}
		tr := c.Trace
		stem, loop := len(tr.Steps), 0
		if tr.IsLasso() {
			stem, loop = tr.LoopStart, len(tr.States)-tr.LoopStart
		}
		if stem != w.stem || loop != w.loop {
			t.Errorf("%s: a stem of %d and a loop of %d steps, want %d and %d", name, stem, loop, w.stem, w.loop)
		}
	}
}

// A request and a grant that is enabled only while process 0's light is on, which process 0
// turns off and on forever: the grant is enabled infinitely often but never continuously, so
// only strong fairness (to process 1, or to its rule grant) serves the request.
const requestGrant = `protocol reqgrant
topology complete(2)
var light : 0..1 where p == 0
var req : 0..1 where p == 1
rule flip where p == 0 : true -> light := 1 - light
rule ask where p == 1 : req == 0 -> req := 1
rule grant where p == 1 : req == 1 and light[0] == 1 -> req := 0
legitimate : true
property unfair : req[1] == 1 leadsto req[1] == 0
property weak under weak : req[1] == 1 leadsto req[1] == 0
property strong under strong : req[1] == 1 leadsto req[1] == 0
property weakrule under weak per rule : req[1] == 1 leadsto req[1] == 0
property strongrule under weak, strong rule grant : req[1] == 1 leadsto req[1] == 0
property onforever under strong : eventually always light[0] == 1
property oninfinitely under strong : always eventually light[0] == 1
property asks under weak : eventually req[1] == 1
property asksunfair : eventually req[1] == 1
property neverasked : always req[1] == 0
`

func TestTemporalRequestGrant(t *testing.T) {
	got := temporalResults(t, requestGrant, model.Central)
	v, h := checker.Violated, checker.Holds
	expect(t, got, map[string]want{
		"unfair":       {verdict: v, loop: 2, detail: "the premise holds at step 0, and a cycle of 2 steps"},
		"weak":         {verdict: v, loop: 2, detail: "a fair cycle of 2 steps"},
		"strong":       {verdict: h, detail: "under strong fairness (2 units)"},
		"weakrule":     {verdict: v, loop: 2},
		"strongrule":   {verdict: h, detail: "(3 units)"},
		"onforever":    {verdict: v, loop: 4, detail: "fails infinitely often"},
		"oninfinitely": {verdict: h},
		"asks":         {verdict: h},
		"asksunfair":   {verdict: v, loop: 2, detail: "never holds"},
		"neverasked":   {verdict: v, detail: "fails after 0 steps"},
	})
}

// Process 0 may turn its light on (up), off (down), or aside (side) and back, and process 1's
// grab is enabled only while it is aside. Strong fairness per process is kept by the loop up,
// down (process 1 is enabled in none of its configurations); per rule, the loop starves side,
// enabled where the light is off: only through the light aside is it served, and there grab
// is enabled too (Streett's refinement: the component minus the configurations where the
// starved grab is enabled, then minus those where side is).
const aside = `protocol aside
topology complete(2)
var light : 0..2 where p == 0
var req : 0..1 where p == 1
rule up where p == 0 : light == 0 -> light := 1
rule down where p == 0 : light == 1 -> light := 0
rule side where p == 0 : light == 0 -> light := 2
rule back where p == 0 : light == 2 -> light := 0
rule ask where p == 1 : req == 0 -> req := 1
rule grab where p == 1 : req == 1 and light[0] == 2 -> req := 0
legitimate : req[1] == 0
property strong under strong : req[1] == 1 leadsto req[1] == 0
property strongrule under strong per rule : req[1] == 1 leadsto req[1] == 0
property weakrule under weak per rule : req[1] == 1 leadsto req[1] == 0
property grabonly under strong rule grab : req[1] == 1 leadsto req[1] == 0
property asks from legitimate under strong : eventually req[1] == 1
`

func TestTemporalStrongFairnessRefines(t *testing.T) {
	got := temporalResults(t, aside, model.Central)
	v, h := checker.Violated, checker.Holds
	expect(t, got, map[string]want{
		"strong":     {verdict: v, loop: 2},
		"strongrule": {verdict: h, detail: "(6 units)"},
		"weakrule":   {verdict: v, loop: 2},
		"grabonly":   {verdict: v, loop: 2},
		"asks":       {verdict: h, detail: "from the legitimate configurations"},
	})
}

// Two processes count down to 0 and stop: an execution that ends stutters in its last
// configuration, where "always eventually" and "eventually always" read its predicate.
const countdown = `protocol countdown
topology path(2)
var x : 0..2
rule down : x > 0 -> x := x - 1
legitimate : x[0] == 0
property stops : always eventually forall(q in procs : x[q] == 0)
property staysoff : eventually always x[0] == 0
property staysoneforever : eventually always x[0] == 1
property twoagain : always eventually x[0] == 2
property reachesone : eventually x[1] == 1
property drops : x[0] == 2 leadsto x[0] == 0
property bounded : always x[0] <= 2
property lowright from legitimate : always x[1] <= 1
`

func TestTemporalDeadlocksStutter(t *testing.T) {
	got := temporalResults(t, countdown, model.Central)
	v, h := checker.Violated, checker.Holds
	expect(t, got, map[string]want{
		"stops":           {verdict: h},
		"staysoff":        {verdict: h},
		"staysoneforever": {verdict: v, detail: "fails forever: the execution stops after 0 steps outside it"},
		"twoagain":        {verdict: v, detail: "holds no more after step 0: the execution stops after 0 steps outside it"},
		"reachesone":      {verdict: v, detail: "never holds: the execution stops after 0 steps without reaching it"},
		"drops":           {verdict: h},
		"bounded":         {verdict: h},
		"lowright":        {verdict: v, detail: "fails after 0 steps"},
	})
	// From (2, 2) alone, the legitimate configurations the run reaches are (0, 2), (0, 1) and
	// (0, 0): the first breaks lowright, two steps from the start.
	two := model.State{2, 2}
	got = temporalResults(t, countdown, model.Central, model.From([]model.State{two}))
	expect(t, got, map[string]want{
		"lowright": {verdict: v, stem: 2, detail: "fails after 2 steps; the execution starts in the legitimate configuration of step 2"},
	})
}

// Three processes each set their bit once, from all zeros: every configuration satisfies the
// premise of one, and the first, where all three are enabled, is outside its goal (exactly one
// enabled); the execution that goes on to the last, where none is, breaks it there, through
// the goal (regression: the trigger at the start once hid the later one).
const fill = `protocol fill
topology path(3)
var x : 0..1
rule up : x == 0 -> x := 1
legitimate : forall(q in procs : x[q] == 1)
property one : true leadsto count(q in procs : enabled(q)) == 1
property oneinf : always eventually count(q in procs : enabled(q)) == 1
property endsone : eventually always count(q in procs : enabled(q)) == 1
`

func TestTemporalLaterTrigger(t *testing.T) {
	zeros := model.State{0, 0, 0}
	got := temporalResults(t, fill, model.Central, model.From([]model.State{zeros}))
	v := checker.Violated
	expect(t, got, map[string]want{
		"one":     {verdict: v, stem: 3, detail: "the premise holds at step 3, and the execution stops after 3 steps without reaching the goal"},
		"oneinf":  {verdict: v, stem: 3, detail: "holds no more after step 3: the execution stops after 3 steps outside it"},
		"endsone": {verdict: v, stem: 3, detail: "fails forever: the execution stops after 3 steps outside it"},
	})
}

// Dijkstra's K-state ring ("Self-stabilizing systems in spite of distributed control",
// E. W. Dijkstra, 1974): once legitimate, the one privilege travels the ring, so every machine
// is privileged infinitely often, whatever the daemon. With a rule hold that lets a privileged
// machine keep its privilege, an unfair daemon starves every other machine; fairness per rule
// does not (the machine's pass rule is enabled all along, and must be taken).
const ringHold = `protocol ring
param n = 4
topology oriented_ring(n)
var x : 0..3
rule bottom where algo == "root" : x == x[left] -> x := (x + 1) % 4
rule other where algo != "root" : x != x[left] -> x := x[left]
legitimate : count(q in procs : enabled(q)) == 1
property nostarve from legitimate : forall q in procs : always eventually enabled(q)
property nostarvefair from legitimate under weak per rule : forall q in procs : always eventually enabled(q)
`

func TestTemporalNoStarvation(t *testing.T) {
	got := temporalResults(t, ringHold, model.Central)
	expect(t, got, map[string]want{"nostarve": {verdict: checker.Holds}, "nostarvefair": {verdict: checker.Holds}})
	got = temporalResults(t, ringHold, model.Distributed)
	expect(t, got, map[string]want{"nostarve": {verdict: checker.Holds}})
	held := strings.Replace(ringHold, "legitimate :", `rule hold : (algo == "root" and x == x[left]) or (algo != "root" and x != x[left]) -> x := x
legitimate :`, 1)
	got = temporalResults(t, held, model.Central)
	expect(t, got, map[string]want{
		"nostarve":     {verdict: checker.Violated, loop: 1, detail: "for q = P0, the predicate holds no more after step 0"},
		"nostarvefair": {verdict: checker.Holds},
	})
}
