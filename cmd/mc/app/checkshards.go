package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/checker/shard"
	"github.com/urfave/cli/v2"
)

// checkShard runs shard s of mc check's one model (its range of the universe's ranks:
// checker.Options.Shard) and writes its part; the library refuses what a shard does not
// decide. An interrupted shard writes no part.
func checkShard(c *cli.Context, b *runs.Run, opts checker.Options, s shard.Shard) error {
	for _, flag := range []string{"json", "report", "trace-out", "trace-dot", "witness"} {
		if c.IsSet(flag) {
			return usageError("a shard prints nothing of its own (its result is a part of the whole): mc merge --%s prints the run", flag)
		}
	}
	for _, flag := range []string{"dir", "checkpoint-every"} {
		if c.IsSet(flag) {
			return usageError("a shard keeps nothing per configuration, and saves nothing: --%s does not apply (a shard that stopped is run again)", flag)
		}
	}
	if err := storeOptions(c, &opts); err != nil {
		return err
	}
	opts.Shard = &s
	ctx, stop := runContext(c)
	defer stop()
	r, err := runBuilt(ctx, b, opts)
	if err != nil {
		return err
	}
	res := r.res
	if res.Stats.Interrupted { // no part: the merge says it is missing
		return &exitError{exitInconclusive, fmt.Errorf("%w: no part written", context.Cause(ctx))}
	}
	part := checkPart{Stats: res.Stats}
	for _, cr := range res.Checks {
		part.Checks = append(part.Checks, partCheck{CheckResult: cr, Trace: cr.Trace})
	}
	ranks := res.Stats.Ranks
	run := oneRun{Engine: engineOf(c), Files: digests(b.Given.Model, b.Given.Topology), Run: b.Given}
	took := fmt.Sprintf("configurations %s to %s of %s", group(ranks.First), group(ranks.First+ranks.Count-1), group(res.Stats.UniverseSize))
	if ranks.Count == 0 {
		took = "no configuration (more shards than configurations)"
	}
	err = writePart(c, shard.Part{Command: "check", Shard: s, First: ranks.First, Items: ranks.Count, Seconds: res.Stats.Seconds},
		run, part, took, "the whole check")
	if err != nil {
		return err
	}
	return verdictExit(ctx, res.Verdict() == checker.Violated, res.Verdict() == checker.Inconclusive)
}

// oneRun identifies a check of one model among the parts of a merge.
type oneRun struct {
	Engine engineRun        `json:"engine"`
	Files  []string         `json:"files,omitempty"` // digests
	Run    runs.Description `json:"run"`
}

// checkPart is a check shard's results: each check over its ranks, with its counterexample,
// and its figures (checker.Stats, with its ranks).
type checkPart struct {
	Checks []partCheck   `json:"checks"`
	Stats  checker.Stats `json:"stats"`
}

// partCheck is one check's result with its counterexample, whose first configuration the
// merge checks again.
type partCheck struct {
	checker.CheckResult
	Trace *model.Trace `json:"trace,omitempty"`
}

// checkMerger reads the run of a check's part (named name): the universe its shards split.
func checkMerger(name string, p shard.Part) (merger, error) {
	var run oneRun
	if err := json.Unmarshal(p.Run, &run); err != nil {
		return merger{}, usageError("%s: %w", name, err)
	}
	if err := unchanged(run.Files); err != nil {
		return merger{}, err
	}
	b, err := run.Run.Build()
	if err != nil {
		return merger{}, usageError("%s: the parts' run: %w", name, err)
	}
	u, err := universe.New(b.Model.Schema())
	if err != nil {
		return merger{}, usageError("%s: %w", name, err)
	}
	return merger{u.Size(), func(c *cli.Context, parts []shard.Part) error { return mergeCheck(c, b, parts) }}, nil
}

// mergeCheck prints the check the parts make, as mc check prints it: text, --json,
// --trace-out, --report and --trace-dot.
func mergeCheck(c *cli.Context, b *runs.Run, parts []shard.Part) error {
	var results []*checker.Result
	for _, p := range parts {
		var cp checkPart
		if err := json.Unmarshal(p.Data, &cp); err != nil {
			return usageError("shard %s: %w", p.Shard, err)
		}
		res := &checker.Result{Stats: cp.Stats}
		for _, pc := range cp.Checks {
			pc.CheckResult.Trace = pc.Trace
			res.Checks = append(res.Checks, pc.CheckResult)
		}
		results = append(results, res)
	}
	res, err := b.Merge(c.Context, checker.Options{}, results)
	var internal *checker.InternalError
	switch {
	case errors.As(err, &internal) || c.Context.Err() != nil: // a counterexample that does not replay, an interrupt: never a verdict
		return &exitError{exitInconclusive, err}
	case err != nil:
		return usageError("%w", err)
	}
	return printRun(c.Context, c, newReport(b, res))
}
