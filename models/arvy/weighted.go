package arvy

import (
	"context"
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// Theorem 7: the bridge heuristic on weighted rings. The protocol is the same: only where the
// bridge starts and what a hop costs depend on the weights. The paper: "we start with a set of
// n − 1 edges of the ring (a tree), and choose a tree edge as the bridge so that the total
// weight of the tree edges on either side of the bridge is less than W/2". Here the tree is the
// ring without the edge (v_n, v_1), as Algorithm 2's, and the bridge is its edge (v_k, v_{k+1})
// whose sides are both lighter than W/2, the most balanced one; the root is v_k.

// WeightedDistance is the shortest distance between two nodes of the ring whose edge
// (v_i, v_{i+1}) (nodes i, i+1 mod n) weighs w[i].
func WeightedDistance(w []int) Hop {
	n, total := len(w), 0
	prefix := make([]int, n+1) // prefix[i]: the weight from node 0 to node i going forward
	for i, x := range w {
		total += x
		prefix[i+1] = prefix[i] + x
	}
	return func(a, b int) int {
		d := prefix[max(a, b)] - prefix[min(a, b)]
		return min(d, total-d)
	}
}

// WeightedStart is the bridge heuristic's tree on the weighted ring: the path v_1 … v_n, the
// bridge its edge (v_k, v_{k+1}) with both sides lighter than W/2 (the most balanced), v_k the
// root; false if no edge splits the path so.
func WeightedStart(w []int) (par []int, bridge int, ok bool) {
	n, total := len(w), 0
	for _, x := range w {
		total += x
	}
	best, bestGap := -1, total
	left := 0 // the weight of the path's edges before the candidate (v_k, v_{k+1}), k = i+1
	for i := range n - 1 {
		right := total - w[n-1] - left - w[i]
		if 2*left < total && 2*right < total {
			if gap := max(left, right) - min(left, right); gap < bestGap {
				best, bestGap = i, gap
			}
		}
		left += w[i]
	}
	if best < 0 {
		return nil, 0, false
	}
	par = make([]int, n)
	for v := range n {
		switch {
		case v < best:
			par[v] = v + 1
		case v == best:
			par[v] = v
		default:
			par[v] = v - 1
		}
	}
	return par, best + 1, true
}

// StartBridge is Start with the bridge marked on node b's parent edge (the weighted start).
func (p *Protocol) StartBridge(par []int, b int) (model.State, error) {
	if p.bridge == nil || b <= 0 || b >= p.n || len(par) != p.n || par[b] != b-1 {
		return nil, fmt.Errorf("the bridge must be the parent edge of a node other than the first")
	}
	s, err := p.atRest(par)
	if err != nil {
		return nil, err
	}
	s[p.bridge[b]] = 1
	return s, nil
}

// WeightedRatio is the bridge heuristic's competitive ratio on the ring weighted w, for each
// cost (find; find and token), from its weighted start.
func WeightedRatio(ctx context.Context, w []int) ([2]Ratio, int, error) {
	var out [2]Ratio
	if slices.ContainsFunc(w, func(x int) bool { return x < 1 }) {
		return out, 0, fmt.Errorf("weights are positive integers: %v", w)
	}
	p, err := New(Config{N: len(w), Recycle: true, NewParent: Bridge})
	if err != nil {
		return out, 0, err
	}
	par, b, ok := WeightedStart(w)
	if !ok {
		return out, 0, fmt.Errorf("no edge of the path splits the ring weighted %v into two sides lighter than W/2", w)
	}
	start, err := p.StartBridge(par, b)
	if err != nil {
		return out, 0, err
	}
	g, err := NewSequential(ctx, p, start, WeightedDistance(w))
	if err != nil {
		return out, 0, err
	}
	for i, cost := range Costs {
		if out[i], err = g.CycleRatio(ctx, cost); err != nil {
			return out, 0, err
		}
	}
	return out, len(g.States), nil
}
