package app

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/checker/shard"
	"github.com/mc-checker/mc/checker/sim"
	"github.com/mc-checker/mc/models"
	"github.com/urfave/cli/v2"
)

// shardFlags are the flags of a command that runs as one shard of many (docs/CLUSTER.md).
func shardFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "shard", Usage: "run shard `I/N` only (I from 0) and write its part to --part-out; without it, --part-out takes the shard from SLURM_ARRAY_TASK_ID (MIN, MAX or COUNT, STEP) or JOB_COMPLETION_INDEX"},
		&cli.IntFlag{Name: "shards", Usage: "with JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), the Job's completions `N` (or MC_SHARDS)"},
		&cli.StringFlag{Name: "part-out", Usage: "write this shard's part to `FILE`, for mc merge"},
	}
}

// shardOf is the shard the command line asks for: --shard, else the scheduler's variables
// when --part-out is given (a run outside a scheduler, without --shard, is whole). ok false:
// the whole run.
func shardOf(c *cli.Context) (s shard.Shard, ok bool, err error) {
	out := c.String("part-out")
	switch {
	case c.IsSet("shard") && out == "":
		return s, false, usageError("--shard writes its part to --part-out FILE (mc merge puts the parts together)")
	case c.IsSet("shard"):
		s, err = shard.Parse(c.String("shard"))
		if err != nil {
			return s, false, usageError("%w", err)
		}
		return s, true, nil
	case out == "":
		return s, false, nil
	}
	s, ok, err = shard.FromEnv(os.Getenv, c.Int("shards"))
	switch {
	case err != nil:
		return s, false, usageError("%w", err)
	case !ok:
		return s, false, usageError("--part-out without --shard I/N, and no scheduler's index (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX) is set")
	}
	return s, true, nil
}

// simShard narrows opts to the runs of shard s: every shard of one simulation must draw
// from one seed. A shard of more shards than runs takes none (an array larger than the work).
func simShard(c *cli.Context, opts *sim.Options, s shard.Shard) error {
	switch {
	case !c.IsSet("seed"):
		return usageError("a shard needs --seed: the shards of one simulation draw from one seed")
	case c.Bool("json"):
		return usageError("a shard prints no figures (they are a part of the whole): mc merge --json prints the simulation")
	case opts.Runs < 1:
		return usageError("simulate at least one run")
	}
	opts.First, opts.Runs = s.Range(opts.Runs)
	return nil
}

// engineRun is what of the checker's options changes a run's output (the engine, the store's
// kind and bounds, fingerprints or whole states, the lint): every part of one run records it,
// so that parts run with other options do not merge. --workers and --timeout change nothing.
type engineRun struct {
	Engine    string `json:"engine"`
	Hashed    bool   `json:"hashed,omitempty"`
	Exact     bool   `json:"exact,omitempty"`
	MaxStates uint64 `json:"max_states,omitempty"`
	Mem       string `json:"mem,omitempty"`
	Compress  string `json:"compress"`
	Order     string `json:"order,omitempty"`
	Lint      bool   `json:"lint,omitempty"`
}

func engineOf(c *cli.Context) engineRun {
	return engineRun{Engine: c.String("engine"), Hashed: c.Bool("hashed"), Exact: c.Bool("exact"), MaxStates: c.Uint64("max-states"),
		Mem: c.String("mem"), Compress: c.String("compress"), Order: c.String("order"), Lint: c.Bool("lint")}
}

// digests are the SHA-256 of the files a run reads (a protocol file, a .dot topology, proof
// files), so that parts of runs over edited files do not merge; a name that is no file (a
// catalogue model, "path") has none.
func digests(paths ...string) []string {
	var out []string
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			sum := sha256.Sum256(data)
			out = append(out, p+" "+hex.EncodeToString(sum[:]))
		}
	}
	return out
}

// unchanged refuses a merge that would read files (a protocol, a topology) edited since
// the shards ran: the merge rebuilds the run from them, and would print another run's
// header over the shards' results, or check another model's counterexamples.
func unchanged(files []string) error {
	for _, f := range files {
		path, _, _ := strings.Cut(f, " ")
		if now := digests(path); len(now) != 1 || now[0] != f {
			return usageError("%s is not the file the shards read (its SHA-256 differs, or it is gone): merge where the shards' files are, as they were", path)
		}
	}
	return nil
}

// simRun is what identifies a simulation among the parts of a merge: the run as described
// and the simulation's settings. Every shard of one simulation writes it the same.
type simRun struct {
	Files      []string         `json:"files,omitempty"` // digests
	Run        runs.Description `json:"run"`
	Runs       int              `json:"runs"`
	Seed       uint64           `json:"seed"`
	MaxSteps   int              `json:"max_steps"`
	Scheduler  string           `json:"scheduler"`
	Faults     int              `json:"faults,omitempty"`
	FaultGap   int              `json:"fault_gap,omitempty"`
	EndAtStart bool             `json:"end_at_start,omitempty"`
}

// simPart is a simulation shard's results: its runs' tallies and the traces it saved.
type simPart struct {
	Partial sim.Partial `json:"partial"`
	Saved   []string    `json:"saved,omitempty"`
}

