package checker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mc-checker/mc/checker/internal/checkpoint"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/mapped"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
)

// hashed is what a hashed exploration keeps its graph and visited set in: the store chosen
// by Options.Store, in one place.
type hashed struct {
	kind    StoreKind
	exact   bool
	visited store.Store
	cfg     explore.Config
	space   *mapped.Space   // the graph's files from the start (StoreDisk, StoreBadger)
	grow    *onDemand       // the move to disk of StoreAuto
	ck      *checkpoint.Dir // nil without checkpoints
}

// openHashed chooses and opens the stores of a hashed exploration of m. The directories are
// locked before any file in them is touched: the graph's (its space) and the checkpoints',
// then the visited set, which clears its directory.
func openHashed(ctx context.Context, m model.Model, spec *Spec, opts Options) (*hashed, error) {
	budget := opts.budget()
	h := &hashed{kind: opts.Store, exact: opts.Exact, cfg: explore.Config{Workers: opts.workers(), MaxStates: opts.MaxStates,
		Memory: budget, Progress: opts.Progress, Movers: spec.Fairness == WeaklyFair, Actions: spec.actionsToCheck(),
		Compress: opts.compresses(m.Schema().Width())}}
	var err error
	if opts.Store.onDisk() {
		h.space, err = mapped.NewSpace(opts.Dir, budget)
		h.cfg.Space = h.space
	}
	if err == nil && opts.Checkpoints != nil {
		h.ck, err = openCheckpoints(ctx, m, spec, opts)
	}
	if err == nil {
		err = h.openVisited(m.Schema().Width(), opts)
	}
	if err != nil {
		h.close()
		return nil, err
	}
	return h, nil
}

// openVisited opens the visited set the store kind asks for.
func (h *hashed) openVisited(width int, opts Options) error {
	budget := opts.budget()
	// Sorted runs are read once per segment: segments as large as a quarter of the budget
	// allows, at about 96 bytes an edge and its target's bytes until the commit.
	runSegment := min(budget/4/uint64(96+width), 1<<24)
	visitedDir := filepath.Join(opts.Dir, "visited")
	var err error
	switch opts.Store {
	case StoreMemory:
		h.visited = store.NewMemory(opts.Exact, width)
	case StoreAuto:
		h.visited = store.NewSpill("", false, opts.Exact, width, opts.workers(), budget/4)
		h.cfg.SegmentEdges = runSegment
		// It starts in memory: initial batches of a million states let an interrupt through
		// within a second (one batch of 2^24 kept a --timeout waiting 6 s).
		h.cfg.InitialBatch = 1 << 20
		if sys.CanMap { // elsewhere the run stays in memory
			h.grow = &onDemand{dir: opts.Dir, mark: budget / 2, budget: budget}
			h.cfg.Grow = func(g *explore.Explicit) error { return h.grow.check(g, h.visited) }
		}
	case StoreDisk:
		h.visited, err = store.NewBatch(visitedDir, opts.Exact, width, opts.workers())
		h.cfg.SegmentEdges = runSegment
		h.cfg.InitialBatch = min(runSegment, 1<<20) // as for auto: an interrupt gets through a batch in about a second
	case StoreBadger:
		h.visited = store.NewSpill(visitedDir, true, opts.Exact, width, opts.workers(), budget/4)
	}
	return err
}

// openCheckpoints opens the checkpoint directory of a run.
func openCheckpoints(ctx context.Context, m model.Model, spec *Spec, opts Options) (*checkpoint.Dir, error) {
	checks := fmt.Sprintf("%v/%v/%v", spec.Checks, spec.Fairness, len(spec.actionsToCheck()))
	for _, a := range spec.actionsToCheck() {
		checks += "/" + a.Name
	}
	run, err := checkpoint.Identity(ctx, m, checks)
	if err != nil {
		return nil, err
	}
	c := opts.Checkpoints
	return checkpoint.Open(checkpoint.Config{Dir: c.Dir, Every: c.Every, Resume: c.Resume, Meta: c.Meta, Run: run, Exact: opts.Exact})
}

// close removes the stores' files and releases the checkpoint directory.
func (h *hashed) close() {
	if c, ok := h.visited.(store.Closer); ok {
		c.Close()
	}
	if h.space != nil {
		h.space.Close()
	}
	if h.grow != nil {
		h.grow.close()
	}
	if h.ck != nil {
		h.ck.Close()
	}
}

