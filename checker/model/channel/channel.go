package channel

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
)

// Channel is a bounded FIFO of messages held in one schema variable. The variable's value
// numbers the sequences of at most Capacity messages (shortest first) within its Limits, so
// every value of the domain is a well-formed channel content: "every configuration" of the
// universe includes every such sequence of messages in transit, and nothing else (a content
// past the capacity or a limit is an overflow, which a model reports).
type Channel struct {
	Messages []string // message kinds, e.g. "find", "observer(0)"
	Capacity int

	seqs [][]int // value → kinds, oldest first
	// Transition tables, so that the models' hot paths never search or allocate.
	push   [][]int16 // [value][kind] → value, or -1 when full
	pop    []byte
	concat [][]int16 // [front][back] → the value of front followed by back, or -1
	counts [][]byte  // [value][kind] → messages of that kind
}

// Limit bounds how many messages of some kinds a content holds together, beside the capacity:
// a content past it is not in the domain, so a push that would make one fails like a push
// into a full channel (a model reports it, never drops the message).
type Limit struct {
	Kinds []int
	Max   int
}

// within reports whether seq keeps every limit.
func within(seq []int, limits []Limit) bool {
	for _, l := range limits {
		n := 0
		for _, k := range seq {
			for _, lk := range l.Kinds {
				if k == lk {
					n++
				}
			}
		}
		if n > l.Max {
			return false
		}
	}
	return true
}

// New builds the tables of a channel; its domain must fit a schema variable.
func New(messages []string, capacity int, limits ...Limit) (*Channel, error) {
	if len(messages) == 0 || capacity < 1 {
		return nil, fmt.Errorf("a channel needs message kinds and a capacity ≥ 1")
	}
	c := &Channel{Messages: messages, Capacity: capacity, seqs: [][]int{nil}}
	for start := 0; start < len(c.seqs); start++ {
		if len(c.seqs[start]) == capacity {
			continue
		}
		for kind := range messages {
			seq := append(append([]int(nil), c.seqs[start]...), kind)
			if !within(seq, limits) {
				continue
			}
			c.seqs = append(c.seqs, seq)
			if len(c.seqs) > model.MaxDomain {
				return nil, fmt.Errorf("a channel of %d message kinds and capacity %d has more than %d contents", len(messages), capacity, model.MaxDomain)
			}
		}
	}
	index := map[string]int{}
	for v, seq := range c.seqs {
		index[fmt.Sprint(seq)] = v
	}
	value := func(seq []int) int16 {
		if v, ok := index[fmt.Sprint(seq)]; ok {
			return int16(v)
		}
		return -1
	}
	for _, seq := range c.seqs {
		row := make([]int16, len(messages))
		for kind := range row {
			row[kind] = value(append(append([]int(nil), seq...), kind))
		}
		c.push = append(c.push, row)
		count := make([]byte, len(messages))
		for _, k := range seq {
			count[k]++
		}
		c.counts = append(c.counts, count)
		c.pop = append(c.pop, 0)
		if len(seq) > 0 {
			c.pop[len(c.pop)-1] = byte(value(seq[1:]))
		}
		cat := make([]int16, len(c.seqs))
		for w, back := range c.seqs {
			cat[w] = value(append(append([]int(nil), seq...), back...))
		}
		c.concat = append(c.concat, cat)
	}
	return c, nil
}

// Domain is the schema domain of the channel, its values named by their contents, oldest
// first: "find,obs", or "-" when empty.
func (c *Channel) Domain() model.Domain { return contents(c.Messages, c.seqs) }

// contents is the domain whose values are the lists of kinds given, each named by its
// messages' names: "find,obs", or "-" for none.
func contents(messages []string, lists [][]int) model.Domain {
	names := make([]string, len(lists))
	for v, list := range lists {
		parts := make([]string, len(list))
		for i, k := range list {
			parts[i] = messages[k]
		}
		names[v] = strings.Join(parts, ",")
		if len(parts) == 0 {
			names[v] = "-"
		}
	}
	return model.Enum(names...)
}

// Len is the number of messages in transit.
func (c *Channel) Len(v byte) int { return len(c.seqs[v]) }

// Head returns the oldest message's kind.
func (c *Channel) Head(v byte) (kind int, ok bool) {
	if seq := c.seqs[v]; len(seq) > 0 {
		return seq[0], true
	}
	return 0, false
}

// Pop removes the oldest message.
func (c *Channel) Pop(v byte) byte { return c.pop[v] }

