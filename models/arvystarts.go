package models

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/models/arvy"
)

// mc arvy-ratio from other starts than the table's: --tree all, Arrow's competitive ratio from
// every spanning tree of the ring with every root, which Lemma 8's argument covers (any
// spanning tree of the ring stretches some pair of neighbours to n − 1), where the table
// starts from Algorithm 2's tree alone; and --weights, the bridge on a weighted ring
// (Theorem 7).

// runArvySpanning computes, for every ring size, Arrow's competitive ratios from each of the
// n² rooted spanning trees, and prints their least and greatest.
func runArvySpanning(ctx context.Context, sizes []int, protocols []arvy.NewParent) (*Output, error) {
	for _, np := range protocols {
		if np != arvy.Arrow {
			return nil, fmt.Errorf("--tree all is Arrow's (its tree never changes); not %s", np)
		}
	}
	out := &Output{Table: [][]string{{"ring", "protocol", "trees", "competitive, find (least … greatest)", "competitive, find+token", "the paper"}}}
	for _, n := range sizes {
		p, err := arvy.New(arvy.Config{N: n, Recycle: true, NewParent: arvy.Arrow})
		if err != nil {
			return nil, err
		}
		trees := arvy.RingTrees(n)
		var lo, hi [2]arvy.Ratio
		for i, par := range trees {
			start, err := p.Start(par)
			if err != nil {
				return nil, err
			}
			g, err := arvy.NewSequential(ctx, p, start, arvy.RingDistance(n))
			if err != nil {
				return out, err
			}
			for c, cost := range arvy.Costs {
				r, err := g.CycleRatio(ctx, cost)
				if err != nil {
					return out, err
				}
				if i == 0 || r.Float() < lo[c].Float() {
					lo[c] = r
				}
				if i == 0 || r.Float() > hi[c].Float() {
					hi[c] = r
				}
			}
		}
		out.Table = append(out.Table, []string{strconv.Itoa(n), "arrow", strconv.Itoa(len(trees)),
			lo[0].String() + " … " + hi[0].String(), lo[1].String() + " … " + hi[1].String(), "Ω(n), Lemma 8"})
	}
	out.Lines = append(out.Lines, "", "trees: every spanning tree of the ring (the ring without one edge) with every root")
	return out, nil
}

// runArvyWeighted computes the bridge heuristic's competitive ratios on the ring weighted by
// --weights (Theorem 7), from its weighted start.
func runArvyWeighted(ctx context.Context, text string) (*Output, error) {
	var w []int
	for _, f := range strings.Split(text, ",") {
		x, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || x < 1 || x > 255 {
			return nil, fmt.Errorf("--weights: %q is not an edge weight 1..255", f)
		}
		w = append(w, x)
	}
	if len(w) < 2 || len(w) > arvy.MaxNodes || len(w)%2 != 0 {
		return nil, fmt.Errorf("--weights: %d edges, the bridge heuristic needs an even ring of 2..%d nodes", len(w), arvy.MaxNodes)
	}
	r, states, err := arvy.WeightedRatio(ctx, w)
	if err != nil {
		return nil, err
	}
	par, bridge, _ := arvy.WeightedStart(w)
	out := &Output{Table: [][]string{{"ring", "weights", "start", "bridge", "configurations", "competitive, find", "competitive, find+token", "the paper"},
		{strconv.Itoa(len(w)), fmt.Sprint(w), fmt.Sprint(par), fmt.Sprintf("(%d, %d)", bridge, bridge-1), plural.Thousands(uint64(states)),
			r[0].String(), r[1].String(), "≤ 5 (find), Theorem 7"}}}
	out.Lines = append(out.Lines, "", "weights: edge (v_i, v_i+1) of nodes i, i+1 mod n; the start: the path v_1 … v_n, its bridge the edge that leaves both sides lighter than W/2")
	return out, nil
}
