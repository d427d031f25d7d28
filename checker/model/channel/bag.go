package channel

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// Bag is a bounded multiset of messages held in one schema variable: a channel that delivers
// its messages in any order. The variable's value numbers the multisets of at most Capacity
// messages (smallest first), each by its count of every kind, so that, as for a Channel,
// every value is a well-formed content and the universe holds every content up to the
// capacity. A bag of K kinds and capacity C has C(K+C, C) contents; it must fit a schema
// variable.
type Bag struct {
	Messages []string // message kinds
	Capacity int

	sets [][]int // value → kinds, in increasing order
	// Transition tables, as a Channel's.
	add    [][]int16 // [value][kind] → value, or -1 when full
	remove [][]int16 // [value][kind] → value, or -1 when no message of the kind is in transit
	counts [][]byte  // [value][kind] → messages of that kind
}

// NewBag builds the tables of a bag.
func NewBag(messages []string, capacity int) (*Bag, error) {
	if len(messages) == 0 || capacity < 1 {
		return nil, fmt.Errorf("a bag needs message kinds and a capacity ≥ 1")
	}
	// Each multiset once, as its kinds in increasing order: extend a set only by kinds at
	// least its last.
	b := &Bag{Messages: messages, Capacity: capacity, sets: [][]int{nil}}
	for start := 0; start < len(b.sets); start++ {
		set := b.sets[start]
		if len(set) == capacity {
			continue
		}
		first := 0
		if len(set) > 0 {
			first = set[len(set)-1]
		}
		for kind := first; kind < len(messages); kind++ {
			b.sets = append(b.sets, append(append([]int(nil), set...), kind))
			if len(b.sets) > model.MaxDomain {
				return nil, fmt.Errorf("a bag of %d message kinds and capacity %d has more than %d contents", len(messages), capacity, model.MaxDomain)
			}
		}
	}
	index := map[string]int{}
	for v, set := range b.sets {
		index[fmt.Sprint(b.countsOf(set))] = v
	}
	value := func(count []byte) int16 {
		if v, ok := index[fmt.Sprint(count)]; ok {
			return int16(v)
		}
		return -1
	}
	for _, set := range b.sets {
		count := b.countsOf(set)
		b.counts = append(b.counts, count)
		add, remove := make([]int16, len(messages)), make([]int16, len(messages))
		for kind := range messages {
			more := append([]byte(nil), count...)
			more[kind]++
			add[kind] = value(more)
			remove[kind] = -1
			if count[kind] > 0 {
				less := append([]byte(nil), count...)
				less[kind]--
				remove[kind] = value(less)
			}
		}
		b.add, b.remove = append(b.add, add), append(b.remove, remove)
	}
	return b, nil
}

// countsOf is a multiset's count of each kind.
func (b *Bag) countsOf(set []int) []byte {
	count := make([]byte, len(b.Messages))
	for _, k := range set {
		count[k]++
	}
	return count
}

// Domain is the schema domain of the bag, its values named by their contents in the order of
// the kinds: "find,find,obs", or "-" when empty.
func (b *Bag) Domain() model.Domain { return contents(b.Messages, b.sets) }

// Len is the number of messages in transit.
func (b *Bag) Len(v byte) int { return len(b.sets[v]) }

// Count is the number of messages of a kind in transit.
func (b *Bag) Count(v byte, kind int) int { return int(b.counts[v][kind]) }

// Push adds a message of the given kind; false if the bag is full.
func (b *Bag) Push(v byte, kind int) (byte, bool) {
	w := b.add[v][kind]
	return byte(w), w >= 0
}

// Take removes a message of the given kind, any one: false if none is in transit.
func (b *Bag) Take(v byte, kind int) (byte, bool) {
	w := b.remove[v][kind]
	return byte(w), w >= 0
}

// Kinds lists the kinds of the messages in transit, in increasing order, a kind once per
// message; do not modify it.
func (b *Bag) Kinds(v byte) []int { return b.sets[v] }
