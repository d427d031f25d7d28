package checker

import (
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/checkpoint"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// checking is one analysis of a Run's graph: the state its families of checks share (the
// scan, the convergence search's labels, the findings) and the helpers they share. Each
// check, decided by its family (families.go), records a finding (its result, with a
// counterexample built from the graph, and what the counterexample must show); the last
// stage replays every counterexample and witness through the model before any result is
// returned.
type checking struct {
	*run
	scan      *analysis.ScanResult
	labels    *analysis.Labels // the convergence search's, when it ran to the end
	cutLabels *analysis.Labels // the labels of an interrupted search, to save
	rounds    *analysis.Rounds // the worst case in rounds, when measured (roundsSearch)
	found     []finding
}

// finding is a check's result before its replay.
type finding struct {
	result CheckResult
	// validate checks what the trace (or, without one, the witness configuration) must show
	// beyond being an execution of the model from an initial state; nil: nothing more.
	validate func(*model.Trace) error
	// witnesses are the worst-case executions the result's figures rest on.
	witnesses []witness
}

// witness is a worst-case witness before its replay: it must be as long as claimed.
type witness struct {
	trace   *model.Trace
	want    uint64
	measure *analysis.Measure // nil: steps
	rounds  bool              // measured in rounds (measure is then nil)
}

// analyse runs the scan, the convergence search if a check needs it, every check, and the
// replay.
func (a *checking) analyse() error {
	search := a.complete && (a.spec.has(CheckConvergence) || a.spec.has(CheckWorstCase) || a.spec.has(CheckRecovery))
	expandAll := !search || a.spec.has(CheckEventually) // eventually's searches count no transitions
	a.scan = analysis.Scan(a.ctx, a.g, analysis.Pass{Legit: a.spec.Legit, Invariants: a.spec.Invariants,
		ExpandAll: expandAll, Workers: a.opts.workers(), Progress: a.opts.Progress})
	if a.scan.Invalid != nil {
		return a.scan.Invalid
	}
	a.res.Stats.Transitions = a.scan.Transitions
	if search {
		if err := a.searchLongest(); err != nil {
			return err
		}
		if a.labels != nil && !expandAll {
			a.res.Stats.Transitions += a.labels.Transitions
		}
	}
	if err := a.checkAll(a.families()); err != nil {
		return err
	}
	return a.replay()
}

// searchLongest runs the convergence search with 16-bit labels, and again with 32 bits if the
// longest path does not fit.
func (a *checking) searchLongest() error {
	l, err := a.search(a.scan.Legit, true)
	if a.ctx.Err() != nil { // interrupted: labels are partial, decide nothing (but keep them)
		a.cutLabels = l
		return nil
	}
	a.labels = l
	return err
}

// search labels every node with its longest distance to the nodes of legit, with 8-bit labels,
// and again with 16 and 32 bits while the longest path does not fit. Only the run's own legitimate set
// (own) resumes from saved labels and measures moves and ticks.
func (a *checking) search(legit par.Bitmap, own bool) (*analysis.Labels, error) {
	s := analysis.Search{Legit: legit, Workers: a.opts.workers(), Progress: a.opts.Progress}
	if !own {
		return a.searchBits(s)
	}
	// Moves differ from steps only when a step can fire several processes: not under the
	// central daemon. A hand-written model may fill Step.Moves, so it gets both labels.
	traits := model.TraitsOf(a.m)
	if !traits.OneMovePerStep {
		s.Measures = append(s.Measures, analysis.ByMoves)
	}
	if traits.Timed {
		s.Measures = append(s.Measures, analysis.ByTicks)
	}
	if ck := a.checkpoints(); ck != nil && a.res.Stats.Resumed {
		s.Saved = ck.LoadLabels(a.explicit, a.scan.Legit)
	}
	s.Rounds = a.roundsSearch()
	return a.searchBits(s)
}

func (a *checking) searchBits(s analysis.Search) (*analysis.Labels, error) {
	for _, bits := range []uint{8, 16, 32} {
		if a.hashed == nil && bits == 32 { // the dense store's budget was checked for 16 bits (par.Cells)
			if err := a.opts.fits(a.g.Size(), a.g.Size()*8, "32-bit labels"); err != nil {
				return nil, fmt.Errorf("an execution is longer than 65,533 steps and 32-bit labels do not fit: %w", err)
			}
		}
		s.Bits = bits
		l, err := analysis.Longest(a.ctx, a.g, s)
		switch {
		case errors.Is(err, analysis.ErrCellOverflow):
			continue
		case a.ctx.Err() != nil:
			return l, nil
		case err != nil:
			return nil, err
		}
		return l, nil
	}
	return nil, fmt.Errorf("an execution is longer than 2^32 steps")
}

// add records a check's result, to be replayed.
func (a *checking) add(c CheckResult, validate func(*model.Trace) error) {
	a.found = append(a.found, finding{result: c, validate: validate})
}

// partial is the verdict of a check that could not look at the whole graph.
func (a *checking) partial(name string) {
	detail := "the exploration stopped at a bound before the graph was complete"
	if a.bound != "" {
		detail += " (" + a.bound + ")"
	}
	a.add(CheckResult{Name: name, Verdict: Inconclusive, Detail: detail}, nil)
}

// checkpoints is the checkpoint directory of a complete hashed graph, or nil.
func (a *checking) checkpoints() *checkpoint.Dir {
	if a.hashed == nil || !a.complete {
		return nil
	}
	return a.hashed.ck
}
