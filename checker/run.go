package checker

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/mc-checker/mc/checker/model"
)

// Run explores m and runs the checks of spec. Models that start from their whole universe are
// explored in the dense store, others by BFS over the hashed memory store.
//
// A check that cannot be decided (a bound was hit, ctx was cancelled) is Inconclusive; an error
// means bad input or an internal failure, never a verdict.
func Run(ctx context.Context, m model.Model, spec Spec, opts Options) (*Result, error) {
	if m.Schema() == nil {
		return nil, errors.New("the model has no schema")
	}
	if err := spec.validate(m); err != nil {
		return nil, err
	}
	start := time.Now()
	res := &Result{}
	// The universe indexes the dense store and bounds characterise; a BFS from explicit initial
	// states only reports its size, which may not even fit 64 bits.
	u, err := model.NewUniverse(m.Schema())
	if err != nil && (universal(m) || spec.has(CheckCharacterise)) {
		return nil, err
	}
	if err == nil {
		res.Stats.Universe, res.Stats.UniverseSize = u.Formula(), u.Size()
	} else {
		res.Stats.Universe = "more than 2^64"
	}
	if spec.has(CheckCharacterise) {
		if err := opts.fits(u.Size(), u.Size()/8, "characterise (a bit per configuration)"); err != nil {
			return nil, err
		}
	}
	var g graph
	var explicit *explicitGraph // g, when it is explored by BFS
	var ck *checkpointer        // where explicit is saved, if it is
	complete := true            // false when a bound or an interruption left the graph partial
	if opts.Spill && (opts.Disk == "" || opts.Auto) || opts.Badger && !opts.Spill {
		return nil, errors.New("Options.Spill needs Options.Disk, and excludes Auto; Options.Badger needs Spill")
	}
	// A universe goes to the dense store unless the run asks for the disk: then its every
	// configuration is an initial state of the hashed exploration.
	if universal(m) && (opts.Disk == "" || opts.Auto) {
		if opts.Checkpoints != nil {
			return nil, errors.New("checkpoints are kept for hashed explorations; this model's universe is checked in the dense store, which has none yet (--store disk or badger explores it hashed)")
		}
		if err := opts.fitsDense(u.Size()); err != nil {
			return nil, err
		}
		d := &denseGraph{m: m, u: u}
		g = d
		res.Stats.Store = "dense"
		res.Stats.InitialStates, res.Stats.States = d.size(), d.size()
		if where, _ := model.InitOverUniverse(m); where != nil {
			d.explore(ctx, where, opts.workers())
			res.Stats.InitialStates, res.Stats.States = d.initSet.count(), d.reach.count()
			if res.Stats.InitialStates == 0 && ctx.Err() == nil {
				return nil, errors.New("the model has no initial state")
			}
		}
	} else {
		cfg := bfsConfig{workers: opts.workers(), maxStates: opts.MaxStates, memory: opts.budget(),
			progress: opts.Progress, movers: spec.Fairness == WeaklyFair, actions: spec.actionsToCheck()}
		switch {
		case opts.Auto:
			cfg.grow = &onDemand{dir: opts.Disk, mark: opts.budget() / 2, budget: opts.budget()}
			defer cfg.grow.close()
		case opts.Disk != "":
			d, err := newDiskSpace(opts.Disk, opts.budget())
			if err != nil {
				return nil, err
			}
			defer d.close()
			cfg.disk = d
		}
		if opts.Checkpoints != nil {
			if ck, err = openCheckpoints(*opts.Checkpoints, m, &spec, opts.Exact); err != nil {
				return nil, err
			}
			defer ck.close()
		}
		x, err := explore(ctx, m, opts, cfg, ck, &res.Stats)
		switch {
		case stoppedEarly(err):
			complete = false
		case err != nil:
			return nil, err
		}
		if cfg.disk != nil || cfg.grow.moved() {
			// The exploration's segments are garbage now: their pages go back to the system,
			// so that the analyses' resident set is their labels and the mapped pages the
			// watcher bounds, not the heap's high-water mark on top.
			debug.FreeOSMemory()
		}
		g, explicit = x, x
		res.Stats.Store = hashedStore(opts, cfg.grow.moved(), res.Stats.SpilledStates > 0)
		for id := uint64(0); id < x.size() && x.initial(id); id++ {
			res.Stats.InitialStates++
		}
		res.Stats.Depth = x.levels
		n := float64(x.size())
		if !opts.Exact {
			res.Stats.CollisionProbability = n * (n - 1) / (1 << 65)
		}
		res.Stats.States = g.size()
	}
	a := &analysis{ctx: ctx, model: m, g: g, spec: &spec, opts: opts, res: res, complete: complete}
	if ck != nil && complete {
		a.ck, a.explicit = ck, explicit
	}
	if err := a.run(); err != nil {
		return nil, err
	}
	if ctx.Err() != nil && ck != nil && complete {
		// Interrupted during the analyses: the complete graph is kept, unless it already is,
		// and the labels the convergence search had finished.
		if err := ck.save(explicit); err != nil {
			return nil, err
		}
		if a.cutLabels != nil {
			if err := ck.saveLabels(explicit, a.cutLabels, a.scan.legit); err != nil {
				return nil, err
			}
		}
		res.Stats.Checkpoint = ck.Dir
	}
	if ctx.Err() != nil {
		// A violation found before the interruption stands: its trace was replayed. Nothing
		// else was decided.
		res.Stats.Interrupted = true
		for i, c := range res.Checks {
			if c.Verdict != Violated {
				res.Checks[i] = CheckResult{Name: c.Name, Verdict: Inconclusive, Detail: "interrupted"}
			}
		}
		res.Metrics = Metrics{}
	}
	res.Stats.Seconds = time.Since(start).Seconds()
	if res.Stats.Seconds > 0 && !res.Stats.Interrupted {
		res.Stats.StatesPerSecond = float64(res.Stats.States) / res.Stats.Seconds
	}
	res.Stats.PeakMemoryBytes = peakRSS()
	return res, nil
}