// Take removes the oldest message if it is of the given kind; false if it is not, or the
// channel is empty (a FIFO delivers its head only).
func (c *Channel) Take(v byte, kind int) (byte, bool) {
	if k, ok := c.Head(v); ok && k == kind {
		return c.pop[v], true
	}
	return v, false
}

// Push appends a message of the given kind; false if the channel is full.
func (c *Channel) Push(v byte, kind int) (byte, bool) {
	w := c.push[v][kind]
	return byte(w), w >= 0
}

// Count is the number of messages of a kind in transit.
func (c *Channel) Count(v byte, kind int) int { return int(c.counts[v][kind]) }

// Kinds lists the kinds of the messages in transit, oldest first; do not modify it.
func (c *Channel) Kinds(v byte) []int { return c.seqs[v] }

// Timed is a FIFO whose messages carry their age in ticks, stored in Delay+1 schema
// variables: variable i holds, as a Channel, the messages of age i (a FIFO's older messages
// are at its head, so the whole content is variable Delay, then Delay-1, … then 0). A message
// can be received from age 1, so no execution delivers infinitely many messages in zero time;
// one of age Delay is due: a timed model does not let time pass while it can be received.
type Timed struct {
	Segment *Channel // the messages of one age
	Delay   int
}

// NewTimed builds a channel whose every age holds up to capacity messages, within the limits.
func NewTimed(messages []string, capacity, delay int, limits ...Limit) (*Timed, error) {
	if delay < 1 {
		return nil, fmt.Errorf("a timed channel needs a delay ≥ 1")
	}
	seg, err := New(messages, capacity, limits...)
	if err != nil {
		return nil, err
	}
	return &Timed{Segment: seg, Delay: delay}, nil
}

// Vars is the number of schema variables the channel takes; w below is their window in a
// state, in age order.
func (c *Timed) Vars() int { return c.Delay + 1 }

// Domain is the domain of each of the channel's variables: the contents of one age.
func (c *Timed) Domain() model.Domain { return c.Segment.Domain() }

// oldest is the age of the oldest message, or -1 when the channel is empty.
func (c *Timed) oldest(w []byte) int {
	for age := c.Delay; age >= 0; age-- {
		if c.Segment.Len(w[age]) > 0 {
			return age
		}
	}
	return -1
}

// Head returns the oldest message's kind if it may be received (age ≥ 1).
func (c *Timed) Head(w []byte) (kind int, ok bool) {
	if age := c.oldest(w); age >= 1 {
		return c.Segment.Head(w[age])
	}
	return 0, false
}

// Pop removes the oldest message, reading w and writing dst.
func (c *Timed) Pop(w, dst []byte) {
	if age := c.oldest(w); age >= 0 {
		dst[age] = c.Segment.Pop(w[age])
	}
}

// Push appends a message of age 0 to dst; false if that age is full.
func (c *Timed) Push(dst []byte, kind int) bool {
	v, ok := c.Segment.Push(dst[0], kind)
	dst[0] = v
	return ok
}

// Due reports whether a message has reached the delay bound.
func (c *Timed) Due(w []byte) bool { return c.Segment.Len(w[c.Delay]) > 0 }

// Tick ages every message by one tick into dst, except those already Delay old, which stay
// (their receipt was not possible). False if the oldest age overflows.
func (c *Timed) Tick(w, dst []byte) bool {
	top := c.Segment.concat[w[c.Delay]][w[c.Delay-1]]
	if top < 0 {
		return false
	}
	dst[c.Delay] = byte(top)
	for age := c.Delay - 1; age >= 1; age-- {
		dst[age] = w[age-1]
	}
	dst[0] = 0
	return true
}

// Len is the number of messages in transit.
func (c *Timed) Len(w []byte) int {
	n := 0
	for _, v := range w[:c.Vars()] {
		n += c.Segment.Len(v)
	}
	return n
}

// Count is the number of messages of a kind in transit, of any age.
func (c *Timed) Count(w []byte, kind int) int {
	n := 0
	for _, v := range w[:c.Delay+1] {
		n += c.Segment.Count(v, kind)
	}
	return n
}

// Kinds appends the kinds of the messages in transit to dst, oldest first.
func (c *Timed) Kinds(w []byte, dst []int) []int {
	for age := c.Delay; age >= 0; age-- {
		dst = append(dst, c.Segment.Kinds(w[age])...)
	}
	return dst
}
