package checker

import (
	"fmt"
	"strings"
)

// Channel is a bounded FIFO of messages held in one schema variable. The variable's value
// numbers the sequences of at most Capacity messages (shortest first), so every value of the
// domain is a well-formed channel content: "every configuration" of the universe includes
// every sequence of messages in transit up to the capacity, and nothing else.
//
// A timed channel gives each message an age, 0..MaxAge ticks since it was sent. A message can
// be received once it is at least one tick old (so no execution delivers infinitely many
// messages in zero time) and must be received before it would turn MaxAge+1: Tick refuses to
// age a channel holding a message of age MaxAge. MaxAge is then the bound on message delay.
type Channel struct {
	Messages []string // message kinds, e.g. "find", "observer(0)"
	Capacity int
	MaxAge   int // 0: untimed

	seqs [][]int // value → symbols, oldest first; a symbol is kind*(MaxAge+1)+age
	// Transition tables, so that the models' hot paths never search or allocate.
	push [][]int16 // [value][kind] → value, or -1 when full
	pop  []byte
	tick []int16 // → value with every age + 1, or -1 when a message is overdue
	age  []byte  // → value with every age + 1, saturating at MaxAge
	head []int16 // → kind of a receivable oldest message, or -1
	due  []bool  // → the oldest message has age MaxAge
}

// NewChannel builds the tables of a channel; its domain must fit a schema variable.
func NewChannel(messages []string, capacity, maxAge int) (*Channel, error) {
	if len(messages) == 0 || capacity < 1 || maxAge < 0 {
		return nil, fmt.Errorf("a channel needs message kinds, a capacity ≥ 1 and a maximum age ≥ 0")
	}
	c := &Channel{Messages: messages, Capacity: capacity, MaxAge: maxAge}
	symbols := len(messages) * (maxAge + 1)
	c.seqs = [][]int{nil}
	for start := 0; start < len(c.seqs); start++ {
		if len(c.seqs[start]) == capacity {
			continue
		}
		for sym := range symbols {
			// A FIFO's tail was sent last: ages never grow from the head to the tail, and
			// contents that break this are no configuration of any execution.
			if prev := c.seqs[start]; len(prev) > 0 && sym%(maxAge+1) > prev[len(prev)-1]%(maxAge+1) {
				continue
			}
			c.seqs = append(c.seqs, append(append([]int(nil), c.seqs[start]...), sym))
			if len(c.seqs) > MaxDomain {
				return nil, fmt.Errorf("a channel of %d message kinds, capacity %d and ages 0..%d has more than %d contents", len(messages), capacity, maxAge, MaxDomain)
			}
		}
	}
	index := map[string]int{}
	for v, seq := range c.seqs {
		index[fmt.Sprint(seq)] = v
	}
	value := func(seq []int) int16 { return int16(index[fmt.Sprint(seq)]) }
	for _, seq := range c.seqs {
		row := make([]int16, len(messages))
		for kind := range row {
			row[kind] = -1
			if len(seq) < capacity {
				row[kind] = value(append(append([]int(nil), seq...), kind*(maxAge+1)))
			}
		}
		c.push = append(c.push, row)
		c.pop = append(c.pop, 0)
		c.head = append(c.head, -1)
		if len(seq) > 0 {
			c.pop[len(c.pop)-1] = byte(value(seq[1:]))
			if maxAge == 0 || seq[0]%(maxAge+1) > 0 {
				c.head[len(c.head)-1] = int16(seq[0] / (maxAge + 1))
			}
		}
		aged, saturated, overdue := make([]int, len(seq)), make([]int, len(seq)), false
		for i, sym := range seq {
			aged[i], saturated[i] = sym+1, sym
			if sym%(maxAge+1) < maxAge {
				saturated[i] = sym + 1
			}
			overdue = overdue || sym%(maxAge+1) == maxAge
		}
		c.age = append(c.age, byte(value(saturated)))
		c.due = append(c.due, maxAge > 0 && len(seq) > 0 && seq[0]%(maxAge+1) == maxAge)
		switch {
		case maxAge == 0:
			c.tick = append(c.tick, value(seq))
		case overdue:
			c.tick = append(c.tick, -1)
		default:
			c.tick = append(c.tick, value(aged))
		}
	}
	return c, nil
}

// Domain is the schema domain of the channel, its values named by their contents, oldest
// first: "find@1,obs@0", or "-" when empty.
func (c *Channel) Domain() Domain {
	names := make([]string, len(c.seqs))
	for v, seq := range c.seqs {
		parts := make([]string, len(seq))
		for i, sym := range seq {
			parts[i] = c.Messages[sym/(c.MaxAge+1)]
			if c.MaxAge > 0 {
				parts[i] += fmt.Sprintf("@%d", sym%(c.MaxAge+1))
			}
		}
		names[v] = strings.Join(parts, ",")
		if len(parts) == 0 {
			names[v] = "-"
		}
	}
	return Enum(names...)
}

// Len is the number of messages in transit.
func (c *Channel) Len(v byte) int { return len(c.seqs[v]) }

// Head returns the oldest message's kind, if it may be received now.
func (c *Channel) Head(v byte) (kind int, ok bool) {
	h := c.head[v]
	return int(h), h >= 0
}

// Pop removes the oldest message.
func (c *Channel) Pop(v byte) byte { return c.pop[v] }

// Push appends a message of the given kind, of age 0; false if the channel is full.
func (c *Channel) Push(v byte, kind int) (byte, bool) {
	w := c.push[v][kind]
	return byte(w), w >= 0
}

// Count is the number of messages of the given kind in transit.
func (c *Channel) Count(v byte, kind int) int {
	n := 0
	for _, sym := range c.seqs[v] {
		if sym/(c.MaxAge+1) == kind {
			n++
		}
	}
	return n
}

// Kinds lists the kinds of the messages in transit, oldest first.
func (c *Channel) Kinds(v byte) []int {
	out := make([]int, len(c.seqs[v]))
	for i, sym := range c.seqs[v] {
		out[i] = sym / (c.MaxAge + 1)
	}
	return out
}

// Tick ages every message by one tick; false if one is overdue (it must be received first).
// An untimed channel does not age.
func (c *Channel) Tick(v byte) (byte, bool) {
	w := c.tick[v]
	return byte(w), w >= 0
}

// Age ages every message by one tick, except those already MaxAge old: the time of a message
// whose receipt cannot happen yet may pass its delay bound.
func (c *Channel) Age(v byte) byte { return c.age[v] }

// Due reports whether the oldest message has reached MaxAge: a timed model must receive it
// before time passes, if it can.
func (c *Channel) Due(v byte) bool { return c.due[v] }