// writeSimPart writes the part of shard s of the simulation opts (First and Runs its range).
func writeSimPart(c *cli.Context, b *runs.Run, opts sim.Options, total int, s shard.Shard, res *sim.Result, saved []string, seconds float64) error {
	run := simRun{Files: digests(b.Given.Model, b.Given.Topology), Run: b.Given, Runs: total, Seed: opts.Seed, MaxSteps: opts.MaxSteps, Scheduler: opts.Scheduler.String(),
		Faults: opts.Faults, FaultGap: opts.FaultGap, EndAtStart: opts.EndAtStart}
	took := fmt.Sprintf("%s of %s (seed %d)", span("runs", opts.First, opts.Runs), counted(total, "run"), opts.Seed)
	return writePart(c, shard.Part{Command: "simulate", Shard: s, First: uint64(opts.First), Items: uint64(opts.Runs), Seconds: seconds}, run,
		simPart{Partial: res.Partial(), Saved: saved}, took, "the whole simulation")
}

// writePart writes a shard's part (p with the run it belongs to and its results, as JSON) to
// --part-out, and says so on stderr: a shard's standard output stays empty, the merge's is
// the result.
func writePart(c *cli.Context, p shard.Part, run, results any, took, merged string) error {
	var err error
	if p.Run, err = json.Marshal(run); err != nil {
		return err
	}
	if p.Data, err = json.Marshal(results); err != nil {
		return err
	}
	p.Version = version()
	if err := shard.Write(c.String("part-out"), p); err != nil {
		return usageError("--part-out: %w", err)
	}
	fmt.Fprintf(c.App.ErrWriter, "shard %s: %s, written to %s; mc merge prints %s\n", p.Shard, took, c.String("part-out"), merged)
	return nil
}

// sweepRun identifies a sweep among the parts of a merge: the flags that decide its table.
type sweepRun struct {
	Engine   engineRun `json:"engine"`
	Files    []string  `json:"files,omitempty"` // digests
	Model    string    `json:"model"`
	Params   []string  `json:"params"`
	Search   string    `json:"search"`
	Daemon   string    `json:"daemon"`
	Fairness string    `json:"fairness"`
	Check    string    `json:"check"`
	Lint     bool      `json:"lint,omitempty"`
}

// sweepPart is a sweep shard's rows, in the order of the assignments.
type sweepPart struct {
	Rows         []sweepRow `json:"rows"`
	Inconclusive bool       `json:"inconclusive,omitempty"`
}

// writeSweepPart writes the part of shard s of a sweep: the rows of the assignments from first.
func writeSweepPart(c *cli.Context, entry *models.Entry, search *models.Param, s shard.Shard, first, n int, part sweepPart, took time.Duration) error {
	run := sweepRun{Engine: engineOf(c), Files: digests(c.Args().First()), Model: entry.Name, Params: c.StringSlice("param"), Search: search.Name, Daemon: c.String("daemon"),
		Fairness: c.String("fairness"), Check: c.String("check"), Lint: c.Bool("lint")}
	return writePart(c, shard.Part{Command: "sweep", Shard: s, First: uint64(first), Items: uint64(n), Seconds: took.Seconds()}, run, part,
		span("assignments", first, n)+" of the sweep", "the whole table")
}

// treesRun identifies a run over every labelled tree among the parts of a merge.
type treesRun struct {
	Engine engineRun        `json:"engine"`
	Files  []string         `json:"files,omitempty"` // digests
	Run    runs.Description `json:"run"`
}

// writeTreesPart writes the part of shard s of a run over every tree: trees first..first+n-1.
func writeTreesPart(c *cli.Context, rs runs.Description, s shard.Shard, first, n int, part *treesPart, took time.Duration) error {
	rs.Tree = nil
	return writePart(c, shard.Part{Command: "check --topology all", Shard: s, First: uint64(first), Items: uint64(n), Seconds: took.Seconds()},
		treesRun{Engine: engineOf(c), Files: digests(rs.Model), Run: rs}, part, span("trees", first, n), "every tree's row")
}

// verifyRun identifies a verify among the parts of a merge: its proof files, by name and
// content, and whether it lints.
type verifyRun struct {
	Engine engineRun `json:"engine"`
	Files  []string  `json:"files"` // digests
}

// verifyPart is a verify shard's lines, in the order of the runs, and how many deviate;
// with --report, its runs drawn, which mc merge --report puts in their files' pages.
type verifyPart struct {
	Lines  string      `json:"lines"`
	Failed int         `json:"failed"`
	Total  int         `json:"total"` // the runs of every shard
	Pages  []filePages `json:"pages,omitempty"`
}

// writeVerifyPart writes the part of shard s of a verify: its runs first..first+n-1.
func writeVerifyPart(c *cli.Context, s shard.Shard, first, n int, part verifyPart, took time.Duration) error {
	err := writePart(c, shard.Part{Command: "verify", Shard: s, First: uint64(first), Items: uint64(n), Seconds: took.Seconds()},
		verifyRun{Engine: engineOf(c), Files: digests(c.Args().Slice()...)}, part,
		fmt.Sprintf("%s of %d", span("proof runs", first, n), part.Total), "the whole verify")
	if err != nil {
		return err
	}
	return verdictExit(c.Context, part.Failed > 0, false)
}

// span says which items a shard took: "runs 10 to 19", or none (more shards than items).
func span(items string, first, n int) string {
	if n == 0 {
		return "no " + items + " (more shards than " + items + ")"
	}
	return fmt.Sprintf("%s %d to %d", items, first, first+n-1)
}
