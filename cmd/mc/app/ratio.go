package app

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/models/arvy"
	"github.com/urfave/cli/v2"
)

func ratioCommand() *cli.Command {
	return &cli.Command{
		Name:  "arvy-ratio",
		Usage: "the exact competitive ratios of Arvy's ring bridge, Arrow and Ivy on rings, from Algorithm 2's configuration",
		Description: "For sequential requests, every request sequence is a path of the graph of quiescent configurations. " +
			"A request costs its find's hops, each the ring distance between sender and receiver (with --token, also the token's travel); " +
			"the optimum pays the distance between consecutive requesters (Section 6). Printed: the worst ratio over sequences of 1..--length " +
			"requests, and the competitive ratio, the largest ratio of a cycle (Dinkelbach's iteration, exact fractions).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "n", Value: "4,6,8", Usage: "even ring sizes, comma-separated"},
			&cli.StringFlag{Name: "newparent", Value: "bridge,arrow,ivy", Usage: "protocols, comma-separated: bridge, arrow, ivy"},
			&cli.IntFlag{Name: "length", Value: 8, Usage: "the longest request sequence of the worst-prefix column"},
			&cli.BoolFlag{Name: "witness", Usage: "print the requests that attain each ratio"},
			&cli.DurationFlag{Name: "timeout", DefaultText: "none", Usage: "stop after this long; the table is then inconclusive (exit 3)"},
		},
		Action: runRatio,
	}
}

func runRatio(c *cli.Context) error {
	if c.NArg() != 0 {
		return usageError("arvy-ratio takes no arguments")
	}
	sizes, err := ratioSizes(c.String("n"))
	if err != nil {
		return err
	}
	protocols, err := ratioProtocols(c.String("newparent"))
	if err != nil {
		return err
	}
	if l := c.Int("length"); l < 1 || l > 12 {
		return usageError("--length must be 1..12, not %d", l)
	}
	ctx, stop := runContext(c)
	defer stop()
	rows, err := arvy.RatioRows(ctx, sizes, protocols, c.Int("length"))
	printRatios(c.App.Writer, rows, c.Int("length"), c.Bool("witness"))
	switch {
	case ctx.Err() != nil:
		return &exitError{exitInconclusive, fmt.Errorf("%w: the table stops after %d rows", context.Cause(ctx), len(rows))}
	case err != nil:
		return usageError("%w", err)
	}
	return nil
}

func ratioSizes(text string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 || n > arvy.MaxNodes || n%2 != 0 {
			return nil, usageError("--n: %q is not an even ring size of 2..%d", f, arvy.MaxNodes)
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
			return nil, usageError("--newparent: %q is not bridge, arrow or ivy", f)
		}
	}
	return out, nil
}

// printRatios writes the table, each row next to the paper's bound.
func printRatios(w io.Writer, rows []arvy.RatioRow, length int, witness bool) {
	table := [][]string{{"ring", "protocol", "configurations", fmt.Sprintf("worst ≤%d, find", length),
		fmt.Sprintf("worst ≤%d, find+token", length), "competitive, find", "competitive, find+token", "the paper"}}
	for _, r := range rows {
		bound := "Ω(n), Lemma 8"
		if r.NewParent == arvy.Bridge {
			bound = "≤ 5 (find), Theorem 6"
		}
		table = append(table, []string{strconv.Itoa(r.N), r.NewParent.String(), group(uint64(r.Configs)),
			r.Prefix[0].String(), r.Prefix[1].String(), r.Cycle[0].String(), r.Cycle[1].String(), bound})
	}
	writeTable(w, table)
	if witness {
		fmt.Fprintln(w)
		for _, r := range rows {
			for i, name := range []string{"find", "find+token"} {
				fmt.Fprintf(w, "%s on %d, %s: worst sequence %v; worst cycle %v\n", r.NewParent, r.N, name, r.Prefix[i].Requests, r.Cycle[i].Requests)
			}
		}
	}
	fmt.Fprintln(w, "\ncost: the find's hops, each the ring distance between its ends (find+token: and the token's travel);")
	fmt.Fprintln(w, "optimum: the distance between consecutive requesters; competitive: the largest ratio of a cycle of sequential configurations")
}
