package checker

import (
	"slices"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/model"
)

// The worst case in rounds is defined for a model made of processes (at most
// model.MaxFairProcs) whose worst case is checked. Spec.Rounds measures it there, whatever it
// costs. Spec.RoundsByDefault measures it where it comes at about the price of moves and
// steps: where the table of combinations admits rounds, the convergence search values them as
// it labels the graph (a dense graph, or one whose edges keep their moving processes), and
// their words (analysis.RoundBytes a configuration) take at most maxDefaultRoundsBytes and fit
// the memory budget. Elsewhere --rounds asks for them.

// maxDefaultRoundsBytes bounds the memory of the rounds measured by default: 4 bytes a
// configuration for 8 processes is 268 million configurations (Dijkstra's ring of 8 under
// any daemon, not of 9).
const maxDefaultRoundsBytes = 1 << 30

// roundsProcesses are the run's processes where rounds are defined, or false.
func (r *run) roundsProcesses() (model.Processes, bool) {
	procs, ok := model.ProcessesOf(r.m)
	ok = ok && procs.Procs() > 0 && procs.Procs() <= model.MaxFairProcs && slices.Contains(r.spec.Checks, CheckWorstCase)
	return procs, ok
}

// measuresRounds is the run's processes when it may measure rounds over n configurations:
// asked, or by default where the table admits them and their words fit. The graph must then
// keep its steps' moving processes.
func (r *run) measuresRounds(n uint64) (model.Processes, bool) {
	procs, ok := r.roundsProcesses()
	if !ok || r.spec.Rounds {
		return procs, ok
	}
	have := r.spec.features(r.m)
	have[FeatureRounds] = true
	need := n * analysis.RoundBytes(procs.Procs())
	return procs, r.spec.RoundsByDefault && Refused(have, quotes(r.m)) == nil && need <= maxDefaultRoundsBytes &&
		r.opts.fits(n, need, "rounds") == nil
}

// roundsSearch is the rounds search of a run that measures its worst case in rounds, made
// once, so that the convergence search can fill it (nil for other runs). By default only a
// search the convergence search fills is made.
func (a *checking) roundsSearch() *analysis.Rounds {
	if a.rounds == nil {
		procs, ok := a.measuresRounds(a.g.Size())
		if !ok || !a.spec.Rounds && !analysis.ValuedInSearch(a.g) {
			return nil
		}
		a.rounds = analysis.NewRounds(a.ctx, a.g, procs, a.scan.Legit, false, a.opts.workers())
	}
	return a.rounds
}
