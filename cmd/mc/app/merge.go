package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker/shard"
	"github.com/mc-checker/mc/checker/sim"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
	"github.com/urfave/cli/v2"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "put the parts of a sharded run together (each shard's --part-out) and print what the run unsharded prints",
		ArgsUsage: "PART…",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print as the run's --json does"},
			&cli.StringFlag{Name: "report", Usage: "write the run's HTML page: `FILE.html` for the parts of mc check of one model; for mc verify's (run with --report), a page a proof file in that directory"},
			traceDotFlag(),
			&cli.StringFlag{Name: "trace-out", Usage: "save the merged run with its traces to `FILE` for mc replay (the parts of mc check of one model)"}},
		Action: runMerge,
	}
}

// runMerge refuses (exit 2) parts of different runs or versions and a shard given twice, and
// says inconclusive (exit 3) when shards are missing; else it prints the whole run.
func runMerge(c *cli.Context) error {
	names := c.Args().Slice()
	if len(names) == 0 {
		return usageError("mc merge PART…: give the part files the shards wrote (--part-out)")
	}
	var parts []shard.Part
	for _, name := range names {
		p, err := shard.Read(name)
		if err != nil {
			return usageError("%w", err)
		}
		parts = append(parts, p)
	}
	m, err := mergerOf(names[0], parts[0])
	if err != nil {
		return err
	}
	switch cmd := parts[0].Command; {
	case cmd == "check":
		if err := picturesWritable(c); err != nil {
			return err
		}
	case c.IsSet("report") && cmd != "verify":
		return usageError("--report writes the page of mc check of one model, or mc verify's; these are parts of mc %s", cmd)
	case c.IsSet("trace-dot") || c.IsSet("trace-out"):
		return usageError("--trace-dot and --trace-out write a run of mc check of one model; these are parts of mc %s", cmd)
	}
	ordered, missing, err := shard.Gather(parts, names, func(shard.Part) uint64 { return m.total })
	switch {
	case err != nil:
		return usageError("%w", err)
	case len(missing) > 0:
		return &exitError{exitInconclusive, fmt.Errorf("the run is not whole: the parts of shards %s (of 0 to %d) are missing",
			joinInts(missing), parts[0].Shard.Count-1)}
	}
	return m.print(c, ordered)
}

// merger is what merging one command's parts needs: the items its run splits, and the
// printing of the whole from the parts in order.
type merger struct {
	total uint64
	print func(c *cli.Context, parts []shard.Part) error
}

// mergerOf reads the run of a command's part (named name).
func mergerOf(name string, p shard.Part) (merger, error) {
	switch p.Command {
	case "check":
		return checkMerger(name, p)
	case "simulate":
		var run simRun
		if err := json.Unmarshal(p.Run, &run); err != nil {
			return merger{}, usageError("%s: %w", name, err)
		}
		if err := unchanged(run.Files); err != nil {
			return merger{}, err
		}
		return merger{uint64(run.Runs), func(c *cli.Context, parts []shard.Part) error { return mergeSimulation(c, run, parts) }}, nil
	case "sweep":
		var run sweepRun
		if err := json.Unmarshal(p.Run, &run); err != nil {
			return merger{}, usageError("%s: %w", name, err)
		}
		if err := unchanged(run.Files); err != nil {
			return merger{}, err
		}
		entry, ranges, err := sweepRanges(run)
		if err != nil {
			return merger{}, usageError("%s: %w", name, err)
		}
		total := uint64(len(combinations(entry.Defaults(), ranges)))
		return merger{total, func(c *cli.Context, parts []shard.Part) error { return mergeSweep(c, run, parts) }}, nil
	}
	if p.Command == "verify" {
		var part verifyPart
		if err := json.Unmarshal(p.Data, &part); err != nil {
			return merger{}, usageError("%s: %w", name, err)
		}
		return merger{uint64(part.Total), mergeVerify}, nil
	}
	if p.Command == "check --topology all" {
		var run treesRun
		if err := json.Unmarshal(p.Run, &run); err != nil {
			return merger{}, usageError("%s: %w", name, err)
		}
		n := run.Run.Params["n"]
		count := topology.Count(n)
		return merger{uint64(count), func(c *cli.Context, parts []shard.Part) error { return mergeTrees(c, n, count, parts) }}, nil
	}
	return merger{}, usageError("%s: a part of mc %s, which mc merge does not merge", name, p.Command)
}

