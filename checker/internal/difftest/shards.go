package difftest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/shard"
)

// shardSource tells the source of a protocol's shard counts from the protocol's.
const shardSource = 0x5ba_4d50

// shardable reports whether a run checks the universe configuration by configuration in the
// dense store, as a shard does (checker.Options.Shard).
func shardable(cfg Config) bool {
	return cfg.Start == Everything && cfg.Store == Dense && !cfg.Rotation && cfg.Faults == nil
}

// sharded compares the run's checks of one configuration or one step, run whole, with the
// same checks run in shards and merged (checker.MergeShards): the verdicts, the details,
// the counterexamples step for step, and the figures. n shards, 1 to 9, sometimes more
// than the universe's configurations.
func (h *harness) sharded(ctx context.Context, b *built, rng *rand.Rand) error {
	spec := b.spec
	spec.Checks = slices.DeleteFunc(slices.Clone(spec.Checks), func(c checker.Check) bool {
		return !slices.Contains([]checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock, checker.CheckClosure}, c)
	})
	if len(spec.Checks) == 0 {
		return nil
	}
	whole, err := checker.Run(ctx, b.m, spec, b.opts)
	if err != nil {
		return fmt.Errorf("the whole run of the shards' checks: %v", err)
	}
	n := 1 + rng.IntN(9)
	var parts []*checker.Result
	for i := range n {
		opts := b.opts
		opts.Shard = &shard.Shard{Index: i, Count: n}
		part, err := checker.Run(ctx, b.m, spec, opts)
		if err != nil {
			return fmt.Errorf("shard %d/%d: %v", i, n, err)
		}
		parts = append(parts, part)
	}
	merged, err := checker.MergeShards(ctx, b.m, spec, b.opts, parts)
	if err != nil {
		return fmt.Errorf("merging %d shards: %v", n, err)
	}
	h.seen["shards"]++
	if merged.Verdict() == checker.Violated {
		h.seen["shards violated"]++
	}
	return sameResult(whole, merged, n)
}

// sameResult compares a whole run with its shards' merge.
func sameResult(whole, merged *checker.Result, n int) error {
	var d diffs
	w, m := whole.Stats, merged.Stats
	if w.Universe != m.Universe || w.UniverseSize != m.UniverseSize || w.InitialStates != m.InitialStates || w.States != m.States ||
		w.Transitions != m.Transitions || w.Store != m.Store || m.Ranks != nil {
		d.add("%d shards: figures %+v, the whole run's %+v", n, m, w)
	}
	if len(whole.Checks) != len(merged.Checks) {
		d.add("%d shards: %d checks, the whole run %d", n, len(merged.Checks), len(whole.Checks))
		return d.err()
	}
	for i, c := range whole.Checks {
		s := merged.Checks[i]
		if c.Name != s.Name || c.Verdict != s.Verdict || c.Detail != s.Detail || !c.Trace.Equal(s.Trace) {
			d.add("%d shards: %s %s (%s) %v, the whole run %s %s (%s) %v", n, s.Name, s.Verdict, s.Detail, s.Trace, c.Name, c.Verdict, c.Detail, c.Trace)
		}
	}
	return d.err()
}
