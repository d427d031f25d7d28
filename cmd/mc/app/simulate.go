package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/checker/sim"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
	"github.com/urfave/cli/v2"
)

func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:      "simulate",
		Usage:     "seeded random executions from random initial configurations: the distribution of moves, steps and rounds to the legitimate set",
		ArgsUsage: "MODEL",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "param", Aliases: []string{"p"}, Usage: "parameter `name=value` (repeatable)"},
			&cli.StringFlag{Name: "topology", DefaultText: "path", Usage: "for models on a tree, as for check (not all)"},
			daemonFlag(),
			&cli.StringFlag{Name: "scheduler", Value: "random", Usage: "random; first (always the lowest enabled process first); postpone (central: a step that does not reach the legitimate set when there is one)"},
			&cli.IntFlag{Name: "runs", Value: 10_000, Usage: "executions"},
			&cli.Uint64Flag{Name: "seed", DefaultText: "from the clock, printed", Usage: "the seed: the same seed gives the same runs"},
			&cli.IntFlag{Name: "max-steps", Value: 1_000_000, Usage: "a run that has not stabilized after this many steps is reported (exit 3)"},
			&cli.IntFlag{Name: "workers", DefaultText: "GOMAXPROCS", Usage: "goroutines; the runs do not depend on it"},
			&cli.IntFlag{Name: "faults", Usage: "recovery: from the legitimate configuration each run reaches, `K` faults, each rewriting what a random process owns, the first at once and each next after 0..--fault-gap steps; figures count from the first fault to the first legitimate configuration after it"},
			&cli.IntFlag{Name: "fault-gap", Value: 10, Usage: "the most steps between two faults"},
			&cli.StringFlag{Name: "end", Value: "legitimate", Usage: "with --faults, where a recovery ends: legitimate (any legitimate configuration) or start (the very configuration the first fault hit, for silent protocols)"},
			&cli.StringFlag{Name: "dir", Usage: "save the trace of every run that deadlocks or reaches --max-steps in `DIR`, for mc replay"},
			&cli.DurationFlag{Name: "timeout", DefaultText: "none", Usage: "stop after this long (exit 3)"},
			&cli.BoolFlag{Name: "progress", DefaultText: "when stderr is a terminal", Usage: "report progress on stderr"},
			&cli.BoolFlag{Name: "json", Usage: "print the simulation as JSON"},
		}, append(shardFlags(), profileFlags()...)...),
		Action: profiled(runSimulate),
	}
}

func runSimulate(c *cli.Context) error {
	b, opts, err := simulation(c)
	if err != nil {
		return err
	}
	sh, sharded, err := shardOf(c)
	if err != nil {
		return err
	}
	total := opts.Runs
	if sharded {
		if err := simShard(c, &opts, sh); err != nil {
			return err
		}
	}
	ctx, stop := runContext(c)
	defer stop()
	var endBars func()
	opts.Progress, endBars = simProgress(c, opts.Runs)
	start := time.Now()
	res, err := simulateRuns(ctx, b, opts, sharded)
	endBars() // before anything is printed
	// Bad options, or a protocol that broke its rules during a run: a model error.
	if err != nil && ctx.Err() == nil {
		return usageError("%w", checker.ExplainModelError(b.Model, err))
	}
	s, took := res.Summarize(), time.Since(start)
	if !c.Bool("json") && !sharded {
		printSimulation(c.App.Writer, b, opts, s, took)
	}
	var saved []string
	if ctx.Err() == nil {
		if saved, err = saveFailures(c, b, opts, res); err != nil {
			return err
		}
	}
	if sharded && ctx.Err() == nil { // an interrupted shard writes no part: the merge says it is missing
		if err := writeSimPart(c, b, opts, total, sh, res, saved, took.Seconds()); err != nil {
			return err
		}
	}
	if c.Bool("json") { // after the traces are saved, which it lists
		if err := printJSON(c.App.Writer, simulationJSONOf(b, opts, s, saved, took.Seconds(), ctx.Err() != nil)); err != nil {
			return err
		}
	}
	if ctx.Err() != nil {
		return &exitError{exitInconclusive, fmt.Errorf("%w: %d of %s done", context.Cause(ctx), s.Stabilized+s.Deadlocked+s.Bound, counted(opts.Runs, "run"))}
	}
	return verdictExit(ctx, s.Deadlocked > 0, s.Bound > 0)
}

