package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
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
			daemonFlag(),
			&cli.StringFlag{Name: "fairness", Value: "unfair", Usage: "unfair or weakly-fair"},
			&cli.StringFlag{Name: "symmetry", Value: "none", Usage: "rotation: one state per orbit under rotation, for models of an anonymous ring (maxring); traces are real executions"},
			&cli.StringFlag{Name: "reduce", Value: "none", Usage: "blocks: with the distributed daemon, one connected set of enabled processes a step (same configurations, deadlocks and cycles, fewer transitions); for invariants, deadlock, closure, characterise and convergence with closure. por: with the central daemon, the moves of a stubborn set (fewer configurations and transitions; the protocol's footprints); for deadlock, and convergence, worst-case and recovery to a silent legitimate set"},
			&cli.StringFlag{Name: "end", Usage: "recovery's end condition: legitimate (the default) or start (back in the configuration it started from, for silent protocols)"},
			&cli.IntFlag{Name: "faults", Usage: "the recovery check's budget `K`: at most K faults, each rewriting what one process owns, at any time"},
			&cli.StringSliceFlag{Name: "fault-vars", Usage: "faults rewrite only these variables (a name, or a name followed by the process: x for x0, x1, …)"},
			&cli.IntSliceFlag{Name: "fault-values", Usage: "faults write only these values (the others a fault leaves as they are)"},
			&cli.StringFlag{Name: "fault-scope", Usage: "what one fault rewrites: process (the default: any of one process's variables at once, each kept or rewritten) or variable (one variable, or one record such as a query, of one process)"},
			&cli.BoolFlag{Name: "rounds", Usage: "measure the worst case in rounds (every process enabled at a round's start has moved or been disabled), with a witness, wherever it is defined; by default it is measured where it costs about as much as moves and steps (dense graphs of up to 1 GiB of rounds), --rounds=false never"},
			&cli.StringFlag{Name: "reading", Value: "reachable", Usage: "convergence from every reachable configuration (reachable) or only from the initial ones up to their first legitimate configuration (strict); the worst case always reads strictly"},
			&cli.StringFlag{Name: "check", DefaultText: "the model's, see mc list", Usage: "comma-separated: invariant, action-invariant, characterise, deadlock, closure, convergence, worst-case, eventually, recovery, almost-sure (convergence with probability 1, randomized protocols), almost-sure-stable (eventually always legitimate with probability 1), expected-time"},
			&cli.Float64Flag{Name: "precision", DefaultText: "1e-6", Usage: "expected-time: stop the interval iteration when its bounds are this close, relatively"},
			&cli.IntFlag{Name: "exact-block", DefaultText: "3000", Usage: "expected-time: solve exactly when the largest strongly connected block of the worst scheduler's chain has at most this many configurations (-1: never)"},
			&cli.StringFlag{Name: "topology", DefaultText: "path", Usage: "for models on a tree, `TOPOLOGY` is path, star, tree:K (the K-th labelled tree of n nodes), all (every one of them, a row each) or a Graphviz FILE.dot"},
			&cli.BoolFlag{Name: "json", Usage: "print the run as JSON"},
			&cli.StringFlag{Name: "trace-out", Usage: "save the run with its traces to `FILE` for mc replay"},
			&cli.BoolFlag{Name: "witness", Usage: "print the worst-case execution"},
			reportFlag(), traceDotFlag(),
			&cli.StringFlag{Name: "store", Value: "auto", Usage: "auto: memory, moving to disk (--dir, or a temporary directory) when the heap passes half of --mem; memory: the graph and visited set on the heap only; disk: the graph in files under --dir, mapped into memory (--mem bounds the resident part), and the older part of the visited set in sorted runs there; badger: the same with the visited set in badger"},
			&cli.StringFlag{Name: "dir", Usage: "save the exploration in `DIR` when stopped (Ctrl-C, SIGTERM, a bound), to continue it with --resume; also the files of --store disk and badger"},
			&cli.DurationFlag{Name: "checkpoint-every", Usage: "with --dir, also save every `DURATION` while exploring (e.g. 10m) and when the exploration is complete: a killed run resumes from the last save"},
			&cli.StringFlag{Name: "resume", Usage: "continue the run saved in `DIR` (takes no model, and the saved --store, --mem and --exact unless given; --workers and the output flags may change)"},
		}, append(append(runFlags(), shardFlags()...), profileFlags()...)...),
		Action: profiled(runCheck),
	}
}

func runCheck(c *cli.Context) error {
	one, all, err := checkRun(c)
	if err != nil {
		return err
	}
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	if all != nil {
		return checkAllTrees(c, *all, opts)
	}
	if s, sharded, err := shardOf(c); err != nil || sharded {
		if err != nil {
			return err
		}
		if c.IsSet("resume") {
			return usageError("--resume continues a whole run; a shard saves nothing to continue")
		}
		return checkShard(c, one, opts, s)
	}
	if opts.Checkpoints, err = checkpoints(c, one); err != nil {
		return err
	}
	saving.Store(opts.Checkpoints != nil)
	if err := storeOptions(c, &opts); err != nil {
		return err
	}
	if err := picturesWritable(c); err != nil { // before a run that may take hours
		return err
	}
	warnUnbounded(c, opts, one)
	ctx, stop := runContext(c)
	defer stop()
	r, err := runBuilt(ctx, one, opts)
	if err != nil {
		return err
	}
	return printRun(ctx, c, r)
}

