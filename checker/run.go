package checker

import (
	"context"
	"errors"
	"runtime/debug"
	"time"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
)

// Run explores m and runs the checks of spec, in stages: choose the store (the dense store
// for a model that starts from its universe, else a hashed one as opts says), explore,
// analyse (one scan, the convergence search, the checks), build the counterexamples and
// witnesses, and replay each through the model before it is returned.
//
// A check that cannot be decided (a bound was hit, ctx was cancelled) is Inconclusive; an
// error means bad input, a model that breaks its contract, or an internal failure (an
// *InternalError), never a verdict.
func Run(ctx context.Context, m model.Model, spec Spec, opts Options) (*Result, error) {
	if useSymbolic(m, &spec, opts) {
		return runSymbolic(ctx, m, spec, opts)
	}
	start := time.Now()
	r, err := newRun(ctx, m, &spec, opts)
	if err != nil {
		return nil, err
	}
	defer r.close()
	if err := r.audited(r.explore()); err != nil {
		return nil, err
	}
	if r.g == nil { // interrupted before the initial states were all numbered
		r.complete = false
		for _, c := range spec.Checks {
			r.res.Checks = append(r.res.Checks, CheckResult{Name: string(c), Verdict: Inconclusive, Detail: "interrupted"})
		}
		r.finish(start)
		return r.res, nil
	}
	a := &checking{run: r}
	if err := r.audited(a.analyse()); err != nil {
		return nil, err
	}
	if err := r.keepInterrupted(a); err != nil {
		return nil, err
	}
	r.finish(start)
	return r.res, nil
}

// run is one Run: its inputs, and what the stages hand on.
type run struct {
	ctx  context.Context
	m    model.Model
	spec *Spec
	opts Options
	res  *Result
	u    *universe.Universe // nil when the schema's universe passes 2^64
	// What the exploration leaves: the graph, complete unless a bound or an interruption
	// stopped it, the same graph when a BFS built it and its stores, and the first violations
	// of the action invariants the BFS evaluated as it went (nil: the analyses evaluate them).
	g        explore.Graph
	complete bool
	bound    string // the bound that left the graph incomplete, if one did
	explicit *explore.Explicit
	hashed   *hashed
	progress lastProgress // where an interrupted run was
	ranks    *Ranks       // a shard's configurations; nil: every one
}

