package checker

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/symbolic"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
)

// bytesPerNode is what a BDD node costs with its share of the unique table and the caches.
const bytesPerNode = 40

// symbolicFits says why the symbolic engine cannot check m under spec, or nil.
func symbolicFits(m model.Model, spec *Spec) error {
	have := spec.features(m)
	have[FeatureSymbolic] = true
	if err := Refused(have, quotes(m)); err != nil {
		return err
	}
	if spec.LegitForm == nil && (spec.has(CheckClosure) || spec.has(CheckConvergence) || spec.has(CheckWorstCase) || spec.has(CheckDeadlock) && spec.Legit != nil || spec.has(CheckTemporal) && fromLegit(spec.Temporal)) {
		return errors.New("the symbolic engine needs the legitimate set as a census of local facts (a model.Form): this model states it as a plain predicate")
	}
	if spec.has(CheckTemporal) {
		if err := temporalForms(spec.Temporal); err != nil {
			return err
		}
	}
	if spec.has(CheckInvariant) {
		for _, p := range spec.Invariants {
			if p.Form == nil {
				return fmt.Errorf("the symbolic engine needs invariant %s as a census of local facts (a model.Form)", p.Name)
			}
		}
	}
	return nil
}

// useSymbolic decides the engine of a run: EngineAuto takes the symbolic one for a model it
// can check whose universe the dense store cannot hold.
func useSymbolic(m model.Model, spec *Spec, opts Options) bool {
	if opts.Shard != nil || opts.window != nil { // a shard runs the explicit engine, or is refused
		return false
	}
	switch opts.Engine {
	case EngineSymbolic:
		return true
	case EngineAuto:
		if symbolicFits(m, spec) != nil || !opts.Dense(m) {
			return false
		}
		u, err := universe.New(m.Schema())
		return err != nil || opts.fitsDense(u.Size()) != nil
	}
	return false
}

// runSymbolic is Run on the symbolic engine: the checks are decided on BDDs, and every trace
// it gives (counterexamples, worst-case witnesses) is replayed through the model as the
// explicit engines' are.
func runSymbolic(ctx context.Context, m model.Model, spec Spec, opts Options) (*Result, error) {
	start := time.Now()
	if err := spec.validate(m); err != nil {
		return nil, err
	}
	if err := symbolicFits(m, &spec); err != nil {
		return nil, err
	}
	r := &run{ctx: ctx, m: m, spec: &spec, opts: opts, res: &Result{}, complete: true}
	st := &r.res.Stats
	st.Store, st.Universe = "symbolic", "more than 2^64"
	if u, err := universe.New(m.Schema()); err == nil {
		st.Universe, st.UniverseSize = u.Formula(), u.Size()
		st.InitialStates, st.States = u.Size(), u.Size()
	}
	in := symbolic.Input{Model: m, Legit: spec.LegitForm, Invariants: spec.Invariants,
		WeaklyFair: spec.Fairness == WeaklyFair, Temporal: spec.Temporal, Order: opts.Order, MaxNodes: int(min(opts.budget()/bytesPerNode, 1<<31-1))}
	for _, c := range AllChecks {
		if spec.has(c) {
			in.Checks = append(in.Checks, string(c))
		}
	}
	out, err := symbolic.Check(ctx, in)
	if err != nil {
		return nil, r.audited(err)
	}
	st.Symbolic = &SymbolicStats{Order: out.Order, Levels: out.Levels, PeakNodes: out.PeakNodes, Iterations: out.Iterations}
	a := &checking{run: r}
	if err := a.checkAll([]family{symbolicEngine{a, out}}); err != nil {
		return nil, err
	}
	if err := r.audited(a.replay()); err != nil {
		return nil, err
	}
	r.finish(start)
	return r.res, nil
}

// symbolicEngine is the family of the checks the symbolic engine decides: its findings are
// turned into results, each with what its trace must show, for the replay stage that the
// explicit engines' findings go through.
type symbolicEngine struct {
	*checking
	out *symbolic.Output
}

func (symbolicEngine) checks() []Check {
	return []Check{CheckInvariant, CheckDeadlock, CheckClosure, CheckConvergence, CheckWorstCase, CheckTemporal}
}

// decide records the engine's findings of check c, in the engine's order.
func (a symbolicEngine) decide(c Check) error {
	for _, f := range a.out.Findings {
		if f.Check != string(c) && !strings.HasPrefix(f.Check, string(c)+" ") { // "invariant" or "invariant p"
			continue
		}
		r := CheckResult{Name: f.Check, Detail: f.Detail, Trace: f.Trace}
		switch {
		case f.Inconclusive:
			r.Verdict = Inconclusive
		case f.Violated:
			r.Verdict = Violated
		}
		if c == CheckTemporal {
			fd, err := a.temporalFinding(r, f)
			if err != nil {
				return err
			}
			a.found = append(a.found, fd)
			continue
		}
		fd := finding{result: r, validate: a.validator(f)}
		if c == CheckWorstCase && !f.Violated && !f.Inconclusive {
			out := a.out
			a.res.WorstCaseSteps, a.res.StepsWitness = out.WorstSteps, out.StepsWitness
			a.res.WorstCaseMoves, a.res.MovesWitness = out.WorstMoves, out.MovesWitness
			moves := analysis.ByMoves
			fd.witnesses = []witness{{trace: out.StepsWitness, want: *out.WorstSteps},
				{trace: out.MovesWitness, want: *out.WorstMoves, measure: &moves}}
		}
		a.found = append(a.found, fd)
	}
	return nil
}

// validator is what the trace of a finding must show beyond being an execution from an
// initial configuration; nil for a finding without a violation.
func (a symbolicEngine) validator(f symbolic.Finding) func(*model.Trace) error {
	legit := a.spec.Legit
	switch {
	case !f.Violated:
		return nil
	case f.Check == string(CheckClosure):
		return leavesLegit(legit)
	case f.Check == string(CheckDeadlock):
		return a.endsInDeadlock
	case f.Trace.IsLasso() && a.spec.Fairness == WeaklyFair && f.Check == string(CheckConvergence):
		return func(t *model.Trace) error {
			if err := a.loopAvoids(legit)(t); err != nil {
				return err
			}
			return analysis.LoopIsFair(a.m, t)
		}
	case f.Trace.IsLasso():
		return a.loopAvoids(legit)
	case f.Check == string(CheckConvergence) || f.Check == string(CheckWorstCase):
		return a.endsInDeadlockOutside(legit)
	}
	return a.breaks(f.Check) // an invariant: its last configuration breaks it
}

// leavesLegit checks that a trace's last step leaves the legitimate set.
func leavesLegit(legit model.Predicate) func(*model.Trace) error {
	return func(t *model.Trace) error {
		n := len(t.States)
		if n < 2 || !legit(t.States[n-2]) || legit(t.States[n-1]) {
			return errors.New("the last step does not leave the legitimate set")
		}
		return nil
	}
}

// breaks checks that a trace ends in a configuration that violates the named invariant.
func (a symbolicEngine) breaks(check string) func(*model.Trace) error {
	return func(t *model.Trace) error {
		for _, p := range a.spec.Invariants {
			if "invariant "+p.Name == check {
				if p.Holds(t.States[len(t.States)-1]) {
					return errors.New("the last state satisfies the invariant")
				}
				return nil
			}
		}
		return fmt.Errorf("no invariant is named by %q", check)
	}
}