// stoppedEarly reports whether an exploration ended at a bound or an interruption, leaving a
// partial graph, rather than failing.
func stoppedEarly(err error) bool {
	var bound errBound
	return errors.As(err, &bound) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// hashedStore names where a hashed exploration kept its graph and visited set.
func hashedStore(opts Options, moved, spilled bool) string {
	name := "memory"
	if opts.Disk != "" && !opts.Auto || moved {
		name = "disk"
	}
	switch {
	case spilled && opts.Badger:
		name += "+badger"
	case spilled:
		name += "+runs"
	}
	if opts.Exact {
		name += ", exact"
	}
	return name
}

// analysis runs the checks of one Run over its graph.
type analysis struct {
	ctx      context.Context
	model    model.Model
	g        graph
	spec     *Spec
	opts     Options
	res      *Result
	complete bool
	scan     *scanResult
	longest  *longest
	// ck keeps the complete graph explicit of a run with checkpoints; its labels of an
	// interrupted convergence search are loaded for a resumed run, and cutLabels are those
	// of this run's, if it is interrupted.
	ck        *checkpointer
	explicit  *explicitGraph
	cutLabels *longest
}

func (a *analysis) run() error {
	search := a.complete && (a.spec.has(CheckConvergence) || a.spec.has(CheckWorstCase))
	a.scan = scanPass(a.ctx, a.g, a.spec, !search, a.opts.workers(), a.opts.Progress)
	if err := a.scan.invalid.get(); err != nil {
		return err
	}
	a.res.Stats.Transitions = a.scan.transitions
	if search {
		if err := a.searchLongest(); err != nil {
			return err
		}
		if a.longest != nil {
			a.res.Stats.Transitions += a.longest.transitions
		}
	}
	for _, c := range AllChecks {
		if !a.spec.has(c) {
			continue
		}
		var err error
		switch c {
		case CheckInvariant:
			err = a.invariants()
		case CheckAction:
			err = a.actionInvariants()
		case CheckCharacterise:
			err = a.characterise()
		case CheckDeadlock:
			err = a.deadlock()
		case CheckClosure:
			err = a.closure()
		case CheckConvergence:
			err = a.convergence()
		case CheckWorstCase:
			err = a.worstCase()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// searchLongest runs the convergence search with 16-bit labels, and again with 32 bits if the
// longest path does not fit.
func (a *analysis) searchLongest() error {
	// Moves differ from steps only when a step can fire several processes: not under the
	// central daemon. A hand-written model may fill Step.Moves, so it gets both labels.
	var measures []measure
	if one, ok := a.model.(model.OneMovePerStep); !ok || !one.OneMovePerStep() {
		measures = append(measures, byMoves)
	}
	if model.IsTimed(a.model) {
		measures = append(measures, byTicks)
	}
	var saved *longest
	if a.ck != nil && a.res.Stats.Resumed {
		saved = a.ck.loadLabels(a.explicit, a.scan.legit)
	}
	for _, bits := range []uint{16, 32} {
		if _, dense := a.g.(*denseGraph); dense && bits == 32 {
			if err := a.opts.fits(a.g.size(), a.g.size()*8, "32-bit labels"); err != nil {
				return fmt.Errorf("an execution is longer than 65,533 steps and 32-bit labels do not fit: %w", err)
			}
		}
		l, err := searchLongest(a.ctx, a.g, a.scan.legit, measures, bits, a.opts.workers(), a.opts.Progress, saved)
		switch {
		case errors.Is(err, errCellOverflow):
			continue
		case a.ctx.Err() != nil: // interrupted: labels are partial, decide nothing (but keep them)
			a.cutLabels = l
			return nil
		case err != nil:
			return err
		}
		a.longest = l
		return nil
	}
	return fmt.Errorf("an execution is longer than 2^32 steps")
}

// add records a check result after replaying its trace through the model.
func (a *analysis) add(c CheckResult, validate func(*model.Trace) error) error {
	if c.Trace != nil {
		err := model.Replay(a.model, c.Trace)
		if err == nil && validate != nil {
			err = validate(c.Trace)
		}
		if err == nil {
			err = a.startsInit(c.Trace)
		}
		if err != nil {
			return &InternalError{Check: c.Name, Err: err}
		}
	}
	a.res.Checks = append(a.res.Checks, c)
	return nil
}

// partial is the verdict of a check that could not look at the whole graph.
func (a *analysis) partial(name string) error {
	return a.add(CheckResult{Name: name, Verdict: Inconclusive, Detail: "the exploration stopped at a bound before the graph was complete"}, nil)
}

// nothingFound records a check that found no violation: it holds on a complete graph and is
// inconclusive on a partial one.
func (a *analysis) nothingFound(name, detail string) error {
	if !a.complete {
		return a.partial(name)
	}
	return a.add(CheckResult{Name: name, Verdict: Holds, Detail: detail}, nil)
}

func (a *analysis) pathTrace(id uint64) *model.Trace {
	p := stemTo(a.g, id)
	return traceFromNodes(a.g, p.nodes, p.steps, -1)
}

func (a *analysis) invariants() error {
	for i, inv := range a.spec.Invariants {
		name := string(CheckInvariant) + " " + inv.Name
		id, found := a.scan.invariant[i].get()
		if !found {
			if err := a.nothingFound(name, ""); err != nil {
				return err
			}
			continue
		}
		t := a.pathTrace(id)
		err := a.add(CheckResult{Name: name, Verdict: Violated, Trace: t,
			Detail: fmt.Sprintf("violated after %d steps", len(t.Steps))},
			func(t *model.Trace) error {
				if inv.Holds(t.States[len(t.States)-1]) {
					return errors.New("the last state satisfies the invariant")
				}
				return nil
			})
		if err != nil {
			return err
		}
	}
	return nil
}

func (a *analysis) deadlock() error {
	tracker := a.scan.deadlock
	if a.longest != nil {
		tracker = a.longest.deadlock
	}
	id, found := tracker.get()
	if !found {
		return a.nothingFound(string(CheckDeadlock), "")
	}
	t := a.pathTrace(id)
	return a.add(CheckResult{Name: string(CheckDeadlock), Verdict: Violated, Trace: t,
		Detail: fmt.Sprintf("an illegitimate configuration without successors, %d steps from an initial one", len(t.Steps))},
		a.endsInDeadlock)
}

func (a *analysis) closure() error {
	id, found := a.scan.closure.get()
	if !found {
		return a.nothingFound(string(CheckClosure), "")
	}
	p := stemTo(a.g, id)
	x := newExpander(a.g)
	s := a.g.schema().NewState()
	for j, e := range x.edges(id) {
		if !a.spec.Legit(x.out.target(j, len(s))) {
			p.extend(nodePath{nodes: []uint64{id, e.to}, steps: []uint32{e.index}})
			break
		}
	}
	t := traceFromNodes(a.g, p.nodes, p.steps, -1)
	return a.add(CheckResult{Name: string(CheckClosure), Verdict: Violated, Trace: t,
		Detail: "a step leaves the legitimate set"},
		func(t *model.Trace) error {
			n := len(t.States)
			if n < 2 || !a.spec.Legit(t.States[n-2]) || a.spec.Legit(t.States[n-1]) {
				return errors.New("the last step does not leave the legitimate set")
			}
			return nil
		})
}

// universal reports whether m's initial set is described over the universe.
func universal(m model.Model) bool {
	_, ok := model.InitOverUniverse(m)
	return ok
}
