package lang

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

// Channels, compiled: one checker/model/channel FIFO per link (from q to every p that reads
// q), a schema variable owned by q that p may write too (channel.Declare), whose values number
// every content up to the capacity; the universe holds every content, so a self-stabilizing
// file starts with any messages in transit (an init predicate says otherwise, inflight(q, r)
// counting them). A message kind with fields is one kind of the channel per combination of
// the fields' values, in mixed radix, the first field the least significant digit. A rule that
// receives from a FIFO is enabled when the head of its channel is of its kind (the fields
// bound to their names, then its guard read), and pops it when it fires. A bag (channel.Bag)
// delivers in any order: a rule that receives from one is an action per combination of its
// fields, enabled when a message of that kind is in the bag, which it takes when it fires. A
// send waits (the rule is disabled) while its channel is full. A file with channels runs one
// event a step (the central daemon).

// medium is what a link's channel does: channel.Channel (FIFO) or channel.Bag. Take removes a
// message of a kind where the channel delivers it: a FIFO's head, any message of a bag.
type medium interface {
	Domain() model.Domain
	Len(v byte) int
	Count(v byte, kind int) int
	Push(v byte, kind int) (byte, bool)
	Take(v byte, kind int) (byte, bool)
}

// messageKind is a compiled message declaration: its first kind on the channel and its
// fields' domain sizes.
type messageKind struct {
	name  string
	base  int
	sizes []int
}

// compiledRecv is a rule's receive: the kind, whose fields it binds from slot on, and the
// process it receives from.
type compiledRecv struct {
	msg  int
	slot int
	from evaluator
	at   Pos
}

// compiledSend is one send of a rule.
type compiledSend struct {
	msg  int
	args []evaluator
	to   evaluator
	at   Pos
}

// channels compiles the message kinds and the channel, and declares a variable for each link.
func (c *compiler) channels(b *model.Builder) error {
	pr, f := c.prog, c.file
	if f.Channel == nil {
		if len(f.Messages) > 0 {
			return c.errorf(f.Messages[0].Name.Pos, "messages travel on channels: declare them (channel fifo(CAPACITY))")
		}
		return nil
	}
	if len(f.Messages) == 0 {
		return c.errorf(f.Channel.Pos, "a channel carries messages: declare their kinds (message NAME)")
	}
	pr.msgIndex = map[string]int{}
	var kinds []string
	for _, m := range f.Messages {
		if _, dup := pr.msgIndex[m.Name.Name]; dup {
			return c.errorf(m.Name.Pos, "a second message %s", m.Name.Name)
		}
		mk := messageKind{name: m.Name.Name, base: len(kinds)}
		names := []string{""}
		for _, fd := range m.Fields {
			size, err := c.fieldSize(fd)
			if err != nil {
				return err
			}
			mk.sizes = append(mk.sizes, size)
			var next []string
			for v := range size { // the first field the least significant digit
				for _, n := range names {
					next = append(next, n+fmt.Sprintf(",%d", v))
				}
			}
			names = next
		}
		for _, n := range names {
			kinds = append(kinds, kindName(m.Name.Name, n))
		}
		pr.msgIndex[m.Name.Name] = len(pr.msgs)
		pr.msgs = append(pr.msgs, mk)
	}
	capacity, err := c.constant(f.Channel.Capacity)
	if err != nil {
		return err
	}
	if capacity < 1 {
		return c.errorf(f.Channel.Pos, "a channel holds at least one message, not %d", capacity)
	}
	if f.Channel.Bag {
		pr.ch, err = channel.NewBag(kinds, capacity)
	} else {
		pr.ch, err = channel.New(kinds, capacity)
	}
	if err != nil {
		return c.errorf(f.Channel.Pos, "%d kinds of message, %d a channel: %v", len(kinds), capacity, err)
	}
	pr.chans = map[[2]int]int{}
	for p := range pr.g.n {
		for _, q := range pr.g.nb[p] { // q to p: p reads q
			ref := channel.Declare(b, fmt.Sprintf("c%d>%d", q, p), q, p, pr.ch.Domain()) // numbered, as x0 is
			pr.chans[[2]int{q, p}] = int(ref)
		}
	}
	return nil
}

// kindName is a kind's name on the channel: find, or token(3) for fields ",3".
func kindName(msg, fields string) string {
	if fields == "" {
		return msg
	}
	return msg + "(" + strings.TrimPrefix(fields, ",") + ")"
}

// fieldSize is the number of values of a field's domain 0..H.
func (c *compiler) fieldSize(f MessageField) (int, error) {
	d := f.Domain
	if d.Neighbors || d.Names != nil {
		return 0, c.errorf(d.Pos, "a message's field is a number 0..H")
	}
	lo, err := c.constant(d.Lo)
	if err != nil {
		return 0, err
	}
	hi, err := c.constant(d.Hi)
	if err != nil {
		return 0, err
	}
	if lo != 0 || hi < 0 || hi > 255 {
		return 0, c.errorf(d.Pos, "the domain of field %s is %d..%d: a field is 0..H with H at most 255", f.Name.Name, lo, hi)
	}
	return hi + 1, nil
}

// message looks a kind up by name.
func (c *compiler) message(id Ident) (int, error) {
	if c.prog.ch == nil {
		return 0, c.errorf(id.Pos, "%s: no channel is declared (channel fifo(CAPACITY))", id.Name)
	}
	m, ok := c.prog.msgIndex[id.Name]
	if !ok {
		return 0, c.errorf(id.Pos, "unknown message %s", id.Name)
	}
	return m, nil
}

// receive compiles a rule's receive, binding its fields after the names sc binds, and returns
// the scope its guard and statements read.
func (c *compiler) receive(r *Receive, sc scope) (*compiledRecv, scope, error) {
	m, err := c.message(r.Kind)
	if err != nil {
		return nil, sc, err
	}
	if want := len(c.prog.msgs[m].sizes); len(r.Fields) != want {
		return nil, sc, c.errorf(r.Kind.Pos, "message %s has %d fields, and the receive names %d", r.Kind.Name, want, len(r.Fields))
	}
	from, err := c.expr(r.From, sc)
	if err != nil {
		return nil, sc, err
	}
	if len(sc.bound)+len(r.Fields) > maxBound {
		return nil, sc, c.errorf(r.Pos, "a receive binds at most %d names with the rule's parameter", maxBound)
	}
	cr := &compiledRecv{msg: m, slot: len(sc.bound), from: from, at: r.Pos}
	for _, f := range r.Fields {
		sc.bound = append(append([]string(nil), sc.bound...), f.Name)
		sc.sets = append(append([]string(nil), sc.sets...), "")
	}
	return cr, sc, nil
}

// send compiles one send of a rule. Its target and fields draw no coin: whether it fits in its
// channel is part of the rule's being enabled, before any coin is thrown.
func (c *compiler) send(s *Send, sc scope) (compiledSend, error) {
	sc.draws = nil
	m, err := c.message(s.Kind)
	if err != nil {
		return compiledSend{}, err
	}
	if want := len(c.prog.msgs[m].sizes); len(s.Args) != want {
		return compiledSend{}, c.errorf(s.Kind.Pos, "message %s has %d fields, and the send gives %d", s.Kind.Name, want, len(s.Args))
	}
	cs := compiledSend{msg: m, at: s.Pos}
	for _, a := range s.Args {
		ev, err := c.expr(a, sc)
		if err != nil {
			return compiledSend{}, err
		}
		cs.args = append(cs.args, ev)
	}
	cs.to, err = c.expr(s.To, sc)
	return cs, err
}
