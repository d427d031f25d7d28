package checker

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/fairness"
	"github.com/mc-checker/mc/checker/plural"
)

// convergence is the family of the checks that every execution reaches a set: the
// legitimate set (convergence; its worst case in moves, steps, ticks and rounds) or the goal
// of an eventually property, under the spec's fairness.
type convergence struct{ *checking }

func (convergence) checks() []Check {
	return []Check{CheckConvergence, CheckWorstCase, CheckEventually}
}

func (a convergence) decide(c Check) error {
	switch c {
	case CheckConvergence:
		return a.converges()
	case CheckWorstCase:
		a.worstCase()
	case CheckEventually:
		return a.eventually()
	}
	return nil
}

// converges decides convergence to the legitimate set; a reduction decides it only where
// closure holds.
func (a convergence) converges() error {
	name := string(CheckConvergence)
	if a.labels == nil {
		a.partial(name)
		return nil
	}
	if r := model.TraitsOf(a.m).Reduced; r != "" {
		if _, broken := a.scan.Closure.Get(); broken {
			// A step of the full daemon may pass through the legitimate set between its
			// blocks: without closure, the reduced graph decides nothing.
			a.add(CheckResult{Name: name, Verdict: Inconclusive,
				Detail: "the " + r + " reduction keeps convergence only where closure holds, and it does not"}, nil)
			return nil
		}
	}
	g := goal{name: name, holds: a.spec.Legit, labels: a.labels, set: "the legitimate set", strict: a.spec.Reading == Strict}
	return g.reaches(a.checking)
}

// goal is a set every execution must reach: the legitimate set of convergence, of the worst
// case and of recovery, or the goal of an eventually property, with the convergence search's
// labels for it. Its methods are the question the convergence and recovery families share,
// asked of one analysis.
type goal struct {
	name   string
	holds  model.Predicate
	labels *analysis.Labels
	set    string // how details name it
	// strict: only executions from an initial configuration, up to their first configuration
	// in the goal, count (Reading Strict).
	strict bool
}

// firstBad is where the counterexample to g starts, if there is one: the smallest bad node,
// or under the strict reading the smallest bad initial node.
func (g goal) firstBad(a *checking) (uint64, bool) {
	if g.strict {
		return analysis.FirstBadInitial(a.g, g.labels, a.opts.workers())
	}
	return analysis.FirstBad(a.g, g.labels, a.opts.workers()), g.labels.Bad
}

// reaches decides whether every execution reaches g (under the spec's fairness).
func (g goal) reaches(a *checking) error {
	_, bad := g.firstBad(a)
	switch {
	case !bad:
		a.add(CheckResult{Name: g.name, Verdict: Holds}, nil)
	case a.spec.Fairness == WeaklyFair:
		return g.fairlyReaches(a)
	default:
		g.avoiding(a, "")
	}
	return nil
}

// avoiding reports the unfair counterexample: a lasso or a path to a deadlock, outside g. A
// lasso's detail names the fairness units its loop starves: the assumption that excludes it.
func (g goal) avoiding(a *checking, prefix string) {
	from, _ := g.firstBad(a)
	t := analysis.AvoidingTrace(a.g, g.labels, from)
	c := CheckResult{Name: g.name, Verdict: Violated, Trace: t}
	if t.IsLasso() {
		c.Detail = fmt.Sprintf("%sa cycle of %s avoids %s (stem of %s)",
			prefix, plural.Count(len(t.States)-t.LoopStart, "step"), g.set, plural.Count(t.LoopStart, "step"))
		if f, starved, err := analysis.Starved(a.m, t); err == nil && starved != 0 {
			c.Detail += fmt.Sprintf("; it starves %s, which weak fairness excludes",
				strings.Join(fairness.Names(f, starved), ", "))
		}
		a.add(c, a.loopAvoids(g.holds))
		return
	}
	c.Detail = fmt.Sprintf("%sa configuration outside %s without successors, %s in", prefix, g.set, plural.Count(len(t.Steps), "step"))
	a.add(c, a.endsInDeadlockOutside(g.holds))
}

// fairlyReaches: outside g there are cycles; g is not reached if a deadlock is reachable
// outside it or one of the cycles can be run forever fairly.
func (g goal) fairlyReaches(a *checking) error {
	inside, deadlock, stem := g.labels.IsBad, g.labels.Deadlock.Get, func(id uint64) explore.NodePath { return explore.StemTo(a.g, id) }
	if g.strict {
		region := analysis.StrictRegion(a.g, g.labels)
		inside, deadlock = region.Has, func() (uint64, bool) { return analysis.DeadlockIn(a.g, region) }
		stem = func(id uint64) explore.NodePath { return analysis.StemWithin(a.g, region, id) }
	}
	if id, found := deadlock(); found {
		p := stem(id)
		t := explore.TraceFromNodes(a.g, p.Nodes, p.Steps, -1)
		a.add(CheckResult{Name: g.name, Verdict: Violated, Trace: t,
			Detail: fmt.Sprintf("a configuration outside %s without successors, %s in", g.set, plural.Count(len(t.Steps), "step"))},
			a.endsInDeadlockOutside(g.holds))
		return nil
	}
	f, ok := fairness.Of(a.m)
	if !ok {
		return &InternalError{Check: g.name, Err: errors.New("weak fairness needs a model made of processes")}
	}
	scc, err := analysis.FindFairSCC(a.g, f, inside)
	if errors.Is(err, analysis.ErrNoMovers) {
		return &InternalError{Check: g.name, Err: err}
	}
	if err != nil {
		return err
	}
	if scc == nil {
		a.add(CheckResult{Name: g.name, Verdict: Holds,
			Detail: fmt.Sprintf("every cycle outside %s is unfair to some %s", g.set, unitKind(a.m))}, nil)
		return nil
	}
	t := analysis.FairLasso(a.g, a.m, scc, stem(scc.Entry()))
	avoids := a.loopAvoids(g.holds)
	a.add(CheckResult{Name: g.name, Verdict: Violated, Trace: t,
		Detail: fmt.Sprintf("a weakly fair cycle of %s avoids %s (stem of %s)",
			plural.Count(len(t.States)-t.LoopStart, "step"), g.set, plural.Count(t.LoopStart, "step"))},
		func(t *model.Trace) error {
			if err := avoids(t); err != nil {
				return err
			}
			return analysis.LoopIsFair(a.m, t)
		})
	return nil
}

