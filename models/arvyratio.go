package models

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/models/arvy"
)

// arvyRatio is mc arvy-ratio: the competitive ratios of Arvy's Section 6, which no check of
// mc computes, provided by the model as a command of its own.
var arvyRatio = &Command{
	Name:  "arvy-ratio",
	Usage: "the exact competitive ratios of Arvy's ring bridge, Arrow and Ivy on rings, from Algorithm 2's configuration",
	Description: "For sequential requests, every request sequence is a path of the graph of quiescent configurations. " +
		"A request costs its find's hops, each the ring distance between sender and receiver (with --token, also the token's travel); " +
		"the optimum pays the distance between consecutive requesters (Section 6). Printed: the worst ratio over sequences of 1..--length " +
		"requests, and the competitive ratio, the largest ratio of a cycle (Dinkelbach's iteration, exact fractions).",
	Flags: []Flag{
		{Name: "n", Value: "4,6,8", Usage: "even ring sizes, comma-separated"},
		{Name: "newparent", Value: "bridge,arrow,ivy", Usage: "protocols, comma-separated: bridge, arrow, ivy"},
		{Name: "length", Value: 8, Usage: "the longest request sequence of the worst-prefix column"},
		{Name: "witness", Value: false, Usage: "print the requests that attain each ratio"},
		{Name: "weights", Value: "", Usage: "instead of the table, the bridge heuristic's ratios on the ring whose edges weigh these (comma-separated, edge i joins nodes i and i+1): Theorem 7"},
		{Name: "requests", Value: "", Usage: "instead of the ratios, serve these requests (nodes 0..n-1, comma-separated, or ring: 0..n-1 in order) and print their costs"},
		{Name: "tree", Value: "algorithm2", Usage: "the start: algorithm2 (Algorithm 2's tree); for --requests, path (Lemma 8's: v_i -> v_i+1, the root v_n); for Arrow's ratios, all (every spanning tree of the ring, every root)"},
		{Name: "timeout", Value: time.Duration(0), DefaultText: "none", Usage: "stop after this long; the table is then inconclusive (exit 3)"},
	},
	Run: runArvyRatio,
}

func runArvyRatio(ctx context.Context, flags Flags) (*Output, error) {
	sizes, err := ratioSizes(flags.String("n"))
	if err != nil {
		return nil, err
	}
	protocols, err := ratioProtocols(flags.String("newparent"))
	if err != nil {
		return nil, err
	}
	switch {
	case flags.String("weights") != "":
		return runArvyWeighted(ctx, flags.String("weights"))
	case flags.String("requests") != "":
		return runArvySequence(ctx, flags, sizes, protocols)
	case flags.String("tree") == "all":
		return runArvySpanning(ctx, sizes, protocols)
	case flags.String("tree") != "algorithm2":
		return nil, fmt.Errorf("--tree %s: the ratios start from Algorithm 2's tree, or from every spanning tree (all)", flags.String("tree"))
	}
	length := flags.Int("length")
	if length < 1 || length > 12 {
		return nil, fmt.Errorf("--length must be 1..12, not %d", length)
	}
	rows, err := arvy.RatioRows(ctx, sizes, protocols, length)
	out := ratioOutput(rows, length, flags.Bool("witness"))
	if ctx.Err() != nil {
		return out, fmt.Errorf("%w: the table stops after %d rows", context.Cause(ctx), len(rows))
	}
	return out, err
}

func ratioSizes(text string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 || n > arvy.MaxNodes || n%2 != 0 {
			return nil, fmt.Errorf("--n: %q is not an even ring size of 2..%d", f, arvy.MaxNodes)
		}
		out = append(out, n)
	}
	return out, nil
}

func ratioProtocols(text string) ([]arvy.NewParent, error) {
	var out []arvy.NewParent
	for _, f := range strings.Split(text, ",") {
		found := false
		for _, np := range []arvy.NewParent{arvy.Bridge, arvy.Arrow, arvy.Ivy} {
			if strings.TrimSpace(f) == np.String() {
				out, found = append(out, np), true
			}
		}
		if !found {
			return nil, fmt.Errorf("--newparent: %q is not bridge, arrow or ivy", f)
		}
	}
	return out, nil
}

// ratioOutput is the table, each row next to the paper's bound, and with witness the
// requests that attain each ratio.
func ratioOutput(rows []arvy.RatioRow, length int, witness bool) *Output {
	out := &Output{Table: [][]string{{"ring", "protocol", "configurations", fmt.Sprintf("worst ≤%d, find", length),
		fmt.Sprintf("worst ≤%d, find+token", length), "competitive, find", "competitive, find+token", "the paper"}}}
	for _, r := range rows {
		bound := "Ω(n), Lemma 8"
		if r.NewParent == arvy.Bridge {
			bound = "≤ 5 (find), Theorem 6"
		}
		out.Table = append(out.Table, []string{strconv.Itoa(r.N), r.NewParent.String(), plural.Thousands(uint64(r.Configs)),
			r.Prefix[0].String(), r.Prefix[1].String(), r.Cycle[0].String(), r.Cycle[1].String(), bound})
	}
	if witness {
		out.Lines = append(out.Lines, "")
		for _, r := range rows {
			for i, name := range []string{"find", "find+token"} {
				out.Lines = append(out.Lines, fmt.Sprintf("%s on %d, %s: worst sequence %v; worst cycle %v", r.NewParent, r.N, name, r.Prefix[i].Requests, r.Cycle[i].Requests))
			}
		}
	}
	out.Lines = append(out.Lines, "", "cost: the find's hops, each the ring distance between its ends (find+token: and the token's travel);",
		"optimum: the distance between consecutive requesters; competitive: the largest ratio of a cycle of sequential configurations")
	return out
}
