package lang_test

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
)

const producer = `protocol pc
topology path(2)
var v : 0..2 where p == 0
var got : 0..2 where p == 1
message token(x : 0..2)
message stop
channel fifo(2)
rule produce where p == 0 : true -> send token(v) to 1, v := (v + 1) % 3
rule consume where p == 1 : receive token(x) from 0 -> got := x
rule halt where p == 1 : receive stop from 0 and got == 0 -> got := 2
legitimate : true
`

// A producer and a consumer: messages arrive in the order sent (FIFO), a send waits while
// its channel is full, a receive pops its channel's head only when the head is of its kind,
// binding the head's fields.
func TestMessagesFIFO(t *testing.T) {
	pr := compileText(t, producer)
	sch := pr.Schema()
	if len(sch.Vars) != 4 || sch.Vars[2].Name != "c1>0" || sch.Vars[3].Name != "c0>1" {
		t.Fatalf("variables %v", sch.Vars)
	}
	s := sch.NewState() // v = 0, got = 0, both channels empty
	fire := func(p int) {
		t.Helper()
		en := pr.Enabled(s, p, nil)
		if len(en) != 1 {
			t.Fatalf("P%d enabled %v in %s", p, en, sch.Format(s))
		}
		next := s.Clone()
		pr.Fire(s, []model.Move{{Proc: p, Rule: en[0]}}, next)
		s = next
	}
	fire(0) // sends token(0)
	fire(0) // sends token(1): the channel is full
	if en := pr.Enabled(s, 0, nil); len(en) != 0 {
		t.Errorf("the producer sends onto a full channel")
	}
	fire(1) // receives token(0)
	if s[1] != 0 {
		t.Errorf("got %d, want token 0 first", s[1])
	}
	fire(1) // token(1)
	if s[1] != 1 {
		t.Errorf("got %d, want token 1", s[1])
	}
	if en := pr.Enabled(s, 1, nil); len(en) != 0 {
		t.Errorf("the consumer receives from an empty channel")
	}
	if err := pr.Violation(); err != nil {
		t.Fatal(err)
	}
	// Every configuration: 3 v · 3 got · 13 contents of the channel 0 -> 1 (4 kinds, at most 2)
	// · 13 of 1 -> 0; a file with channels is one event a step.
	m, err := model.Daemonize(pr, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(t.Context(), m, checker.Spec{Checks: []checker.Check{checker.CheckDeadlock}, Properties: model.Properties{Legit: pr.Legit}}, checker.Options{Workers: 1})
	if err != nil || res.Stats.States != 3*3*21*21 || res.Verdict() != checker.Holds {
		t.Errorf("%v %+v %v", err, res.Stats, res.Verdict())
	}
}

// Messages are refused where they do not belong, each error at its place; a receive from a
// process that is not read, and a field sent outside its domain, are model errors of the run.
func TestMessageErrors(t *testing.T) {
	base := "protocol m\ntopology oriented_ring(3)\nvar x : 0..2\n"
	for _, c := range []struct{ src, want string }{
		{"message a\nlegitimate : true", "m.gcl:4:9: messages travel on channels: declare them"},
		{"channel fifo(1)\nlegitimate : true", "m.gcl:4:1: a channel carries messages: declare their kinds"},
		{"message a\nchannel fifo(0)\nlegitimate : true", "m.gcl:5:1: a channel holds at least one message, not 0"},
		{"message a\nchannel fifo(1)\nchannel fifo(1)\nlegitimate : true", "m.gcl:6:1: a second channel declaration (the first is at line 5)"},
		{"message a\nchannel lifo(1)\nlegitimate : true", "m.gcl:5:9: expected fifo(CAPACITY) or bag(CAPACITY)"},
		{"message a\nmessage a\nchannel fifo(1)\nlegitimate : true", "m.gcl:5:9: a second message a"},
		{"message a(v : {on, off})\nchannel fifo(1)\nlegitimate : true", "m.gcl:4:15: a message's field is a number 0..H"},
		{"message a(v : 0..255)\nchannel fifo(2)\nlegitimate : true", "m.gcl:5:1: 256 kinds of message, 2 a channel"},
		{"message a\nchannel fifo(1)\nrule r : receive b from left -> x := 0\nlegitimate : true", "m.gcl:6:18: unknown message b"},
		{"message a(v : 0..1)\nchannel fifo(1)\nrule r : receive a from left -> x := 0\nlegitimate : true", "m.gcl:6:18: message a has 1 fields, and the receive names 0"},
		{"message a\nchannel fifo(1)\nrule r : true -> send a(1) to right\nlegitimate : true", "m.gcl:6:23: message a has 0 fields, and the send gives 1"},
		{"message a\nchannel fifo(1)\nrule r : true -> send a to right,\nlegitimate : true", "m.gcl:7:1: expected a variable to assign (or send KIND to E), found \"legitimate\""},
		{"message a\nchannel fifo(1)\nrule r : inflight(left, p) == 0 -> x := 0\nlegitimate : true", "m.gcl:6:10: unknown function inflight/2"},
		{"rule r : true -> x := 0\nlegitimate : inflight(0, 1) == 0", "m.gcl:5:14: inflight counts the messages of a channel, and none is declared"},
		{"message a\nchannel fifo(1)\nrule r : receive a from left and x -> x := 0\nlegitimate : true", "m.gcl:6:34: the guard is an integer expression"},
		{"message a\nchannel fifo(1)\nrule r : true -> send a to pick(1 : left, 1 : right)\nlegitimate : true", "m.gcl:6:28: pick draws at random: only a value a rule assigns may"},
	} {
		refusedAs(t, "m.gcl", base+c.src, c.want)
	}
	for _, c := range []struct{ rule, want string }{
		{"rule r : receive a from right -> x := 0", "receives from process 1, which it does not read: no channel"},
		{"rule r : true -> send a to left", "sends to process 2, which does not read it: no channel"},
	} {
		pr := compileText(t, base+"message a\nchannel fifo(1)\n"+c.rule+"\nlegitimate : true\n")
		if err := closureError(t, pr); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a model error with %q", c.rule, err, c.want)
		}
	}
}

