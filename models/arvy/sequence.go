package arvy

import (
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// A given request sequence served one request at a time, as the sequential graph serves each
// (sequential.go): what Lemma 8's Ivy example needs, a sequence and a start of its own.

// PathStart is the initial tree of Lemma 8's Ivy example on the ring v_1..v_n (nodes
// 0..n-1): p(v_i) = v_{i+1} for i < n, the root v_n holding the token.
func PathStart(n int) []int {
	par := make([]int, n)
	for i := range n {
		par[i] = min(i+1, n-1)
	}
	return par
}

// Parents are the parent pointers of a configuration.
func (p *Protocol) Parents(s model.State) []int {
	out := make([]int, p.n)
	for v := range out {
		out[v] = p.Parent(s, v)
	}
	return out
}

// Sequence serves the requests in order from start, each to the end before the next, costing
// hops with dist; it returns each request (its find's and its token's costs, and the
// optimum: the distance from the token's holder) and the configuration reached. A request by
// the token's holder is refused: it has the token.
func (p *Protocol) Sequence(start model.State, requests []int, dist Hop) ([]Request, model.State, error) {
	if p.cfg.NewParent == Any || !p.cfg.Recycle {
		return nil, nil, fmt.Errorf("a request sequence needs a deterministic NewParent and recycled requests")
	}
	buf := &serving{cur: start.Clone(), next: start.Clone()}
	cur := start.Clone()
	var out []Request
	for i, r := range requests {
		if r < 0 || r >= p.n {
			return nil, nil, fmt.Errorf("request %d: node %d is not a node of the ring of %d", i+1, r, p.n)
		}
		holder, _ := p.Token(cur)
		if r == holder {
			return nil, nil, fmt.Errorf("request %d: node %d holds the token", i+1, r)
		}
		req, err := p.serve(cur, r, dist, buf)
		if err != nil {
			return nil, nil, err
		}
		req.Opt = dist(holder, r)
		out = append(out, req)
		copy(cur, buf.cur)
	}
	return out, cur, nil
}

// Lemma8Ivy is the cost Lemma 8's proof gives Ivy for the requests v_1, …, v_n from PathStart
// on the unit ring: n + 2·Σ_{i=2}^{n-1} d(v_1, v_i) − 1.
func Lemma8Ivy(n int) int {
	d := RingDistance(n)
	sum := 0
	for i := 1; i < n-1; i++ {
		sum += d(0, i)
	}
	return n + 2*sum - 1
}

// InOrder is the request sequence v_1, …, v_n (nodes 0..n-1).
func InOrder(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// SameTree reports whether two configurations have the same parent pointers.
func (p *Protocol) SameTree(a, b model.State) bool { return slices.Equal(p.Parents(a), p.Parents(b)) }

// RingTrees lists every spanning tree of the ring of n nodes with every root: the ring
// without one edge (v_i, v_{i+1}) is a path, rooted at each of its n nodes (n² trees).
func RingTrees(n int) [][]int {
	var out [][]int
	for cut := range n { // the edge (cut, cut+1) is left out: the path runs cut+1, …, cut
		order := make([]int, n)
		for k := range order {
			order[k] = (cut + 1 + k) % n
		}
		for r := range n { // the root is order[r]: the nodes before it point forward, after it back
			par := make([]int, n)
			for k, v := range order {
				switch {
				case k < r:
					par[v] = order[k+1]
				case k > r:
					par[v] = order[k-1]
				default:
					par[v] = v
				}
			}
			out = append(out, par)
		}
	}
	return out
}