// simulateRuns runs the simulation, or none for a shard of more shards than runs (its part
// is empty; a whole simulation of no run is refused by Simulate).
func simulateRuns(ctx context.Context, b *runs.Run, opts sim.Options, shard bool) (*sim.Result, error) {
	if shard && opts.Runs == 0 {
		return sim.NoRuns(opts), nil
	}
	return sim.Simulate(ctx, b.Protocol, opts)
}

// simulation validates the command line and builds the model.
func simulation(c *cli.Context) (*runs.Run, sim.Options, error) {
	var opts sim.Options
	entry, params, err := modelArg(c)
	if err != nil {
		return nil, opts, err
	}
	if c.String("topology") == "all" && !entry.Rooted {
		return nil, opts, usageError("simulate runs on one topology; --topology all makes one per tree")
	}
	rs := runs.Description{Model: entry.Name, Params: params, Topology: c.String("topology"), Daemon: c.String("daemon"), Fairness: "unfair"}
	b, err := rs.Build()
	if err != nil {
		return nil, opts, usageError("%w", err)
	}
	opts = sim.Options{Runs: c.Int("runs"), Seed: c.Uint64("seed"), MaxSteps: c.Int("max-steps"), Workers: c.Int("workers"),
		Legit: b.Spec.Legit, Costs: b.Spec.Costs, Init: b.Init, Faults: c.Int("faults"), FaultGap: c.Int("fault-gap")}
	switch c.String("end") {
	case "legitimate":
	case "start":
		opts.EndAtStart = true
	default:
		return nil, opts, usageError("--end is legitimate or start, not %q", c.String("end"))
	}
	if opts.Daemon, err = model.ParseDaemon(b.Canonical.Daemon); err != nil {
		return nil, opts, usageError("%w", err)
	}
	if opts.Scheduler, err = schedulerOf(c.String("scheduler")); err != nil {
		return nil, opts, err
	}
	if !c.IsSet("seed") {
		opts.Seed = uint64(time.Now().UnixNano())
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	return b, opts, nil
}

// printSpread is one row of the distribution table.
func printSpread(w io.Writer, name string, s sim.Spread) {
	fmt.Fprintf(w, "  %-10s %10s %10s %10s %10s %12.2f\n", name, group(uint64(s.Min)), group(uint64(s.Median)),
		group(uint64(s.P99)), group(uint64(s.Max)), s.Mean)
}

func schedulerOf(name string) (sim.Scheduler, error) {
	for i, s := range sim.Schedulers {
		if s == name {
			return sim.Scheduler(i), nil
		}
	}
	return 0, usageError("unknown scheduler %q (want %s)", name, strings.Join(sim.Schedulers, ", "))
}

// printSimulation writes the distribution.
func printSimulation(w io.Writer, b *runs.Run, opts sim.Options, s sim.Summary, took time.Duration) {
	fmt.Fprintf(w, "%s %s · %s daemon · %s scheduler · %s · seed %d\n", b.Canonical.Model,
		summary.Params(b.Canonical.Model, b.Canonical.Params), b.Canonical.Daemon, opts.Scheduler, groupCounted(uint64(opts.Runs), "run"), opts.Seed)
	if opts.Faults > 0 {
		fmt.Fprintf(w, "  (from the legitimate configuration each run reaches: %s, 0..%d steps apart; from the first fault, and the steps after the last)\n",
			counted(opts.Faults, "fault"), opts.FaultGap)
	}
	if opts.EndAtStart {
		fmt.Fprintln(w, "  (a run recovers only back in the very configuration the first fault hit)")
	}
	fmt.Fprintf(w, "  %-10s %10s %10s %10s %10s %12s\n", "", "min", "median", "p99", "max", "mean")
	for _, row := range []struct {
		name string
		s    sim.Spread
	}{{"moves", s.Moves}, {"steps", s.Steps}, {"rounds", s.Rounds}, {"after last", s.AfterLast}} {
		if row.name == "after last" && opts.Faults == 0 {
			continue
		}
		printSpread(w, row.name, row.s)
	}
	for _, c := range s.Costs {
		printSpread(w, c.Name, c.Spread)
	}
	fmt.Fprintf(w, "\n  stabilized   %s of %s", group(uint64(s.Stabilized)), groupCounted(uint64(opts.Runs), "run"))
	if s.Deadlocked > 0 {
		where := "the legitimate set"
		if opts.EndAtStart {
			where = "the configuration they started from"
		}
		fmt.Fprintf(w, "; %s stuck outside %s", group(uint64(s.Deadlocked)), where)
	}
	if s.Bound > 0 {
		fmt.Fprintf(w, "; %s not within %s", group(uint64(s.Bound)), groupCounted(uint64(opts.MaxSteps), "step"))
	}
	if len(s.FirstFailed) > 0 {
		var runs []string
		for _, i := range s.FirstFailed {
			runs = append(runs, fmt.Sprint(i))
		}
		if s.Deadlocked+s.Bound > len(s.FirstFailed) {
			runs = append(runs, "…")
		}
		fmt.Fprintf(w, "\n  not stabilized: runs %s (numbered from 0; a run depends only on the seed and its number)", strings.Join(runs, ", "))
	}
	fmt.Fprintf(w, "\n  time         %.2f s\n", took.Seconds())
	fmt.Fprintln(w, "  (a simulation proves nothing: mc check decides; the same seed gives the same runs)")
}

// withFaults is the run a simulated recovery's trace is an execution of: the protocol with
// the simulation's faults, the recovery check's model.
func withFaults(b *runs.Run, opts sim.Options) (*runs.Run, error) {
	d := b.Canonical
	d.Checks, d.Faults, d.End = []string{"recovery"}, opts.Faults, ""
	if opts.EndAtStart {
		d.End = "start"
	}
	fb, err := d.Build()
	if err != nil {
		return nil, fmt.Errorf("the model with faults, to save the runs: %w", err)
	}
	return fb, nil
}

// saveFailures writes the trace of every run that did not stabilize to --dir, as mc replay
// reads it, and returns the files written. A run whose first fault hit is an execution of the
// model with faults (built once); one stuck on its way to the legitimate set, before any
// fault, is an execution of the model without.
func saveFailures(c *cli.Context, b *runs.Run, opts sim.Options, res *sim.Result) ([]string, error) {
	dir := c.String("dir")
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, usageError("--dir: %w", err)
	}
	var files []string
	var faulty *runs.Run
	for _, run := range res.Runs {
		if run.Outcome != sim.Deadlocked && run.Outcome != sim.Bounded {
			continue
		}
		rb, ropts := b, opts
		switch {
		case run.Faults == 0: // stuck before its first fault: an execution without faults
			ropts.Faults = 0
		case faulty == nil:
			var err error
			if faulty, err = withFaults(b, opts); err != nil {
				return nil, err
			}
			fallthrough
		default:
			rb = faulty
		}
		t, err := sim.Trace(rb.Protocol, rb.Model, ropts, run.Index)
		if err != nil {
			return nil, &exitError{exitInconclusive, err}
		}
		if err := model.Replay(rb.Model, t); err != nil { // every trace is re-checked before it is shown
			return nil, &exitError{exitInconclusive, fmt.Errorf("run %d does not replay: %w", run.Index, err)}
		}
		tj, err := trace.Encode(rb.Model, t)
		if err != nil {
			return nil, err
		}
		about := aboutOf(rb)
		what := "stuck outside the legitimate set"
		if run.Outcome == sim.Bounded {
			what = "not stabilized after " + counted(run.Steps, "step")
		}
		saved := summary.Report{About: about, Verdict: checker.Violated, Checks: []summary.Check{{
			CheckResult: checker.CheckResult{Name: fmt.Sprintf("simulate run %d of seed %d", run.Index, opts.Seed),
				Verdict: checker.Violated, Detail: what}, Trace: tj}}}
		path := filepath.Join(dir, fmt.Sprintf("run-%d.json", run.Index))
		if err := writeJSON(path, saved); err != nil {
			return nil, &exitError{exitUsage, err}
		}
		files = append(files, path)
	}
	return files, nil
}
