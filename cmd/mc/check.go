package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/mc-checker/mc/models"
	"github.com/urfave/cli/v2"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "check a model: closure, convergence, worst-case stabilization, invariants, deadlocks",
		ArgsUsage: "MODEL",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "param", Aliases: []string{"p"}, Usage: "parameter `name=value` (repeatable)"},
			&cli.StringFlag{Name: "daemon", Value: "central", Usage: "central, locally-central, distributed or synchronous (or cd, lcd, dd, sd)"},
			&cli.StringFlag{Name: "fairness", Value: "unfair", Usage: "unfair or weakly-fair"},
			&cli.StringFlag{Name: "check", Usage: "comma-separated: invariant, action-invariant, characterise, deadlock, closure, convergence, worst-case (default: the model's, see mc list)"},
			&cli.StringFlag{Name: "topology", Usage: "for models on a tree: path, star, tree:K, all (every labelled tree of n nodes) or a Graphviz `FILE.dot`"},
			&cli.BoolFlag{Name: "json", Usage: "print the run as JSON"},
			&cli.StringFlag{Name: "trace-out", Usage: "save the run with its traces to `FILE` for mc replay"},
			&cli.BoolFlag{Name: "witness", Usage: "print the worst-case execution"},
		}, runFlags()...),
		Action: runCheck,
	}
}

func runCheck(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError("check needs exactly one model (see mc list)")
	}
	entry, err := models.Lookup(c.Args().First())
	if err != nil {
		return usageError("%v", err)
	}
	params, err := entry.Values(c.StringSlice("param"))
	if err != nil {
		return usageError("%v", err)
	}
	var checks []string
	if c.String("check") != "" {
		checks = strings.Split(c.String("check"), ",")
	}
	if c.String("topology") == "all" {
		return checkAllTrees(c, entry, params, checks)
	}
	rs := runSpec{Model: entry.Name, Params: params, Topology: c.String("topology"), Daemon: c.String("daemon"),
		Fairness: c.String("fairness"), Checks: checks}
	b, err := rs.build()
	if err != nil {
		return usageError("%v", err)
	}
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	ctx, stop := runContext(c)
	defer stop()
	r, err := b.run(ctx, opts)
	if err != nil {
		return err
	}
	if path := c.String("trace-out"); path != "" {
		if err := writeJSON(path, r); err != nil {
			return &exitError{exitUsage, err}
		}
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return err
		}
	} else if err := printReport(c.App.Writer, r, c.Bool("witness")); err != nil {
		return err
	}
	return verdictExit(r.Verdict == "violated", r.Verdict == "inconclusive")
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("cannot save the trace: %w", err)
	}
	return nil
}

// checkAllTrees runs the checks on every labelled tree of n nodes: one line per tree, the full
// report of each tree where something is violated, and the overall verdict.
func checkAllTrees(c *cli.Context, entry *models.Entry, params map[string]int, checks []string) error {
	if !entry.Tree {
		return usageError("model %s has a fixed topology; --topology does not apply", entry.Name)
	}
	trees, err := models.Trees("all", params["n"])
	if err != nil {
		return usageError("%v", err)
	}
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	ctx, stop := runContext(c)
	defer stop()
	var reports []*report
	violated, inconclusive := false, false
	for _, t := range trees {
		b, err := runSpec{Model: entry.Name, Params: copyParams(params), Topology: t.Name, Daemon: c.String("daemon"),
			Fairness: c.String("fairness"), Checks: checks}.build()
		if err != nil {
			return usageError("%v", err)
		}
		r, err := b.run(ctx, opts)
		if err != nil {
			return err
		}
		reports = append(reports, r)
		violated = violated || r.Verdict == "violated"
		inconclusive = inconclusive || r.Verdict == "inconclusive"
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			return err
		}
		return verdictExit(violated, inconclusive)
	}
	w := c.App.Writer
	rows := [][]string{{"tree", "edges", "verdict", "states", "universe"}}
	for i, r := range reports {
		var edges []string
		for _, e := range trees[i].Edges() {
			edges = append(edges, fmt.Sprintf("%d-%d", e.Parent, e.Child))
		}
		rows = append(rows, []string{r.Topology, strings.Join(edges, " "), r.Verdict, group(r.Stats.States), group(r.Stats.UniverseSize)})
	}
	writeTable(w, rows)
	for _, r := range reports {
		if r.Verdict != "holds" {
			fmt.Fprintln(w)
			if err := printReport(w, r, false); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(w, "\n%d trees on %d nodes: %s\n", len(reports), params["n"], overall(violated, inconclusive))
	return verdictExit(violated, inconclusive)
}

func overall(violated, inconclusive bool) string {
	switch {
	case violated:
		return "violated"
	case inconclusive:
		return "inconclusive"
	}
	return "every check holds on every tree"
}