// newRun validates the inputs and sizes the universe.
func newRun(ctx context.Context, m model.Model, spec *Spec, opts Options) (*run, error) {
	if m.Schema() == nil {
		return nil, errors.New("the model has no schema")
	}
	if err := spec.validate(m); err != nil {
		return nil, err
	}
	if err := opts.validate(); err != nil {
		return nil, err
	}
	if opts.Shard != nil || opts.window != nil {
		if err := shardFits(m, spec, opts); err != nil {
			return nil, err
		}
	}
	r := &run{ctx: ctx, m: m, spec: spec, opts: opts, res: &Result{}, complete: true}
	r.opts.Progress = r.progress.wrap(opts.Progress)
	// The universe indexes the dense store and bounds characterise; a BFS from explicit initial
	// states only reports its size, which may not even fit 64 bits.
	u, err := universe.New(m.Schema())
	switch {
	case err != nil && (universal(m) || spec.has(CheckCharacterise)):
		return nil, err
	case err != nil:
		r.res.Stats.Universe = "more than 2^64"
	default:
		r.u = u
		r.res.Stats.Universe, r.res.Stats.UniverseSize = u.Formula(), u.Size()
		r.ranks = opts.shardRanks(u.Size())
	}
	if spec.has(CheckCharacterise) {
		if err := opts.fits(u.Size(), u.Size()/8, "characterise (a bit per configuration)"); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// close removes the stores' files and frees the graph: nothing Run returns refers to it.
func (r *run) close() {
	if r.hashed != nil {
		r.hashed.close()
	}
	if r.explicit != nil {
		r.explicit.Release()
	}
}

// explore builds the graph: a universe goes to the dense store unless the run keeps its
// files on disk, which explores every configuration as an initial state of a hashed BFS.
func (r *run) explore() error {
	if r.opts.Dense(r.m) {
		return r.exploreDense()
	}
	return r.exploreHashed()
}

func (r *run) exploreDense() error {
	if r.opts.Checkpoints != nil {
		return errors.New("checkpoints are kept for hashed explorations; this model's universe is checked in the dense store, which has none yet (--store disk or badger explores it hashed)")
	}
	d := explore.NewDense(r.m, r.u)
	if r.ranks != nil { // nothing kept per configuration: any universe fits
		d.Window(r.ranks.First, r.ranks.First+r.ranks.Count)
		r.res.Stats.Ranks = r.ranks
	} else if err := r.opts.fitsDense(r.u.Size()); err != nil {
		return err
	}
	if _, rounds := r.measuresRounds(r.u.Size()); r.spec.Fairness != WeaklyFair && !rounds {
		d.WithoutMovers()
	}
	if where, _ := model.InitOverUniverse(r.m); where != nil {
		d.Explore(r.ctx, where, r.opts.workers())
	}
	r.g = d
	st := &r.res.Stats
	st.Store, st.InitialStates, st.States = "dense", d.InitialCount(), d.ReachedCount()
	if st.InitialStates == 0 && r.ranks == nil && r.ctx.Err() == nil { // a shard may have no configuration: more shards than there are
		return errors.New("the model has no initial state")
	}
	return nil
}

func (r *run) exploreHashed() error {
	h, err := openHashed(r.ctx, r.m, r.spec, r.opts)
	if stoppedEarly(err) { // interrupted while listing the initial states: no graph yet
		return nil
	}
	if err != nil {
		return err
	}
	r.hashed = h
	st := &r.res.Stats
	began := time.Now()
	x, err := h.explore(r.ctx, r.m, st)
	st.ExploreSeconds = time.Since(began).Seconds()
	var bound explore.BoundError
	switch {
	case stoppedEarly(err):
		r.complete = false
		if errors.As(err, &bound) {
			r.bound = bound.What
		}
	case err != nil:
		return err
	}
	st.SpilledStates, st.Store = h.spilled(), h.name()
	h.releaseVisited()
	if x == nil { // interrupted while numbering the initial states: no graph yet
		return nil
	}
	if h.moved() {
		// The exploration's segments are garbage now: their pages go back to the system,
		// so that the analyses' resident set is their labels and the mapped pages the
		// watcher bounds, not the heap's high-water mark on top.
		debug.FreeOSMemory()
	}
	r.g, r.explicit = x, x
	for id := uint64(0); id < x.Size() && x.Initial(id); id++ {
		st.InitialStates++
	}
	st.Depth, st.States = x.Levels(), x.Size()
	if n := float64(x.Size()); !r.opts.Exact {
		st.CollisionProbability = n * (n - 1) / (1 << 65)
	}
	return nil
}

// stoppedEarly reports whether an exploration ended at a bound or an interruption, leaving a
// partial graph, rather than failing.
func stoppedEarly(err error) bool {
	var bound explore.BoundError
	return errors.As(err, &bound) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// keepInterrupted saves, for a run interrupted during the analyses, the complete graph
// (unless it already is) and the labels the convergence search had finished.
func (r *run) keepInterrupted(a *checking) error {
	if r.ctx.Err() == nil || r.hashed == nil || r.hashed.ck == nil || !r.complete {
		return nil
	}
	ck := r.hashed.ck
	if err := ck.Save(r.explicit); err != nil {
		return err
	}
	if a.cutLabels != nil {
		if err := ck.SaveLabels(r.explicit, a.cutLabels, a.scan.Legit); err != nil {
			return err
		}
	}
	r.res.Stats.Checkpoint = ck.Dir
	return nil
}

// finish makes an interrupted run's undecided checks inconclusive and fills in the timings.
func (r *run) finish(start time.Time) {
	res := r.res
	if r.ctx.Err() != nil {
		// A violation found before the interruption stands: its trace was replayed. Nothing
		// else was decided.
		res.Stats.Interrupted, res.Stats.StoppedIn = true, "analyses"
		if !r.complete {
			res.Stats.StoppedIn = "exploration"
		}
		if p, ok := r.progress.get(); ok && p.Total > 0 && p.States < p.Total {
			res.Stats.StoppedAt = &p // a phase of known size, unfinished
		}
		if !r.complete && r.explicit != nil {
			res.Stats.Transitions = r.explicit.Edges() // what the BFS committed
		}
		if res.Stats.Symbolic == nil { // the symbolic engine's checks are decided one by one: what it finished stands
			for i, c := range res.Checks {
				if c.Verdict != Violated {
					res.Checks[i] = CheckResult{Name: c.Name, Verdict: Inconclusive, Detail: "interrupted"}
				}
			}
			res.Metrics = Metrics{}
		}
	}
	res.Stats.Seconds = time.Since(start).Seconds()
	if res.Stats.Seconds > 0 && res.Stats.StoppedIn != "analyses" && res.Stats.Symbolic == nil { // the rate of a whole run or of its exploration
		res.Stats.StatesPerSecond = float64(res.Stats.States) / res.Stats.Seconds
	}
	res.Stats.PeakMemoryBytes = sys.PeakRSS()
}

// universal reports whether m's initial set is described over the universe.
func universal(m model.Model) bool {
	_, ok := model.InitOverUniverse(m)
	return ok
}
