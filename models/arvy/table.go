package arvy

import (
	"context"
	"fmt"
)

// RatioRow is one line of the competitive-ratio table: one protocol on one ring.
type RatioRow struct {
	N         int
	NewParent NewParent
	Configs   int // sequential configurations reachable from Algorithm 2's start
	MaxLen    int
	// Prefix is the worst ratio over sequences of 1..MaxLen requests, Cycle the competitive
	// ratio; [0] costs the find only (the paper's model), [1] the find and the token.
	Prefix, Cycle [2]Ratio
}

// Costs are the two cost models of a RatioRow, in order.
var Costs = []Cost{FindCost, FindAndTokenCost}

// RatioRows computes the table for every ring size and protocol (arrow, ivy or bridge), from
// Algorithm 2's initial configuration, stopping between rows when ctx is done.
func RatioRows(ctx context.Context, sizes []int, protocols []NewParent, maxLen int) ([]RatioRow, error) {
	var rows []RatioRow
	for _, n := range sizes {
		for _, np := range protocols {
			if err := ctx.Err(); err != nil {
				return rows, context.Cause(ctx)
			}
			row, err := ratioRow(ctx, n, np, maxLen)
			if err != nil {
				return rows, err
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

func ratioRow(ctx context.Context, n int, np NewParent, maxLen int) (RatioRow, error) {
	if np == Any {
		return RatioRow{}, fmt.Errorf("the competitive ratio needs one NewParent (arrow, ivy or bridge), not the whole family")
	}
	p, err := New(Config{N: n, Recycle: true, NewParent: np})
	if err != nil {
		return RatioRow{}, err
	}
	start, err := p.Start(RingStart(n))
	if err != nil {
		return RatioRow{}, err
	}
	g, err := NewSequential(ctx, p, start, RingDistance(n))
	if err != nil {
		return RatioRow{}, err
	}
	row := RatioRow{N: n, NewParent: np, Configs: len(g.States), MaxLen: maxLen}
	for i, cost := range Costs {
		row.Prefix[i] = g.WorstPrefix(cost, maxLen)
		if row.Cycle[i], err = g.CycleRatio(ctx, cost); err != nil {
			return row, err
		}
	}
	return row, nil
}
