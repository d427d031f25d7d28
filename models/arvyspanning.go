package models

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mc-checker/mc/models/arvy"
)

// mc arvy-ratio --tree all: Arrow's competitive ratio from every spanning tree of the ring
// with every root, which Lemma 8's argument covers (any spanning tree of the ring stretches
// some pair of neighbours to n − 1), where the table starts from Algorithm 2's tree alone.

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
