package arvy

import (
	"context"
	"errors"
	"fmt"
	"math/big"
)

// Competitive ratios on the sequential graph, exactly: Dinkelbach's iteration over rational
// ratios λ = P/Q with integer edge weights Q·cost − P·opt, so that no floating point decides a
// comparison.

// Ratio is an exact ratio Num/Den, and the requests (requesters in order) that attain it: a
// prefix from the start, or a cycle from configuration From.
type Ratio struct {
	Num, Den int64
	From     int
	Requests []int
}

// Float is the ratio's value.
func (r Ratio) Float() float64 { return float64(r.Num) / float64(r.Den) }

func (r Ratio) String() string {
	if r.Den == 1 {
		return fmt.Sprintf("%d", r.Num)
	}
	return fmt.Sprintf("%d/%d = %.3f", r.Num, r.Den, r.Float())
}

func reduced(num, den int64) (int64, int64) {
	g := new(big.Int).GCD(nil, nil, big.NewInt(num), big.NewInt(den)).Int64()
	if g == 0 {
		return num, den
	}
	return num / g, den / g
}

// Cost is what a request costs the protocol: its find's hops, with or without the token's
// travel.
type Cost func(Request) int64

// FindCost is the paper's cost (Theorem 6's proof pays the find's hops only).
func FindCost(r Request) int64 { return int64(r.Find) }

// FindAndTokenCost adds the token's travel.
func FindAndTokenCost(r Request) int64 { return int64(r.Find + r.Token) }

// WorstPrefix is the largest cost/optimum ratio over the request sequences of 1..maxLen
// requests from the start (configuration 0).
func (g *Sequential) WorstPrefix(cost Cost, maxLen int) Ratio {
	best := Ratio{Num: 0, Den: 1}
	for {
		r, gain := g.bestPrefix(cost, maxLen, best.Num, best.Den)
		if gain <= 0 {
			return best
		}
		best = r
	}
}

// bestPrefix maximises Q·cost − P·opt over paths of 1..maxLen requests from configuration 0
// by dynamic programming over path lengths; it returns the best path's ratio and its gain.
// Each length keeps, per configuration, its best path's predecessor and last requester (-1:
// unreached); the values roll over two layers.
func (g *Sequential) bestPrefix(cost Cost, maxLen int, p, q int64) (Ratio, int64) {
	n := len(g.States)
	from, req := make([][]int32, maxLen+1), make([][]int32, maxLen+1)
	val, c, o := make([]int64, n), make([]int64, n), make([]int64, n)
	nval, nc, no := make([]int64, n), make([]int64, n), make([]int64, n)
	unreached := func() []int32 {
		l := make([]int32, n)
		for i := range l {
			l[i] = -1
		}
		return l
	}
	from[0] = unreached()
	from[0][0] = 0 // reached, by the empty sequence
	bestGain, bestK, bestAt := int64(-1<<62), -1, -1
	var bestC, bestO int64
	for k := 1; k <= maxLen; k++ {
		from[k], req[k] = unreached(), make([]int32, n)
		for u := range n {
			if from[k-1][u] < 0 {
				continue
			}
			for _, e := range g.Edges[u] {
				cc, oo := c[u]+cost(e), o[u]+int64(e.Opt)
				if v := q*cc - p*oo; from[k][e.To] < 0 || v > nval[e.To] {
					nval[e.To], nc[e.To], no[e.To] = v, cc, oo
					from[k][e.To], req[k][e.To] = int32(u), int32(e.Requester)
				}
			}
		}
		for v := range n {
			if from[k][v] >= 0 && nval[v] > bestGain {
				bestGain, bestK, bestAt, bestC, bestO = nval[v], k, v, nc[v], no[v]
			}
		}
		val, nval, c, nc, o, no = nval, val, nc, c, no, o
	}
	if bestK < 0 {
		return Ratio{}, 0
	}
	num, den := reduced(bestC, bestO)
	r := Ratio{Num: num, Den: den, Requests: make([]int, bestK)}
	for k, v := bestK, bestAt; k > 0; k-- {
		r.Requests[k-1] = int(req[k][v])
		v = int(from[k][v])
	}
	return r, bestGain
}

// CycleRatio is the competitive ratio: the largest cost/optimum ratio of a cycle of the
// sequential graph (every configuration is reachable from the start, and every sequence is
// a path, so long sequences approach it and none exceed it by more than a constant).
// It stops with ctx's cause when ctx is done.
func (g *Sequential) CycleRatio(ctx context.Context, cost Cost) (Ratio, error) {
	best := Ratio{Num: 0, Den: 1}
	for {
		cyc, ok, err := g.positiveCycle(ctx, cost, best.Num, best.Den)
		if err != nil || !ok {
			return best, err
		}
		best = cyc
	}
}

// arc is an edge of the sequential graph by its source and position.
type arc struct{ from, index int32 }

// positiveCycle finds a cycle of positive weight Q·cost − P·opt, by Bellman-Ford for the
// longest paths from a virtual source with an edge of weight 0 to every configuration,
// looking for a cycle among the predecessors after each pass (one there has positive weight).
func (g *Sequential) positiveCycle(ctx context.Context, cost Cost, p, q int64) (Ratio, bool, error) {
	n := len(g.States)
	dist := make([]int64, n)
	pred := make([]arc, n)
	for i := range pred {
		pred[i] = arc{-1, -1}
	}
	for pass := 0; pass <= n; pass++ {
		if ctx.Err() != nil {
			return Ratio{}, false, context.Cause(ctx)
		}
		changed := false
		for u := range n {
			for j, e := range g.Edges[u] {
				if d := dist[u] + q*cost(e) - p*int64(e.Opt); d > dist[e.To] {
					dist[e.To], pred[e.To], changed = d, arc{int32(u), int32(j)}, true
				}
			}
		}
		if !changed {
			return Ratio{}, false, nil
		}
		if c, ok := g.predecessorCycle(pred, cost); ok {
			return c, true, nil
		}
	}
	return Ratio{}, false, errors.New("Bellman-Ford did not settle in n+1 passes without a predecessor cycle")
}

// predecessorCycle finds a cycle in the predecessor graph and returns its ratio.
func (g *Sequential) predecessorCycle(pred []arc, cost Cost) (Ratio, bool) {
	color := make([]int32, len(pred)) // 0 unseen, else the walk that saw it, +1
	for s := range pred {
		if color[s] != 0 {
			continue
		}
		v := s
		for v >= 0 && color[v] == 0 {
			color[v] = int32(s) + 1
			v = int(pred[v].from)
		}
		if v < 0 || color[v] != int32(s)+1 {
			continue
		}
		// v is on a cycle: walk it backwards, then read it forwards.
		var arcs []arc
		for u := v; ; {
			arcs = append(arcs, pred[u])
			if u = int(pred[u].from); u == v {
				break
			}
		}
		var c, o int64
		r := Ratio{From: v}
		for i := len(arcs) - 1; i >= 0; i-- {
			e := g.Edges[arcs[i].from][arcs[i].index]
			c, o = c+cost(e), o+int64(e.Opt)
			r.Requests = append(r.Requests, e.Requester)
		}
		r.From = int(arcs[len(arcs)-1].from)
		r.Num, r.Den = reduced(c, o)
		return r, true
	}
	return Ratio{}, false
}