// moved reports whether the graph went to files.
func (h *hashed) moved() bool { return h.space != nil || h.grow != nil && h.grow.space != nil }

// spilled is the number of states of the visited set beyond memory.
func (h *hashed) spilled() uint64 {
	if c, ok := h.visited.(store.Counter); ok {
		return c.Spilled()
	}
	return 0
}

// name says where the exploration kept its graph and visited set: "memory", or "disk" for
// the graph in files, with "+runs" or "+badger" when the visited set spilled, and ", exact".
func (h *hashed) name() string {
	name := "memory"
	if h.moved() {
		name = "disk"
	}
	switch {
	case h.spilled() > 0 && h.kind == StoreBadger:
		name += "+badger"
	case h.spilled() > 0:
		name += "+runs"
	}
	if h.exact {
		name += ", exact"
	}
	return name
}

// explore runs the BFS of m, from a checkpoint and saving checkpoints when there are.
func (h *hashed) explore(ctx context.Context, m model.Model, stats *Stats) (*explore.Explicit, error) {
	if h.ck == nil {
		return explore.BFS(ctx, m, h.visited, h.cfg)
	}
	g, err := h.start(ctx, m, stats)
	if g == nil {
		return nil, err
	}
	if err == nil {
		cfg := h.cfg
		cfg.Committed = func(g *explore.Explicit) error {
			if h.ck.Due() {
				return h.ck.Save(g)
			}
			return nil
		}
		err = g.Explore(ctx, h.visited, cfg)
	}
	if stoppedEarly(err) || err == nil && h.ck.Every > 0 {
		if f, ok := h.visited.(store.Fallible); ok && f.Failed() != nil {
			return nil, f.Failed()
		}
		if serr := h.ck.Save(g); serr != nil {
			return nil, serr
		}
		stats.Checkpoint = h.ck.Dir
	}
	return g, err
}

// start is the graph the BFS starts from: the saved one, or the initial states.
func (h *hashed) start(ctx context.Context, m model.Model, stats *Stats) (*explore.Explicit, error) {
	if !h.ck.Resume {
		return explore.Start(ctx, m, h.visited, h.cfg)
	}
	g, err := h.ck.Load(m, h.cfg, func(g *explore.Explicit, bytes uint64) error {
		if h.grow != nil && bytes > h.grow.mark { // a run that had moved to disk goes there first
			return h.grow.move(g, h.visited)
		}
		return nil
	})
	if err == nil {
		err = explore.Rebuild(g, h.visited, h.cfg)
		if errors.Is(err, explore.ErrSavedTwice) {
			err = h.ck.Corrupt(err)
		}
	}
	if err != nil {
		return nil, err
	}
	stats.Resumed, stats.Checkpoint = true, h.ck.Dir
	return g, nil
}

// onDemand moves a hashed exploration to disk once its heap passes a mark: the graph's next
// pages come from files, and the visited set may spill to sorted runs, in dir or, if it is
// empty, a temporary directory removed at close. Until then the run is the in-memory one.
type onDemand struct {
	dir    string
	mark   uint64 // heap bytes
	budget uint64 // for the disk space's watcher
	tmp    string
	space  *mapped.Space
}

// check moves g and the visited set to disk if the heap is past the mark; once.
func (o *onDemand) check(g *explore.Explicit, visited store.Store) error {
	if o.space != nil || sys.InUse() < o.mark {
		return nil
	}
	return o.move(g, visited)
}

// move moves g and the visited set to disk now.
func (o *onDemand) move(g *explore.Explicit, visited store.Store) error {
	dir := o.dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "mc-")
		if err != nil {
			return &sys.DiskError{Err: err}
		}
		o.tmp, dir = tmp, tmp
	}
	space, err := mapped.NewSpace(dir, o.budget)
	if err != nil {
		return err
	}
	o.space = space
	if s, ok := visited.(store.Spiller); ok {
		s.SpillTo(filepath.Join(dir, "visited"))
	}
	return g.UseDisk(space)
}

func (o *onDemand) close() {
	if o.space != nil {
		o.space.Close()
	}
	if o.tmp != "" {
		os.RemoveAll(o.tmp)
	}
}

// releaseVisited closes the visited set once the exploration is over: the analyses read the
// graph only, and the set's memory (about 28 bytes a state) goes back before they start.
func (h *hashed) releaseVisited() {
	if c, ok := h.visited.(store.Closer); ok {
		c.Close()
	}
	h.visited = nil
}
