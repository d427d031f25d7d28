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
			&cli.StringFlag{Name: "check", Value: "closure,convergence,worst-case", Usage: "comma-separated: invariant, deadlock, closure, convergence, worst-case"},
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
	rs := runSpec{Model: entry.Name, Params: params, Daemon: c.String("daemon"),
		Fairness: c.String("fairness"), Checks: strings.Split(c.String("check"), ",")}
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
