package randproto

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

// Messages are a protocol's message kinds and the channel on every link (from q to each p
// that reads q), a FIFO or a bag, as the language declares them: a kind has no field or one of
// Field values, one kind of the channel per value. The Go reading keeps the channels in the
// schema after the processes' variables, in the language's order (for p, for each q that p
// reads, q to p). A rule that receives a kind with a field from a bag is one action per value
// of the field (the daemon chooses which message it takes), as in the language.
type Messages struct {
	Kinds    []MsgKind
	Capacity int
	Bag      bool
	ch       *channel.Channel // the FIFO, or nil
	bag      *channel.Bag     // the bag, or nil
	chans    map[[2]int]int   // (from, to): the channel's index in a configuration
}

// MsgKind is one message kind: Field is its field's number of values, 0 without one.
type MsgKind struct {
	Name  string
	Field int
	base  int // its first kind on the channel
}

// MsgSend is a send of a rule to its parameter's neighbour: Arg (modulo the field's values)
// is the field's value, nil without a field.
type MsgSend struct {
	Kind int
	Arg  *Expr
}

// maxMessageUniverse bounds the configurations of a protocol with channels: the reference
// explores them all.
const maxMessageUniverse = 20_000

// DrawMessages gives a third of the protocols channels and two rules that pass messages, drawn
// from rng (a source of their own, so that the protocols and runs Generate's source draws stay
// the same), where the topology is undirected, every process reads a neighbour and the channels keep the universe
// within maxMessageUniverse; otherwise it leaves p as it is. The rules take a neighbour nb: one
// sends to nb, the other receives from nb and may send back.
func (p *Protocol) DrawMessages(rng *rand.Rand) {
	g := &gen{rng: rng, p: p}
	if p.Kind == OrientedRing || p.Kind == Digraph || !g.everyoneReads() || !g.chance(3) {
		return
	}
	links := 0
	for _, r := range p.Reads {
		links += len(r)
	}
	base := 1
	for _, v := range p.Vars {
		base *= intPow(v.Size, p.N)
	}
	type option struct {
		kinds            []MsgKind
		capacity, values int
	}
	var fits []option
	for _, o := range []option{
		{[]MsgKind{{Name: "m0"}, {Name: "m1", Field: 2}}, 2, 13},
		{[]MsgKind{{Name: "m0"}, {Name: "m1", Field: 2}}, 1, 4},
		{[]MsgKind{{Name: "m0"}}, 2, 3},
		{[]MsgKind{{Name: "m0"}}, 1, 2},
	} {
		if base*intPow(o.values, links) <= maxMessageUniverse {
			fits = append(fits, o)
		}
	}
	if len(fits) == 0 {
		return
	}
	o := fits[rng.IntN(len(fits))]
	p.Msgs = &Messages{Kinds: o.kinds, Capacity: o.capacity}
	p.Anonymous = false // the channels are no block of a process: rotation does not apply
	g.param = true
	k := rng.IntN(len(o.kinds))
	p.Rules = append(p.Rules, g.messageRule("s", -1, []MsgSend{g.send(k)}))
	var back []MsgSend
	if g.chance(2) {
		back = []MsgSend{g.send(rng.IntN(len(o.kinds)))}
	}
	p.Rules = append(p.Rules, g.messageRule("c", rng.IntN(len(o.kinds)), back))
	g.param = false
	p.Msgs.Bag = g.chance(2) // drawn last: the FIFO protocols stay those drawn before bags were
	p.finish()
}

// messageRule draws a rule of every process, with a parameter, receiving kind recv (or
// nothing: -1) and sending sends.
func (g *gen) messageRule(name string, recv int, sends []MsgSend) Rule {
	r := Rule{Name: name, Param: true, Guard: g.boolean(2), Recv: recv + 1, Sends: sends}
	v := g.rng.IntN(len(g.p.Vars))
	r.Assign = []Assign{{Var: v, Value: &Expr{Op: Mod, Val: g.p.Vars[v].Size, Args: []*Expr{g.integer(2)}}}}
	return r
}

// send draws a send of kind k.
func (g *gen) send(k int) MsgSend {
	s := MsgSend{Kind: k}
	if f := g.p.Msgs.Kinds[k].Field; f > 0 {
		s.Arg = &Expr{Op: Mod, Val: f, Args: []*Expr{g.integer(2)}}
	}
	return s
}

func intPow(b, e int) int {
	out := 1
	for range e {
		if out *= b; out > 1<<40 {
			return out
		}
	}
	return out
}

