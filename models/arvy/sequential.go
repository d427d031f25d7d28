package arvy

import (
	"context"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// The sequential configuration graph (Section 6): one request at a time, each served to the
// end before the next. A node is a quiescent configuration (the token at rest at the last
// requester, no find in transit); an edge is one request, with what it costs and what the
// optimum pays for it.

// Hop is a cost in the ring metric: the distance between the ends of one message.
type Hop func(from, to int) int

// RingDistance is the shortest distance between two nodes of the ring of n unit edges.
func RingDistance(n int) Hop {
	return func(a, b int) int {
		d := (a - b + n) % n
		return min(d, n-d)
	}
}

// Request is one edge of the sequential graph.
type Request struct {
	To        int // the configuration reached
	Requester int
	Find      int // the find's hops, each costing its ring distance
	Token     int // the token's travel from the last requester to this one
	Opt       int // the optimum: the distance between the two requesters
}

// Sequential is the graph of quiescent configurations reachable from one by sequential
// requests.
type Sequential struct {
	States []model.State
	Edges  [][]Request
}

// MaxSequential bounds the configurations of a sequential graph.
const MaxSequential = 1 << 22

// NewSequential explores the sequential graph of a protocol with a deterministic NewParent
// (arrow, ivy or bridge) and Recycle set, from start, costing hops with dist.
// It stops with ctx's cause when ctx is done.
func NewSequential(ctx context.Context, p *Protocol, start model.State, dist Hop) (*Sequential, error) {
	if p.cfg.NewParent == Any || !p.cfg.Recycle {
		return nil, fmt.Errorf("the sequential graph needs a deterministic NewParent and recycled requests")
	}
	g := &Sequential{}
	index := map[uint64]int{}
	add := func(s model.State) (int, error) {
		key, err := p.quietKey(s)
		if err != nil {
			return 0, err
		}
		if i, ok := index[key]; ok {
			return i, nil
		}
		index[key] = len(g.States)
		g.States, g.Edges = append(g.States, s.Clone()), append(g.Edges, nil)
		return len(g.States) - 1, nil
	}
	if _, err := add(start); err != nil {
		return nil, err
	}
	buf := &serving{cur: start.Clone(), next: start.Clone()}
	for i := 0; i < len(g.States); i++ {
		if len(g.States) > MaxSequential {
			return nil, fmt.Errorf("more than %d sequential configurations", MaxSequential)
		}
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		root, _ := p.Token(g.States[i])
		for r := range p.n {
			if r == root {
				continue // the holder has the token: no request
			}
			req, err := p.serve(g.States[i], r, dist, buf)
			if err != nil {
				return nil, err
			}
			if req.To, err = add(buf.cur); err != nil {
				return nil, err
			}
			req.Opt = dist(root, r)
			g.Edges[i] = append(g.Edges[i], req)
		}
	}
	return g, nil
}

// quietKey packs a quiescent configuration into 64 bits, exactly: the parents, the token's
// holder and the bridge marks (at most 8·3 + 4 + 8 bits); anything else set is an error (a
// request not served to the end).
func (p *Protocol) quietKey(s model.State) (uint64, error) {
	var key uint64
	for v := range p.n {
		key = key*uint64(p.n) + uint64(s[p.parent[v]])
		if s[p.next[v]] != 0 || p.Waiting(s, v) {
			return 0, fmt.Errorf("a sequential request left %s", p.schema.Format(s))
		}
		if p.bridge != nil {
			key = key*2 + uint64(s[p.bridge[v]])
		}
		if _, _, _, ok := p.Find(s, v); ok {
			return 0, fmt.Errorf("a sequential request left %s", p.schema.Format(s))
		}
	}
	return key*uint64(2*p.n) + uint64(s[p.token]), nil
}

// serving holds the buffers of serve.
type serving struct {
	cur, next model.State
	rules     []int
}

// serve runs r's request to the end. Requests are sequential, so one event is pending at a
// time: the receipt of r's find, then the sending of the token, then its receipt.
// The configuration reached is left in buf.cur.
func (p *Protocol) serve(s model.State, r int, dist Hop, buf *serving) (Request, error) {
	req := Request{Requester: r}
	cur, next := buf.cur, buf.next
	copy(cur, s)
	fire := func(mv model.Move) {
		copy(next, cur)
		p.Fire(cur, []model.Move{mv}, next)
		copy(cur, next)
	}
	fire(model.Move{Proc: r, Rule: ruleRequest})
	rules := buf.rules[:0]
	for steps := 0; ; steps++ {
		if steps > 4*p.n {
			return req, fmt.Errorf("the request of %d is not served in %d events", r, steps)
		}
		at, moving := p.Token(cur)
		if from, to, _, ok := p.Find(cur, r); ok {
			rules = p.Enabled(cur, to, rules[:0])
			mv := model.Move{Proc: to, Rule: -1}
			for _, rule := range rules {
				if rule >= ruleFind && (rule-ruleFind)/p.n == r {
					if mv.Rule >= 0 {
						return req, fmt.Errorf("NewParent is not deterministic")
					}
					mv.Rule = rule
				}
			}
			req.Find += dist(from, to)
			fire(mv)
			continue
		}
		switch {
		case moving:
			fire(model.Move{Proc: at, Rule: ruleReceiveToken})
		case p.Next(cur, at) >= 0:
			req.Token += dist(at, p.Next(cur, at))
			fire(model.Move{Proc: at, Rule: ruleSendToken})
		default:
			return req, nil
		}
	}
}