// unitKind names what weak fairness is fair to in m.
func unitKind(m model.Model) string {
	if fairness.Named(m) != nil { // a model that names units of its own
		return "fairness unit"
	}
	return "process"
}

// searchGoal runs the convergence search towards the nodes that satisfy goal; nil labels
// without an error mean it was interrupted.
func (a convergence) searchGoal(goal model.Predicate) (*analysis.Labels, error) {
	marks := analysis.Mark(a.ctx, a.g, goal, a.opts.workers())
	l, err := a.search(marks, false)
	if a.ctx.Err() != nil {
		return nil, nil
	}
	return l, err
}

// eventually checks each eventually property: from every reachable configuration, every
// execution reaches its goal. Each is a convergence search of its own over the same graph.
func (a convergence) eventually() error {
	for _, p := range a.spec.Eventually {
		name := string(CheckEventually) + " " + p.Name
		if !a.complete {
			a.partial(name)
			continue
		}
		labels, err := a.searchGoal(p.Holds)
		if err != nil || labels == nil {
			return err
		}
		if err := (goal{name: name, holds: p.Holds, labels: labels, set: "the goal"}).reaches(a.checking); err != nil {
			return err
		}
	}
	return nil
}

func (a convergence) worstCase() {
	name := string(CheckWorstCase)
	if a.labels == nil {
		a.partial(name)
		return
	}
	// The longest prefix from an initial configuration up to its first legitimate one
	// (strictly): unbounded only if an execution from an initial configuration avoids the
	// legitimate set forever; even under weak fairness an unfair cycle can be run any number
	// of times.
	if g := (goal{name: name, holds: a.spec.Legit, labels: a.labels, set: "the legitimate set", strict: true}); a.labelsBadInitial() {
		g.avoiding(a.checking, "unbounded: ")
		return
	}
	l := a.labels
	steps, st := analysis.WorstWitness(a.g, l.Steps, l.Steps, func(explore.Edge) uint32 { return 1 }, a.opts.workers())
	witnesses := []witness{{trace: st, want: steps}}
	a.res.WorstCaseSteps, a.res.StepsWitness = &steps, st
	a.res.WorstCaseMoves, a.res.MovesWitness = &steps, st
	detail := worstDetail(steps, steps)
	for m, labels := range l.Weighted {
		if labels == nil {
			continue
		}
		mm := analysis.Measure(m)
		worst, t := analysis.WorstWitness(a.g, l.Steps, labels, mm.Weight, a.opts.workers())
		witnesses = append(witnesses, witness{trace: t, want: worst, measure: &mm})
		switch mm {
		case analysis.ByMoves:
			a.res.WorstCaseMoves, a.res.MovesWitness = &worst, t
			detail = worstDetail(worst, steps)
		case analysis.ByTicks:
			a.res.WorstCaseTicks, a.res.TicksWitness = &worst, t
			detail += ", " + plural.Count(worst, "tick")
		}
	}
	if rw, err := a.worstRounds(); err == nil && rw != nil {
		rounds := rw.Rounds
		a.res.WorstCaseRounds, a.res.RoundEnds = &rounds, rw.RoundEnds
		if len(rw.Path.Nodes) > 0 { // none when every initial configuration is legitimate, as for moves and steps
			a.res.RoundsWitness = explore.TraceFromNodes(a.g, rw.Path.Nodes, rw.Path.Steps, -1)
			witnesses = append(witnesses, witness{trace: a.res.RoundsWitness, want: rounds, rounds: true})
		}
		detail += ", " + plural.Count(rounds, "round")
	} else if err != nil {
		detail += fmt.Sprintf(" (rounds not measured: %v)", err)
	}
	a.found = append(a.found, finding{result: CheckResult{Name: name, Verdict: Holds, Detail: detail + " before the legitimate set"},
		witnesses: witnesses})
}

// labelsBadInitial reports whether an execution from an initial node avoids the legitimate set
// forever.
func (a convergence) labelsBadInitial() bool {
	_, bad := analysis.FirstBadInitial(a.g, a.labels, a.opts.workers())
	return bad
}

// worstRounds is the worst case in rounds, for a model made of processes (nil otherwise).
func (a convergence) worstRounds() (*analysis.RoundsWitness, error) {
	r := a.roundsSearch()
	if r == nil {
		return nil, nil
	}
	return r.WorstInitial(a.opts.workers())
}

// worstDetail is the worst case as the check states it: "at most 4 moves and 3 steps".
func worstDetail(moves, steps uint64) string {
	return "at most " + plural.Count(moves, "move") + " and " + plural.Count(steps, "step")
}