// printRun writes a run's outputs, as mc check and the merge of its shards write them: the
// JSON (--json, --trace-out), the report (unless --json), the pictures (--report,
// --trace-dot), and the verdict's exit code.
func printRun(ctx context.Context, c *cli.Context, r *report) error {
	if err := writeOutputs(c, r); err != nil {
		return err
	}
	if !c.Bool("json") {
		if err := printReport(c.App.Writer, r, c.Bool("witness")); err != nil { // mc merge has no --witness
			return err
		}
	}
	if err := writePictures(c, r); err != nil { // last: the run's other outputs are out
		return err
	}
	return verdictExit(ctx, r.res.Verdict() == checker.Violated, r.res.Verdict() == checker.Inconclusive)
}

// checkRun validates the run the command line asks for and builds it: the saved one with
// --resume; with --topology all, the run of every labelled tree is returned unbuilt (all),
// to be built when its turn comes.
func checkRun(c *cli.Context) (one *runs.Run, all *runs.Description, err error) {
	if dir := c.String("resume"); dir != "" {
		if c.NArg() != 0 {
			return nil, nil, usageError("--resume continues the saved run; it takes no model")
		}
		for _, flag := range []string{"param", "daemon", "fairness", "check", "topology", "lint", "reading", "rounds",
			"symmetry", "reduce", "end", "faults", "fault-vars", "fault-values", "fault-scope", "precision", "exact-block"} {
			if c.IsSet(flag) {
				return nil, nil, usageError("--resume continues the saved run as it was asked for; --%s does not apply", flag)
			}
		}
		one, err = savedRun(c, dir)
		return one, nil, err
	}
	entry, params, err := modelArg(c)
	if err != nil {
		return nil, nil, err
	}
	var checks []string
	switch text := strings.TrimSpace(c.String("check")); {
	case c.IsSet("check") && text == "":
		return nil, nil, usageError("--check names no check (want a comma-separated list; leave it out for the model's defaults)")
	case text != "":
		checks = strings.Split(text, ",")
	}
	rs := runs.Description{Model: entry.Name, Params: params, Topology: c.String("topology"), Daemon: c.String("daemon"),
		Fairness: c.String("fairness"), Reading: c.String("reading"), Rounds: c.Bool("rounds"), NoRounds: c.IsSet("rounds") && !c.Bool("rounds"), Checks: checks, Lint: c.Bool("lint"),
		Symmetry: c.String("symmetry"), Reduce: c.String("reduce"), End: c.String("end"), Faults: c.Int("faults"), FaultVars: c.StringSlice("fault-vars"), FaultValues: c.IntSlice("fault-values"), FaultScope: c.String("fault-scope"),
		Precision: c.Float64("precision"), ExactBlock: c.Int("exact-block")}
	if rs.Topology == "all" && !entry.Rooted { // a Rooted model starts from every rooted tree in one run
		return nil, &rs, allTreesOnly(c, entry)
	}
	if one, err = rs.Build(); err != nil {
		return nil, nil, usageError("%w", err)
	}
	return one, nil, nil
}

// modelArg is the command's one model, with the values of its --param flags (the others take
// their defaults when the run is validated).
func modelArg(c *cli.Context) (*models.Entry, map[string]int, error) {
	if c.NArg() != 1 {
		return nil, nil, usageError("%s needs exactly one model (see mc list)", c.Command.Name)
	}
	entry, err := lookupModel(c.Args().First())
	if err != nil {
		return nil, nil, usageError("%w", err)
	}
	params, err := entry.Given(c.StringSlice("param"))
	if err != nil {
		return nil, nil, usageError("%w", err)
	}
	return entry, params, nil
}

// allTreesOnly refuses --topology all where it does not apply.
func allTreesOnly(c *cli.Context, entry *models.Entry) error {
	switch {
	case !entry.Tree:
		return usageError("model %s has a fixed topology; --topology does not apply", entry.Name)
	case c.String("trace-out") != "":
		return usageError("--trace-out saves one run; --topology all makes one per tree")
	case c.String("dir") != "":
		return usageError("--dir keeps one run; --topology all makes one per tree")
	case c.String("report") != "" || c.String("trace-dot") != "":
		return usageError("--report and --trace-dot draw one run; --topology all makes one per tree (pick one with --topology tree:K)")
	}
	return nil
}

// writeOutputs writes the JSON of a run: to the file of --trace-out (which mc replay reads),
// and with --json to stdout.
func writeOutputs(c *cli.Context, r *report) error {
	if path := c.String("trace-out"); path != "" {
		v, err := r.json()
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
	v, err := r.json()
	if err != nil {
		return err
	}
	return printJSON(c.App.Writer, v)
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
