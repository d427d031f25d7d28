package models

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/models/arvy"
)

// mc arvy-ratio --requests: one request sequence served from a start tree, its costs beside
// the optimum's, and the tree it leaves: Lemma 8's Ivy example computed rather than quoted.

// runArvySequence serves --requests on every ring size and protocol from --tree.
func runArvySequence(ctx context.Context, flags Flags, sizes []int, protocols []arvy.NewParent) (*Output, error) {
	out := &Output{Table: [][]string{{"ring", "protocol", "tree", "requests", "find", "find+token", "optimum", "Lemma 8's formula", "tree after"}}}
	for _, n := range sizes {
		requests, err := sequenceOf(flags.String("requests"), n)
		if err != nil {
			return nil, err
		}
		for _, np := range protocols {
			if err := ctx.Err(); err != nil {
				return out, context.Cause(ctx)
			}
			row, err := sequenceRow(n, np, flags.String("tree"), requests)
			if err != nil {
				return nil, err
			}
			out.Table = append(out.Table, row)
		}
	}
	out.Lines = append(out.Lines, "", "nodes 0..n-1 are v_1..v_n; find: the find messages' hops, each the ring distance between its ends; find+token: and the token's travel;",
		"optimum: the distance from each request's predecessor; Lemma 8's formula: n + 2·Σ_{i=2}^{n-1} d(v_1, v_i) − 1, for Ivy's requests v_1..v_n from the path tree")
	return out, nil
}

// sequenceRow serves requests on the ring of n with protocol np from the tree named tree.
func sequenceRow(n int, np arvy.NewParent, tree string, requests []int) ([]string, error) {
	p, err := arvy.New(arvy.Config{N: n, Recycle: true, NewParent: np})
	if err != nil {
		return nil, err
	}
	par := arvy.RingStart(n)
	switch tree {
	case "algorithm2":
	case "path":
		par = arvy.PathStart(n)
	default:
		return nil, fmt.Errorf("--tree %s: --requests start from algorithm2 or path", tree)
	}
	start, err := p.Start(par)
	if err != nil {
		return nil, fmt.Errorf("--tree %s with %s: %w", tree, np, err)
	}
	served, end, err := p.Sequence(start, requests, arvy.RingDistance(n))
	if err != nil {
		return nil, fmt.Errorf("--requests on the ring of %d: %w", n, err)
	}
	find, token, opt := 0, 0, 0
	for _, r := range served {
		find, token, opt = find+r.Find, token+r.Token, opt+r.Opt
	}
	formula := "-"
	if np == arvy.Ivy && tree == "path" && slices.Equal(requests, arvy.InOrder(n)) {
		formula = strconv.Itoa(arvy.Lemma8Ivy(n))
	}
	after := fmt.Sprint(p.Parents(end))
	if p.SameTree(start, end) {
		after += " (the start's)"
	} else {
		after += fmt.Sprintf(" (the start's: %v)", par)
	}
	return []string{strconv.Itoa(n), np.String(), tree, fmt.Sprint(requests), strconv.Itoa(find), strconv.Itoa(find + token),
		strconv.Itoa(opt), formula, after}, nil
}

// sequenceOf reads --requests for the ring of n: "ring" (v_1..v_n in order) or nodes 0..n-1,
// comma-separated.
func sequenceOf(text string, n int) ([]int, error) {
	if text == "ring" {
		return arvy.InOrder(n), nil
	}
	var out []int
	for _, f := range strings.Split(text, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 0 || v >= n {
			return nil, fmt.Errorf("--requests: %q is not a node 0..%d of the ring of %d", f, n-1, n)
		}
		out = append(out, v)
	}
	return out, nil
}
