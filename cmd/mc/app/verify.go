package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/proof"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the proofs of YAML files and compare verdicts and figures with what they expect (for CI)",
		ArgsUsage: "FILE...",
		Flags:     append(append(runFlags(), shardFlags()...), &cli.StringFlag{Name: "report", Usage: "write one self-contained HTML page a proof file in `DIR` (DIR/NAME.html for NAME.yaml, NAME-2.html for a second file of that name): every run, its checks, figures and traces"}),
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
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	sh, sharded, err := shardOf(c)
	if err != nil {
		return err
	}
	pages := newProofPages(c.String("report"))
	lo, n := 0, len(proofRuns)
	if sharded { // a page holds every run of its file: the shard keeps its runs' for the merge
		lo, n = sh.Range(len(proofRuns))
	} else if err := pages.writable(); err != nil {
		return err
	}
	ctx, stop := runContext(c)
	defer stop()
	var w io.Writer = c.App.Writer // a line a run as it finishes; a shard keeps them for its part
	var lines strings.Builder
	if sharded {
		w = &lines
	}
	start := time.Now()
	failed, err := runProofs(ctx, w, proofRuns[lo:lo+n], specs[lo:lo+n], files[lo:lo+n], pages, opts)
	if err != nil {
		return err
	}
	if sharded {
		if ctx.Err() != nil { // an interrupted shard writes no part: the merge says it is missing
			return &exitError{exitInconclusive, fmt.Errorf("%w: no part written", context.Cause(ctx))}
		}
		part := verifyPart{Lines: lines.String(), Failed: failed, Total: len(proofRuns), Pages: pages.kept()}
		return writeVerifyPart(c, sh, lo, n, part, time.Since(start))
	}
	written, err := pages.write()
	if err != nil {
		return &exitError{exitUsage, err}
	}
	return verifyVerdict(c.App.Writer, len(proofRuns), failed, written)
}

// runProofs runs the proof runs in turn, writing a line each ("ok" with its time, or "FAIL"
// and its deviations) to w, and returns how many deviate.
func runProofs(ctx context.Context, w io.Writer, proofRuns []proof.Run, specs []runs.Description, files []string, pages *proofPages, opts checker.Options) (failed int, err error) {
	for i, pr := range proofRuns {
		b, err := specs[i].Build()
		if err != nil {
			return failed, usageError("run %q: %w", pr.Name, err)
		}
		start := time.Now()
		r, err := runBuilt(ctx, b, opts)
		if err != nil {
			return failed, err
		}
		diffs := pr.Expect.Compare(r.res)
		if err := pages.add(files[i], pr.Name, r, diffs); err != nil {
			return failed, err
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
	return failed, nil
}

// verifyVerdict prints the count of runs that pass and fail and the pages written, and
// exits 1 when a run deviates.
func verifyVerdict(w io.Writer, total, failed int, written []string) error {
	fmt.Fprintf(w, "%d passed, %d failed\n", total-failed, failed)
	for _, page := range written {
		fmt.Fprintf(w, "  %-12s written to %s\n", "report", page)
	}
	if failed > 0 {
		what := fmt.Sprintf("%d of %d proof runs deviate from their expectations", failed, total)
		switch {
		case total == 1:
			what = "the proof run deviates from its expectations"
		case failed == 1:
			what = fmt.Sprintf("1 of %d proof runs deviates from its expectations", total)
		}
		return &exitError{exitViolated, errors.New(what)}
	}
	return nil
}
