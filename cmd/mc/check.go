package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
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
			&cli.StringFlag{Name: "store", Value: "auto", Usage: "auto: memory, moving to disk (--dir, or a temporary directory) when the heap passes half of --mem; memory: the graph and visited set on the heap only; disk: the graph in files under --dir, mapped into memory (--mem bounds the resident part), and the older part of the visited set in sorted runs there; badger: the same with the visited set in badger"},
			&cli.StringFlag{Name: "dir", Usage: "save the exploration in `DIR` when stopped (Ctrl-C, SIGTERM, a bound), to continue it with --resume; also the files of --store disk and badger"},
			&cli.DurationFlag{Name: "checkpoint-every", Usage: "with --dir, also save every `DURATION` while exploring (e.g. 10m) and when the exploration is complete: a killed run resumes from the last save"},
			&cli.StringFlag{Name: "resume", Usage: "continue the run saved in `DIR` (takes no model, and the saved --store, --mem and --exact unless given; --workers and the output flags may change)"},
		}, runFlags()...),
		Action: runCheck,
	}
}

func runCheck(c *cli.Context) error {
	runs, all, err := checkRuns(c)
	if err != nil {
		return err
	}
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	if opts.Checkpoints, err = checkpoints(c, runs); err != nil {
		return err
	}
	if err := storeOptions(c, &opts); err != nil {
		return err
	}
	warnUnbounded(c, opts, runs...)
	ctx, stop := runContext(c)
	defer stop()
	var reports []*report
	violated, inconclusive := false, false
	for _, b := range runs {
		r, err := b.run(ctx, opts)
		if err != nil {
			return err
		}
		reports = append(reports, r)
		violated = violated || r.res.Verdict() == checker.Violated
		inconclusive = inconclusive || r.res.Verdict() == checker.Inconclusive
	}
	if err := writeOutputs(c, reports, all); err != nil {
		return err
	}
	if !c.Bool("json") {
		if err := printHuman(c, reports, all, violated, inconclusive); err != nil {
			return err
		}
	}
	return verdictExit(violated, inconclusive)
}

// checkRuns builds every run the command line asks for, checking all the input before any
// runs: one per tree with --topology all, else one; with --resume, the saved run.
func checkRuns(c *cli.Context) (runs []*built, all bool, err error) {
	if dir := c.String("resume"); dir != "" {
		if c.NArg() != 0 {
			return nil, false, usageError("--resume continues the saved run; it takes no model")
		}
		for _, flag := range []string{"param", "daemon", "fairness", "check", "topology", "lint"} {
			if c.IsSet(flag) {
				return nil, false, usageError("--resume continues the saved run as it was asked for; --%s does not apply", flag)
			}
		}
		b, err := savedRun(c, dir)
		return []*built{b}, false, err
	}
	if c.NArg() != 1 {
		return nil, false, usageError("check needs exactly one model (see mc list)")
	}
	entry, err := models.Lookup(c.Args().First())
	if err != nil {
		return nil, false, usageError("%v", err)
	}
	params, err := entry.Values(c.StringSlice("param"))
	if err != nil {
		return nil, false, usageError("%v", err)
	}
	var checks []string
	switch text := strings.TrimSpace(c.String("check")); {
	case c.IsSet("check") && text == "":
		return nil, false, usageError("--check names no check (want a comma-separated list; leave it out for the model's defaults)")
	case text != "":
		checks = strings.Split(text, ",")
	}
	trees, err := treesOf(entry, c.String("topology"), params["n"])
	if err != nil {
		return nil, false, usageError("%v", err)
	}
	if len(trees) > 1 && c.String("trace-out") != "" {
		return nil, false, usageError("--trace-out saves one run; --topology all makes %d", len(trees))
	}
	for _, t := range trees {
		b, err := runSpec{Model: entry.Name, Params: copyParams(params), Topology: c.String("topology"), Daemon: c.String("daemon"),
			Fairness: c.String("fairness"), Checks: checks, Lint: c.Bool("lint"), tree: t}.build()
		if err != nil {
			return nil, false, usageError("%v", err)
		}
		runs = append(runs, b)
	}
	return runs, c.String("topology") == "all", nil
}

// treesOf resolves --topology: one tree, or with "all" every labelled tree on n nodes; nil
// for a model with a fixed topology (which then refuses any --topology).
func treesOf(entry *models.Entry, topo string, n int) ([]*topology.Tree, error) {
	if !entry.Tree {
		if topo != "" {
			return nil, fmt.Errorf("model %s has a fixed topology; --topology does not apply", entry.Name)
		}
		return []*topology.Tree{nil}, nil
	}
	return models.Trees(topo, n)
}

// writeOutputs writes the JSON of the reports: the one run --trace-out saves (an object, which
// mc replay reads), and with --json every run to stdout (a list with --topology all).
func writeOutputs(c *cli.Context, reports []*report, all bool) error {
	if path := c.String("trace-out"); path != "" {
		v, err := jsonOf(reports[:1], false)
		if err == nil {
			err = writeJSON(path, v)
		}
		if err != nil {
			return &exitError{exitUsage, err}
		}
	}
	if !c.Bool("json") {
		return nil
	}
	v, err := jsonOf(reports, all)
	if err != nil {
		return err
	}
	return printJSON(c.App.Writer, v)
}

// printHuman prints one run's report, or with --topology all a line a tree.
func printHuman(c *cli.Context, reports []*report, all, violated, inconclusive bool) error {
	if !all {
		return printReport(c.App.Writer, reports[0], c.Bool("witness"))
	}
	return printTrees(c.App.Writer, reports, violated, inconclusive)
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
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

// printTrees prints a run per tree: one line each, the full report of every tree where a
// check does not hold, and the overall verdict.
func printTrees(w io.Writer, reports []*report, violated, inconclusive bool) error {
	rows := [][]string{{"tree", "edges (parent-child)", "verdict", "states", "universe"}}
	for _, r := range reports {
		rows = append(rows, []string{r.Topology, r.Edges, r.res.Verdict().String(), group(r.res.Stats.States), group(r.res.Stats.UniverseSize)})
	}
	writeTable(w, rows)
	for _, r := range reports {
		if r.res.Verdict() != checker.Holds {
			fmt.Fprintln(w)
			if err := printReport(w, r, false); err != nil {
				return err
			}
		}
	}
	summary := "every check holds on every tree"
	switch {
	case violated:
		summary = "violated"
	case inconclusive:
		summary = "inconclusive"
	}
	fmt.Fprintf(w, "\n%d trees on %d nodes: %s\n", len(reports), reports[0].Params["n"], summary)
	return nil
}
