package runs

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/por"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
)

// Run is a validated description built into library values: the model checker.Run explores,
// the Spec it checks, and what a report states about them.
type Run struct {
	// Given is the description as asked for, before defaults: what a checkpoint saves, so a
	// resumed run resolves it again the same way.
	Given Description
	// Canonical is the description as reports print it: canonical names, every parameter.
	Canonical Description
	Model     model.Model
	Spec      checker.Spec
	// Notes are what the report states about the model and its wrappers (the catalogue's
	// modelling choices, the symmetry's orbits, the reduction, the faults).
	Notes []string
	// Edges is the tree of a model on a tree, as parent-child pairs ("" for other models).
	Edges string
	// Protocol is the protocol under the daemon, and Init its initial configurations (nil:
	// every one).
	Protocol model.Protocol
	Init     []model.State
}

// Build validates the description and builds its run.
func (rs Description) Build() (*Run, error) {
	p, err := rs.validate()
	if err != nil {
		return nil, err
	}
	return p.build()
}

// Check runs the checker on the run's model and spec.
func (r *Run) Check(ctx context.Context, opts checker.Options) (*checker.Result, error) {
	return checker.Run(ctx, r.Model, r.Spec, opts)
}

// Merge puts together the results of the run's shards (checker.MergeShards).
func (r *Run) Merge(ctx context.Context, opts checker.Options, shards []*checker.Result) (*checker.Result, error) {
	return checker.MergeShards(ctx, r.Model, r.Spec, opts, shards)
}

// build builds the protocol and its model under the daemon.
func (p *plan) build() (*Run, error) {
	var inst *models.Instance
	var err error
	if p.tree == nil && p.entry.Rooted {
		inst, err = p.entry.BuildSet(p.spec.Params, p.spec.Topology)
	} else {
		inst, err = p.entry.Build(p.spec.Params, p.tree)
	}
	if err != nil {
		return nil, err
	}
	if len(p.given.Checks) == 0 && inst.Checks != nil {
		if p.checks, err = parseChecks(inst.Checks); err != nil {
			return nil, err
		}
		p.spec.Checks = inst.Checks
	}
	opts := []model.Option{model.From(inst.Init)}
	if p.spec.Lint {
		opts = append(opts, model.WithLint())
	}
	m, err := model.Daemonize(inst.Protocol, p.daemon, opts...)
	if err != nil {
		return nil, err
	}
	m, legit, notes, err := p.wrap(m, inst)
	if err != nil {
		return nil, err
	}
	spec := checker.Spec{Checks: p.checks, Properties: inst.Properties, Fairness: p.fairness, Reading: p.reading,
		Rounds: p.spec.Rounds, RoundsByDefault: !p.spec.Rounds && !p.spec.NoRounds, Expected: checker.ExpectedTuning{Precision: p.spec.Precision, ExactBlock: p.spec.ExactBlock}}
	spec.Legit = legit
	return &Run{Given: p.given, Canonical: p.spec, Model: m, Spec: spec, Notes: notes, Edges: treeEdges(p.tree),
		Protocol: inst.Protocol, Init: inst.Init}, nil
}

// wrap applies what the run asks on top of the daemon's model: rotation symmetry, and for the
// recovery check the faults (whose end condition replaces the legitimate set); it returns
// the model, the legitimate set and the notes the report states.
func (p *plan) wrap(m model.Model, inst *models.Instance) (model.Model, model.Predicate, []string, error) {
	legit, notes := inst.Legit, slices.Clone(inst.Notes)
	m, err := bySymmetry(m, inst.Protocol, p.spec.Symmetry)
	if err != nil {
		return nil, nil, nil, err
	}
	if q, ok := symmetry.QuotientOf(m); ok {
		notes = append(notes, q.Orbits()+"; traces are lifted to executions before they are replayed")
	}
	if p.daemon == model.Blocks {
		notes = append(notes, "block reduction: a step moves one connected set of enabled processes; "+
			"reachable configurations, deadlocks and cycles are the distributed daemon's, step counts are not")
	}
	if slices.Contains(p.checks, checker.CheckRecovery) {
		if m, legit, err = faultsOn(m, p.spec, inst.Legit); err != nil {
			return nil, nil, nil, err
		}
		end := "back in the legitimate set"
		if p.spec.End == "start" {
			end = "back in the very configuration it started from"
		}
		notes = append(notes, "recovery: "+faultSpec(p.spec).String()+", from every legitimate configuration; the end: "+end)
	}
	if p.por() {
		if m, err = por.Reduce(m, p.goal(legit)); err != nil {
			return nil, nil, nil, err
		}
		notes = append(notes, "partial-order reduction: the moves of a stubborn set a configuration (with no fault left); "+
			"deadlocks, and convergence, worst cases in moves and recovery to a silent legitimate set, are the full model's; "+
			"a counterexample is an execution of it, not always the shortest")
	}
	return m, legit, notes, nil
}

// goal is where the checks' executions must end, for the partial-order reduction, which keeps
// them only if it is silent: the legitimate set (recovery's end), or nil if no check asks for
// it.
func (p *plan) goal(legit model.Predicate) model.Predicate {
	for _, c := range p.checks {
		switch c {
		case checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase, checker.CheckRecovery:
			return legit
		}
	}
	return nil
}

// bySymmetry is m reduced by the symmetry named ("" or "none": m itself).
func bySymmetry(m model.Model, p model.Protocol, name string) (model.Model, error) {
	switch name {
	case "", "none":
		return m, nil
	case "rotation":
		r, ok := p.(symmetry.Rotational)
		if !ok {
			return nil, fmt.Errorf("the model does not declare rotation symmetry (an anonymous ring)")
		}
		return symmetry.ByRotation(m, r.RotationBlock())
	}
	return nil, fmt.Errorf("unknown symmetry %q (want rotation or none)", name)
}

// treeEdges is a tree as parent-child pairs of labels, "" for no tree.
func treeEdges(t *topology.Tree) string {
	if t == nil {
		return ""
	}
	var parts []string
	for _, e := range t.Edges() {
		parts = append(parts, fmt.Sprintf("%s-%s", t.Labels[e.Parent], t.Labels[e.Child]))
	}
	return strings.Join(parts, " ")
}
