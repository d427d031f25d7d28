package app

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/urfave/cli/v2"
)

// run executes the run; input errors come back as usage errors.
func runBuilt(ctx context.Context, b *runs.Run, opts checker.Options) (*report, error) {
	res, err := b.Check(ctx, opts)
	endRun(opts.Progress) // the bars end before the caller prints
	var internal *checker.InternalError
	switch {
	case errors.As(err, &internal):
		return nil, &exitError{exitInconclusive, err}
	case err != nil:
		return nil, &exitError{exitUsage, err}
	}
	return newReport(b, res), nil
}

// daemonFlag is the --daemon of every command that runs a model.
func daemonFlag() cli.Flag {
	return &cli.StringFlag{Name: "daemon", DefaultText: "central, or the model's (mc list)", Usage: "central, locally-central, distributed or synchronous (or cd, lcd, dd, sd)"}
}

// runFlags are the flags shared by the commands that run the checker.
func runFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "workers", DefaultText: "GOMAXPROCS", Usage: "exploring goroutines; results do not depend on it"},
		&cli.DurationFlag{Name: "timeout", DefaultText: "none", Usage: "stop after this long; the run is then inconclusive (exit 3)"},
		&cli.Uint64Flag{Name: "max-states", DefaultText: "none", Usage: "bound on the states of a hashed exploration (inconclusive when hit)"},
		&cli.StringFlag{Name: "mem", DefaultText: "3/4 of the machine", Usage: "memory budget, e.g. 4GiB: a dense universe that needs more is refused; a hashed exploration goes to disk at half of it (--store auto) and stops inconclusive if its heap still passes it"},
		&cli.BoolFlag{Name: "progress", DefaultText: "when stderr is a terminal", Usage: "report progress on stderr"},
		&cli.BoolFlag{Name: "hashed", Usage: "explore a model that starts from every configuration by BFS over the hashed store (every configuration an initial state) instead of the dense store"},
		&cli.BoolFlag{Name: "exact", Usage: "key a hashed exploration's visited set by whole states, not 64-bit fingerprints: no collision possible, more memory"},
		&cli.StringFlag{Name: "compress", Value: "auto", Usage: "store a hashed exploration's configurations by tree compression (a few dozen bytes a state, decoded when read): auto for configurations of 256 bytes or more, always, never; never with --dir"},
		&cli.StringFlag{Name: "engine", Value: "explicit", Usage: "explicit: the configurations one by one (dense or hashed store); symbolic: BDDs of sets of configurations, for a state-model protocol from every configuration (docs/SYMBOLIC.md); auto: symbolic where the dense store cannot hold the universe"},
		&cli.StringFlag{Name: "order", DefaultText: "0..n-1", Usage: "the symbolic engine's variable order: every process once, top level first, e.g. 0,2,4,3,1"},
		&cli.BoolFlag{Name: "lint", Usage: "check the protocol contract on every step the run meets: statements write only what their process owns, moves of one step write distinct variables, guards read only neighbours (slower; a breach is a model error, exit 2)"},
	}
}

// runContext is the command's context (interrupted by Ctrl-C or SIGTERM from the start of
// the process) bounded by --timeout.
func runContext(c *cli.Context) (context.Context, context.CancelFunc) {
	if d := c.Duration("timeout"); d > 0 {
		return context.WithTimeoutCause(c.Context, d, fmt.Errorf("stopped by --timeout %s", d))
	}
	return context.WithCancel(c.Context)
}

func runOptions(c *cli.Context) (checker.Options, error) {
	switch {
	case c.Int("workers") < 0:
		return checker.Options{}, usageError("--workers must be positive")
	case c.Duration("timeout") < 0:
		return checker.Options{}, usageError("--timeout must be positive")
	case c.IsSet("max-states") && c.Uint64("max-states") == 0:
		return checker.Options{}, usageError("--max-states must be positive")
	}
	opts := checker.Options{Workers: c.Int("workers"), MaxStates: c.Uint64("max-states"), Exact: c.Bool("exact"), Hashed: c.Bool("hashed")}
	engine, err := checker.ParseEngine(c.String("engine"))
	if err != nil {
		return checker.Options{}, usageError("--engine: %w", err)
	}
	opts.Engine = engine
	if opts.Compress, err = checker.ParseCompression(c.String("compress")); err != nil {
		return checker.Options{}, usageError("%w", err)
	}
	if text := c.String("order"); text != "" {
		for _, f := range strings.Split(text, ",") {
			p, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return checker.Options{}, usageError("--order: %q is not a process number", f)
			}
			opts.Order = append(opts.Order, p)
		}
	}
	if text := c.String("mem"); text != "" {
		budget, err := parseBytes(text)
		if err != nil {
			return checker.Options{}, usageError("--mem: %w", err)
		}
		if machine := checker.MachineMemory(); machine > 0 && budget > machine {
			warn(c, "--mem %s is more than this machine's %s of memory: the budget will not stop a run before the system does", text, gib(machine))
		}
		opts.MemoryBudget = budget
		// The collector keeps the heap under the budget too, instead of letting it reach
		// twice the live data between collections.
		debug.SetMemoryLimit(int64(min(budget, 1<<62)))
	}
	opts.Progress = runProgress(c)
	return opts, nil
}

// parseBytes reads a size such as 4GiB, 512M or 1000000 (binary multiples: K, M, G, T).
func parseBytes(text string) (uint64, error) {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(text), "B"), "i")
	shift := 0
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]&^0x20); i >= 0 {
			shift, t = 10*(i+1), t[:n-1]
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil || v == 0 || v > (1<<63)>>shift {
		return 0, fmt.Errorf("%q is not a size like 4GiB", text)
	}
	return v << shift, nil
}

// warn writes a stated warning: the run goes on.
func warn(c *cli.Context, format string, args ...any) {
	fmt.Fprintf(c.App.ErrWriter, "mc: warning: "+format+"\n", args...)
}

// gib writes bytes in GiB, or MiB below one GiB.
func gib(b uint64) string {
	if b < 1<<30 {
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
}

// warnUnbounded says that --max-states does not bound the runs checked in the dense store.
func warnUnbounded(c *cli.Context, opts checker.Options, runs ...*runs.Run) {
	if opts.MaxStates == 0 {
		return
	}
	for _, b := range runs {
		if opts.Dense(b.Model) {
			warn(c, "--max-states bounds a BFS from explicit initial states; %s checks every configuration in the dense store, which it does not bound", b.Canonical.Model)
			return
		}
	}
}
