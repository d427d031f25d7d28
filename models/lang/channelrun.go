package lang

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model/channel"
)

// The channels at run time (channels.go compiles them).

// chanOf is the state index of the channel from q to p, or -1 where p does not read q.
func (pr *Program) chanOf(q, p int) int {
	if ref, ok := pr.chans[[2]int{q, p}]; ok {
		return ref
	}
	return -1
}

// received binds the fields of the message p's k-th action (its field combination, a.recv)
// receives into e, and returns the channel and the message's kind on it: a FIFO's head if it
// is of r's kind, a message of combination k in a bag. False where there is none; a process
// it cannot receive from is a breach.
func (pr *Program) received(e *env, p int, r *compiledRecv, k int) (ref, kind int, ok bool) {
	from := r.from(e)
	ref = pr.chanOf(from, p)
	if ref < 0 {
		e.fail(r.at, "%s receives from %s, which it does not read: no channel", pr.g.proc(p), pr.g.proc(from))
		return -1, 0, false
	}
	m := pr.msgs[r.msg]
	if k < 0 { // a FIFO: the head
		fifo := pr.ch.(*channel.Channel)
		head, ok := fifo.Head(e.s[ref])
		if !ok || head < m.base || head >= m.base+kinds(m.sizes) {
			return ref, 0, false
		}
		k = head - m.base
	} else if pr.ch.Count(e.s[ref], m.base+k) == 0 {
		return ref, 0, false
	}
	kind = m.base + k
	for j, size := range m.sizes {
		e.bound[r.slot+j] = k % size
		k /= size
	}
	return ref, kind, true
}

// kinds is the number of kinds of a message of fields of those sizes.
func kinds(sizes []int) int {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	return n
}

// sent is the channel and the kind of send s of p, evaluated in e; false (and a breach) for a
// process that does not read p or a field outside its domain.
func (pr *Program) sent(e *env, p int, s compiledSend) (ref, kind int, ok bool) {
	to := s.to(e)
	if ref = pr.chanOf(p, to); ref < 0 {
		e.fail(s.at, "%s sends to %s, which does not read it: no channel", pr.g.proc(p), pr.g.proc(to))
		return -1, 0, false
	}
	m := pr.msgs[s.msg]
	stride := 1
	for j, size := range m.sizes {
		v := s.args[j](e)
		if v < 0 || v >= size {
			e.fail(s.at, "%s sends %s with field %d = %d, outside 0..%d", pr.g.proc(p), m.name, j+1, v, size-1)
			return ref, 0, false
		}
		kind += v * stride
		stride *= size
	}
	return ref, m.base + kind, true
}

// sendsFit reports whether every send of r fits in its channel, in order (two sends to one
// channel need room for both): a send waits while its channel is full.
func (pr *Program) sendsFit(e *env, p int, r *compiledRule) bool {
	var pending [8]struct {
		ref int
		v   byte
	}
	cur := pending[:0]
	for _, s := range r.sends {
		ref, kind, ok := pr.sent(e, p, s)
		if !ok {
			return false
		}
		v := e.s[ref]
		for _, c := range cur {
			if c.ref == ref {
				v = c.v
			}
		}
		if v, ok = pr.ch.Push(v, kind); !ok {
			return false
		}
		cur = append(cur, struct {
			ref int
			v   byte
		}{ref, v})
	}
	return true
}

// pushSends writes r's sends into next, after its receive and assignments.
func (pr *Program) pushSends(e *env, p int, r *compiledRule, next []byte) {
	for _, s := range r.sends {
		ref, kind, ok := pr.sent(e, p, s)
		if !ok {
			return
		}
		v, ok := pr.ch.Push(next[ref], kind)
		if !ok {
			e.fail(s.at, "%s sends %s onto a full channel", pr.g.proc(p), pr.msgs[s.msg].name)
			return
		}
		next[ref] = v
	}
}

// channelsOf lists the channels p receives from and sends to.
func (pr *Program) channelsOf(p int) []int {
	var out []int
	for q := range pr.g.n {
		if ref := pr.chanOf(q, p); ref >= 0 {
			out = append(out, ref)
		}
		if ref := pr.chanOf(p, q); ref >= 0 {
			out = append(out, ref)
		}
	}
	return out
}

// fieldsName names the fields of combination k of message m for a bag's receive action:
// "x=2, y=0"; "" for a message without fields.
func (pr *Program) fieldsName(r *Receive, m messageKind, k int) string {
	parts := make([]string, len(m.sizes))
	for j, size := range m.sizes {
		parts[j] = fmt.Sprintf("%s=%d", r.Fields[j].Name, k%size)
		k /= size
	}
	return strings.Join(parts, ", ")
}
