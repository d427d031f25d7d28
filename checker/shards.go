package checker

import (
	"context"
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/shard"
)

// A shard of a run (Options.Shard) checks a range of the universe's ranks, each
// configuration an initial one and on its own: the checks of one configuration or one step
// (invariants, action invariants, deadlock, closure), whose whole-run verdict is the
// conjunction of the shards' and whose counterexample is the one at the least rank that
// violates the check (every configuration is initial, so every shortest counterexample is
// one configuration, or one step from it). The dense store keeps nothing per configuration
// for a shard, so a cluster can share a universe no one machine would scan in time, up to
// 2^64 configurations. MergeShards puts the shards' results together.

// Ranks is a range of the universe's ranks: the configurations First..First+Count−1.
type Ranks struct {
	First uint64 `json:"first"`
	Count uint64 `json:"count"`
}

// shardChecks are the checks a shard decides.
var shardChecks = []Check{CheckInvariant, CheckAction, CheckDeadlock, CheckClosure}

// shardFits says why spec on m cannot run as a shard with opts (the table's rows, and the
// stores a shard has no use for), or nil.
func shardFits(m model.Model, spec *Spec, opts Options) error {
	have := spec.features(m)
	have[FeatureShard] = true
	have[FeatureSymbolic] = opts.Engine == EngineSymbolic
	if err := Refused(have, quotes(m)); err != nil {
		return err
	}
	switch {
	case opts.Hashed || opts.Store.onDisk():
		return errors.New("a shard checks its configurations in the dense store, which keeps nothing per configuration: the hashed and disk stores do not apply")
	case opts.Checkpoints != nil:
		return errors.New("a shard keeps no checkpoint (it keeps nothing per configuration): a shard that stopped is run again")
	case opts.Shard != nil:
		return opts.Shard.Valid()
	}
	return nil
}

// shardRanks is the range of ranks a run checks: the one MergeShards asks for (a single
// configuration), or its shard's of a universe of size configurations; nil: every rank.
func (o Options) shardRanks(size uint64) *Ranks {
	switch {
	case o.window != nil:
		return o.window
	case o.Shard != nil:
		first, n := o.Shard.Ranks(size)
		return &Ranks{first, n}
	}
	return nil
}

// MergeShards is the whole run's result from the results of its shards (Run of m and spec
// with Options.Shard 0/N … N−1/N, given in that order): each check violated if a shard
// violates it, with the counterexample the whole run finds (the least violating rank's, which
// is checked on m again and replayed), else inconclusive if a shard is, else holding; the
// figures added up (the seconds too: the run's CPU time, not its wall time). It refuses
// results that are not the shards of one such run, covering the universe once, in order,
// and a counterexample outside its shard's ranks or other than its configuration gives. A
// shard that was interrupted left its checks inconclusive: a later shard's violation is
// then still one, if not the least rank's.
func MergeShards(ctx context.Context, m model.Model, spec Spec, opts Options, parts []*Result) (*Result, error) {
	opts.Shard, opts.window = &shard.Shard{Index: 0, Count: 1}, nil
	r, err := newRun(ctx, m, &spec, opts) // validates the run as a shard, and sizes the universe
	if err != nil {
		return nil, err
	}
	if err := tiles(parts, r.u.Size()); err != nil {
		return nil, err
	}
	names := shardCheckNames(&spec)
	res := &Result{Stats: mergedStats(r.res.Stats, parts)}
	rechecked := map[uint64]*Result{}
	for j, p := range parts {
		if len(p.Checks) != len(names) {
			return nil, fmt.Errorf("shard %d has %d results, the run %d checks: the shards are not this run's", j, len(p.Checks), len(names))
		}
	}
	for i, name := range names {
		c, from, err := mergedCheck(parts, i, name)
		if err != nil {
			return nil, err
		}
		if c.Verdict == Violated {
			if c, err = r.recheck(rechecked, c, name, *parts[from].Stats.Ranks); err != nil {
				return nil, err
			}
		}
		res.Checks = append(res.Checks, c)
	}
	return res, nil
}