// declare adds the channels to the schema being built.
func (m *Messages) declare(p *Protocol, b *model.Builder) {
	var names []string
	for i := range m.Kinds {
		k := &m.Kinds[i]
		k.base = len(names)
		if k.Field == 0 {
			names = append(names, k.Name)
		}
		for v := range k.Field {
			names = append(names, fmt.Sprintf("%s(%d)", k.Name, v))
		}
	}
	var err error
	if m.Bag {
		m.bag, err = channel.NewBag(names, m.Capacity)
	} else {
		m.ch, err = channel.New(names, m.Capacity)
	}
	if err != nil {
		panic(err) // at most 3 kinds and 2 messages: a generator bug
	}
	dom := m.domain()
	m.chans = map[[2]int]int{}
	for q := range p.N {
		for _, from := range p.Reads[q] {
			m.chans[[2]int{from, q}] = int(channel.Declare(b, fmt.Sprintf("c%d>%d", from, q), from, q, dom))
		}
	}
}

// receives reports whether the channel from nb to q delivers a message of kind k: its head
// for a FIFO; for a bag, one of field value w (any, for a kind without a field).
func (m *Messages) receives(s []byte, q, nb, k, w int) bool {
	v, kk := s[m.chans[[2]int{nb, q}]], m.Kinds[k]
	if m.Bag {
		return m.bag.Count(v, kk.base+max(w, 0)) > 0
	}
	kind, ok := m.ch.Head(v)
	return ok && kind >= kk.base && kind < kk.base+max(kk.Field, 1)
}

// fieldValues are the field values a receive of rule r takes, one action each: a bag's
// every value of a kind with a field; otherwise one action, -1.
func (m *Messages) fieldValues(r Rule) []int {
	if m == nil || !m.Bag || r.Recv == 0 || m.Kinds[r.Recv-1].Field == 0 {
		return []int{-1}
	}
	out := make([]int, m.Kinds[r.Recv-1].Field)
	for w := range out {
		out[w] = w
	}
	return out
}

// domain, push and take are the channel's, FIFO or bag.
func (m *Messages) domain() model.Domain {
	if m.Bag {
		return m.bag.Domain()
	}
	return m.ch.Domain()
}

func (m *Messages) push(v byte, kind int) (byte, bool) {
	if m.Bag {
		return m.bag.Push(v, kind)
	}
	return m.ch.Push(v, kind)
}

// take removes the message action a receives of kind kk (receives said there is one).
func (m *Messages) take(v byte, kk MsgKind, a action) byte {
	if m.Bag {
		w, _ := m.bag.Take(v, kk.base+max(a.w, 0))
		return w
	}
	return m.ch.Pop(v)
}

// kindOf is the channel's kind of send sd from q in s (its field's value, modulo).
func (m *Messages) kindOf(sd MsgSend, e *env) int {
	kk := m.Kinds[sd.Kind]
	if sd.Arg == nil {
		return kk.base
	}
	return kk.base + sd.Arg.eval(e)
}

// fit reports whether r's sends from q to nb fit in their channel, in order.
func (m *Messages) fit(r Rule, e *env, q, nb int) bool {
	v := e.s[m.chans[[2]int{q, nb}]]
	for _, sd := range r.Sends {
		var ok bool
		if v, ok = m.push(v, m.kindOf(sd, e)); !ok {
			return false
		}
	}
	return true
}

// fire takes r's message and pushes its sends, into next.
func (m *Messages) fire(r Rule, e *env, q int, a action, next []byte) {
	if r.Recv > 0 {
		c := m.chans[[2]int{a.arg, q}]
		next[c] = m.take(next[c], m.Kinds[r.Recv-1], a)
	}
	c := m.chans[[2]int{q, a.arg}]
	for _, sd := range r.Sends {
		next[c], _ = m.push(next[c], m.kindOf(sd, e))
	}
}

// gcl writes the message and channel declarations.
func (m *Messages) gcl(b *strings.Builder) {
	for _, k := range m.Kinds {
		if k.Field > 0 {
			fmt.Fprintf(b, "message %s(f : 0..%d)\n", k.Name, k.Field-1)
		} else {
			fmt.Fprintf(b, "message %s\n", k.Name)
		}
	}
	kind := "fifo"
	if m.Bag {
		kind = "bag"
	}
	fmt.Fprintf(b, "channel %s(%d)\n", kind, m.Capacity)
}

// gclReceive and gclSends write a rule's messages.
func (p *Protocol) gclReceive(r Rule) string {
	if r.Recv == 0 {
		return ""
	}
	k := p.Msgs.Kinds[r.Recv-1]
	if k.Field > 0 {
		return fmt.Sprintf("receive %s(w) from nb and ", k.Name)
	}
	return fmt.Sprintf("receive %s from nb and ", k.Name)
}

func (p *Protocol) gclSends(r Rule) string {
	var out strings.Builder
	for _, sd := range r.Sends {
		k := p.Msgs.Kinds[sd.Kind]
		if sd.Arg != nil {
			fmt.Fprintf(&out, ", send %s(%s) to nb", k.Name, sd.Arg.text(p.Vars, inRule))
		} else {
			fmt.Fprintf(&out, ", send %s to nb", k.Name)
		}
	}
	return out.String()
}