// A bag delivers its messages in any order: a receive of a kind with a field is one action per
// value, named by it, each enabled while a message of that value is in transit, and it takes
// that message. The universe numbers the bag's multisets: 3 v · 3 got · C(4+2, 2) contents of
// each channel.
func TestMessagesBag(t *testing.T) {
	pr := compileText(t, strings.Replace(producer, "channel fifo(2)", "channel bag(2)", 1))
	s := pr.Schema().NewState()
	for range 2 { // token(0), token(1)
		next := s.Clone()
		pr.Fire(s, []model.Move{{Proc: 0, Rule: 0}}, next)
		s = next
	}
	en := pr.Enabled(s, 1, nil)
	var names []string
	for _, r := range en {
		names = append(names, pr.RuleName(1, r))
	}
	if strings.Join(names, " ") != "consume(x=0) consume(x=1)" {
		t.Fatalf("the consumer's enabled actions %v in %s", names, pr.Schema().Format(s))
	}
	next := s.Clone()
	pr.Fire(s, []model.Move{{Proc: 1, Rule: en[1]}}, next) // token(1) first, though sent last
	if next[1] != 1 || pr.Schema().Vars[3].Domain.Name(next[3]) != "token(0)" {
		t.Fatalf("after receiving token(1): %s", pr.Schema().Format(next))
	}
	m, err := model.Daemonize(pr, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(t.Context(), m, checker.Spec{Checks: []checker.Check{checker.CheckDeadlock}, Properties: model.Properties{Legit: pr.Legit}}, checker.Options{Workers: 1})
	if err != nil || res.Stats.States != 3*3*15*15 || res.Verdict() != checker.Holds || pr.Violation() != nil {
		t.Errorf("%v %+v %v %v", err, res.Stats, res.Verdict(), pr.Violation())
	}
}