// tiles checks that the parts' ranges cover the universe's size ranks once, in order.
func tiles(parts []*Result, size uint64) error {
	next := uint64(0)
	for i, p := range parts {
		rs := p.Stats.Ranks
		switch {
		case rs == nil:
			return fmt.Errorf("result %d is not a shard's (it names no range of ranks)", i)
		case rs.First != next:
			return fmt.Errorf("result %d checks ranks from %d, not from %d: give every shard's, in order", i, rs.First, next)
		}
		next = rs.First + rs.Count
	}
	if next != size {
		return fmt.Errorf("the shards check ranks up to %d of a universe of %d", next, size)
	}
	return nil
}

// shardCheckNames are the names of the results of a shard of spec, in order.
func shardCheckNames(spec *Spec) []string {
	var names []string
	for _, c := range AllChecks {
		switch {
		case !spec.has(c):
		case c == CheckInvariant:
			for _, p := range spec.Invariants {
				names = append(names, string(c)+" "+p.Name)
			}
		case c == CheckAction:
			for _, p := range spec.Actions {
				names = append(names, string(c)+" "+p.Name)
			}
		default:
			names = append(names, string(c))
		}
	}
	return names
}

// mergedCheck is check i (named name) over every shard: the first shard's violation (and
// that shard), else the first inconclusive verdict, else the first shard's.
func mergedCheck(parts []*Result, i int, name string) (CheckResult, int, error) {
	var inconclusive *CheckResult
	for j, p := range parts {
		if p.Checks[i].Name != name {
			return CheckResult{}, j, fmt.Errorf("shard %d's checks are not the run's (want %s at %d)", j, name, i)
		}
		switch c := p.Checks[i]; c.Verdict {
		case Violated:
			if c.Trace == nil || len(c.Trace.States) == 0 {
				return c, j, fmt.Errorf("shard %d: %s is violated without a counterexample", j, name)
			}
			return c, j, nil
		case Inconclusive:
			if inconclusive == nil {
				inconclusive = &p.Checks[i]
			}
		}
	}
	if inconclusive != nil {
		return *inconclusive, -1, nil
	}
	return parts[0].Checks[i], -1, nil
}

// recheck checks the configuration a shard's counterexample of check name starts from on
// its own (a run over its one rank, cached in done), and returns that run's result of the
// check, replayed: the whole run's, provided it is the shard's and lies in its ranks.
func (r *run) recheck(done map[uint64]*Result, c CheckResult, name string, in Ranks) (CheckResult, error) {
	start := c.Trace.States[0]
	if err := r.m.Schema().Valid(start); err != nil {
		return c, fmt.Errorf("the counterexample of %s: %w", name, err)
	}
	rank := r.u.Rank(start)
	if rank < in.First || rank-in.First >= in.Count {
		return c, fmt.Errorf("the counterexample of %s starts at rank %d, outside its shard's ranks (%d to %d)", name, rank, in.First, in.First+in.Count-1)
	}
	one, ok := done[rank]
	if !ok {
		opts := r.opts
		opts.Shard, opts.window, opts.Progress = nil, &Ranks{rank, 1}, nil
		var err error
		if one, err = Run(r.ctx, r.m, *r.spec, opts); err != nil {
			return c, err
		}
		if r.ctx.Err() != nil { // interrupted: nothing was checked again
			return c, context.Cause(r.ctx)
		}
		done[rank] = one
	}
	for _, again := range one.Checks {
		if again.Name == name && again.Verdict == Violated && again.Trace.Equal(c.Trace) && again.Detail == c.Detail {
			return again, nil
		}
	}
	return c, fmt.Errorf("the counterexample of %s a shard gives is not the one its first configuration (rank %d) gives: a part of another run, or edited", name, rank)
}

// mergedStats are the figures of the whole run: of the universe (whole), and the shards'
// added up.
func mergedStats(whole Stats, parts []*Result) Stats {
	st := Stats{Universe: whole.Universe, UniverseSize: whole.UniverseSize, Store: "dense"}
	for _, p := range parts {
		ps := p.Stats
		st.InitialStates += ps.InitialStates
		st.States += ps.States
		st.Transitions += ps.Transitions
		st.Seconds += ps.Seconds
		st.PeakMemoryBytes = max(st.PeakMemoryBytes, ps.PeakMemoryBytes)
		if ps.Interrupted {
			st.Interrupted, st.StoppedIn = true, ps.StoppedIn
		}
	}
	if st.Seconds > 0 && !st.Interrupted {
		st.StatesPerSecond = float64(st.States) / st.Seconds
	}
	return st
}
