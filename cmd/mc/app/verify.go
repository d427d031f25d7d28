package app

import (
	"errors"
	"fmt"
	"github.com/mc-checker/mc/checker/proof"
	"github.com/mc-checker/mc/checker/runs"
	"time"

	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the proofs of YAML files and compare verdicts and figures with what they expect (for CI)",
		ArgsUsage: "FILE...",
		Flags:     append(runFlags(), &cli.StringFlag{Name: "report", Usage: "write one self-contained HTML page a proof file in `DIR` (DIR/NAME.html for NAME.yaml, NAME-2.html for a second file of that name): every run, its checks, figures and traces"}),
		Action:    runVerify,
	}
}

func runVerify(c *cli.Context) error {
	if c.NArg() == 0 {
		return usageError("verify needs at least one proof file")
	}
	var proofRuns []proof.Run
	var specs []runs.Description
	var files []string // the proof file of each run
	for _, path := range c.Args().Slice() {
		f, s, err := readProof(path, c.Bool("lint"))
		if err != nil {
			return usageError("%w", err)
		}
		proofRuns, specs = append(proofRuns, f.Runs...), append(specs, s...)
		for range f.Runs {
			files = append(files, path)
		}
	}
	pages := newProofPages(c.String("report"))
	if err := pages.writable(); err != nil {
		return err
	}
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	ctx, stop := runContext(c)
	defer stop()
	w := c.App.Writer
	failed := 0
	for i, pr := range proofRuns {
		b, err := specs[i].Build()
		if err != nil {
			return usageError("run %q: %w", pr.Name, err)
		}
		start := time.Now()
		r, err := runBuilt(ctx, b, opts)
		if err != nil {
			return err
		}
		diffs := pr.Expect.Compare(r.res)
		if err := pages.add(files[i], pr.Name, r, diffs); err != nil {
			return err
		}
		if len(diffs) == 0 {
			fmt.Fprintf(w, "ok    %s (%.2f s)\n", pr.Name, time.Since(start).Seconds())
			continue
		}
		failed++
		fmt.Fprintf(w, "FAIL  %s\n", pr.Name)
		for _, d := range diffs {
			fmt.Fprintf(w, "        %s\n", d)
		}
	}
	written, err := pages.write()
	if err != nil {
		return &exitError{exitUsage, err}
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", len(proofRuns)-failed, failed)
	for _, page := range written {
		fmt.Fprintf(w, "  %-12s written to %s\n", "report", page)
	}
	if failed > 0 {
		what := fmt.Sprintf("%d of %d proof runs deviate from their expectations", failed, len(proofRuns))
		switch {
		case len(proofRuns) == 1:
			what = "the proof run deviates from its expectations"
		case failed == 1:
			what = fmt.Sprintf("1 of %d proof runs deviates from its expectations", len(proofRuns))
		}
		return &exitError{exitViolated, errors.New(what)}
	}
	return nil
}