// mergeSimulation prints the simulation the parts make, as mc simulate prints it.
func mergeSimulation(c *cli.Context, run simRun, parts []shard.Part) error {
	b, err := run.Run.Build()
	if err != nil {
		return usageError("the parts' run: %w", err)
	}
	opts := sim.Options{Runs: run.Runs, Seed: run.Seed, MaxSteps: run.MaxSteps, Faults: run.Faults, FaultGap: run.FaultGap, EndAtStart: run.EndAtStart}
	if opts.Scheduler, err = schedulerOf(run.Scheduler); err != nil {
		return err
	}
	var merged *sim.Partial
	var saved []string
	seconds := 0.0
	for _, p := range parts {
		var sp simPart
		if err := json.Unmarshal(p.Data, &sp); err != nil {
			return usageError("shard %s: %w", p.Shard, err)
		}
		if merged == nil {
			merged = &sp.Partial
		} else if err := merged.Merge(sp.Partial); err != nil {
			return usageError("shard %s: %w", p.Shard, err)
		}
		saved, seconds = append(saved, sp.Saved...), seconds+p.Seconds
	}
	s := merged.Summary()
	if c.Bool("json") {
		if err := printJSON(c.App.Writer, simulationJSONOf(b, opts, s, saved, seconds, false)); err != nil {
			return err
		}
	} else {
		printSimulation(c.App.Writer, b, opts, s, time.Duration(seconds*float64(time.Second)))
	}
	return verdictExit(c.Context, s.Deadlocked > 0, s.Bound > 0)
}

// joinInts lists numbers: "1, 4, 5".
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// sweepRanges is the model and the ranged parameters of a sweep's run.
func sweepRanges(run sweepRun) (*models.Entry, []models.Range, error) {
	entry, err := lookupModel(run.Model)
	if err != nil {
		return nil, nil, err
	}
	ranges, err := entry.ParseAssignments(run.Params)
	return entry, ranges, err
}

// mergeSweep prints the table the parts' rows make, as mc sweep prints it.
func mergeSweep(c *cli.Context, run sweepRun, parts []shard.Part) error {
	entry, _, err := sweepRanges(run)
	if err != nil {
		return usageError("%w", err)
	}
	var rows []sweepRow
	inconclusive := false
	for _, p := range parts {
		var sp sweepPart
		if err := json.Unmarshal(p.Data, &sp); err != nil {
			return usageError("shard %s: %w", p.Shard, err)
		}
		rows, inconclusive = append(rows, sp.Rows...), inconclusive || sp.Inconclusive
	}
	if c.Bool("json") {
		if err := printJSON(c.App.Writer, rows); err != nil {
			return err
		}
	} else {
		printSweep(c, entry, entry.Param(run.Search), rows)
	}
	return verdictExit(c.Context, false, inconclusive)
}

// mergeTrees prints the rows (or objects) of every tree, the reports of the first trees where
// a check does not hold, and the verdict, as mc check --topology all prints them.
func mergeTrees(c *cli.Context, n, count int, parts []shard.Part) error {
	out := newTreeOutput(c.App.Writer, c.Bool("json"), "", n, count, false)
	done, violated, inconclusive, failures := 0, false, false, 0
	for _, p := range parts {
		var tp treesPart
		if err := json.Unmarshal(p.Data, &tp); err != nil {
			return usageError("shard %s: %w", p.Shard, err)
		}
		for i := range tp.Rows {
			out.print(tp.Rows[i], tp.Objects[i])
		}
		for _, f := range tp.Failing {
			if len(out.failing) < shownFailures {
				out.failing = append(out.failing, f)
			}
		}
		if tp.Model != "" {
			out.model = tp.Model
		}
		done, failures = done+tp.Done, failures+tp.Failures
		violated, inconclusive = violated || tp.Violated, inconclusive || tp.Inconclusive
	}
	out.more = failures - len(out.failing)
	if err := out.close(done, violated, inconclusive); err != nil {
		return err
	}
	return verdictExit(c.Context, violated, inconclusive || done < count)
}

// mergeVerify prints every proof run's line in order and the count, as mc verify prints
// them, and with --report writes the proof files' pages from the runs the shards drew.
func mergeVerify(c *cli.Context, parts []shard.Part) error {
	failed, total := 0, 0
	pages := newProofPages(c.String("report"))
	if err := pages.writable(); err != nil {
		return err
	}
	var lines strings.Builder
	for _, p := range parts {
		var vp verifyPart
		if err := json.Unmarshal(p.Data, &vp); err != nil {
			return usageError("shard %s: %w", p.Shard, err)
		}
		drawn := uint64(0)
		for _, f := range vp.Pages {
			drawn += uint64(len(f.Runs))
		}
		if c.IsSet("report") && drawn != p.Items {
			return usageError("--report: shard %s was run without --report, and its part has no pages: run the shards with it", p.Shard)
		}
		pages.keep(vp.Pages)
		lines.WriteString(vp.Lines)
		failed, total = failed+vp.Failed, vp.Total
	}
	written, err := pages.write()
	if err != nil {
		return &exitError{exitUsage, err}
	}
	fmt.Fprint(c.App.Writer, lines.String())
	return verifyVerdict(c.App.Writer, total, failed, written)
}
