package app

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
)

// runSpec is one run as a user describes it: a model with parameter values, a topology, a
// daemon, a fairness and checks. `check` builds it from flags, `sweep` from a range, `verify`
// from a proof file, `replay` from a saved run and `--resume` from a checkpoint; all of them
// go through validate, before anything is built.
type runSpec struct {
	Model    string
	Params   map[string]int // missing ones take the model's defaults
	Topology string         // for models on a tree: path, star, tree:K or a .dot file (not "all")
	Daemon   string
	Fairness string
	Reading  string `json:",omitempty"` // convergence's reading: reachable (the default) or strict
	Rounds   bool   `json:",omitempty"` // also measure the worst case in rounds
	Symmetry string `json:",omitempty"` // "rotation": a state is an orbit
	Reduce   string `json:",omitempty"` // "blocks": the distributed daemon's block reduction
	End      string `json:",omitempty"` // recovery's end condition: legitimate (default) or start
	// Faults is the recovery check's budget k; FaultVars and FaultValues restrict the faults.
	Faults      int      `json:",omitempty"`
	FaultVars   []string `json:",omitempty"`
	FaultValues []int    `json:",omitempty"`
	FaultScope  string   `json:",omitempty"` // process (default) or variable
	Checks      []string // empty: the model's default checks
	Lint        bool     `json:",omitempty"` // check the protocol contract on every step
	// Precision and ExactBlock tune expected-time (0: the checker's defaults).
	Precision  float64        `json:",omitempty"`
	ExactBlock int            `json:",omitempty"`
	tree       *topology.Tree // the resolved topology, when the caller has it already
	// topologyKey is how an error names where the topology came from: "--topology" (the
	// default) or a proof file's key.
	topologyKey string
}

// topologyName is how an error names where the topology came from.
func (rs runSpec) topologyName() string { return cmp.Or(rs.topologyKey, "--topology") }

// plan is a runSpec validated against the catalogue: every name resolved, every value in its
// range, the defaults filled in, the topology read and measured; nothing built yet.
type plan struct {
	given    runSpec // as asked for: what --dir saves for --resume
	spec     runSpec // canonical names and every parameter, as reports print them
	entry    *models.Entry
	tree     *topology.Tree
	daemon   model.Daemon
	fairness checker.Fairness
	reading  checker.Reading
	checks   []checker.Check
}

// validate checks the run description: the model, its parameters (names, ranges; defaults
// for the missing ones), the topology (a file is read and its size checked against the
// model's range before a model is built on it), the daemon, the fairness and the checks.
func (rs runSpec) validate() (*plan, error) {
	entry, err := lookupModel(rs.Model)
	if err != nil {
		return nil, err
	}
	topo := rs.Topology
	if entry.OnTopology != nil && topo != "" { // a protocol file on the network of a file
		if entry, err = entry.OnTopology(topo); err != nil {
			return nil, namedFile(rs.topologyName(), err)
		}
		rs.Topology = ""
	}
	p := &plan{given: rs, entry: entry}
	p.given.Topology = topo
	p.given.Params = copyParams(rs.Params)
	params, err := entry.Resolve(rs.Params)
	if err != nil {
		return nil, err
	}
	if p.tree, err = treeOf(entry, rs, params["n"]); err != nil {
		return nil, err
	}
	p.spec = rs
	p.spec.Params = params
	p.spec.Topology = topo
	if p.tree != nil {
		params["n"], p.spec.Topology = p.tree.N(), p.tree.Name
	} else if entry.Rooted {
		p.spec.Topology = rootedSet(rs.Topology)
	}
	if p.daemon, err = daemonOf(entry, rs.Daemon); err != nil {
		return nil, err
	}
	if p.fairness, err = checker.ParseFairness(rs.Fairness); err != nil {
		return nil, err
	}
	if p.reading, err = checker.ParseReading(rs.Reading); err != nil {
		return nil, err
	}
	if p.reading == checker.FromReachable {
		p.spec.Reading = "" // the default, left out of reports and saved runs
	}
	if len(rs.Checks) == 0 {
		p.spec.Checks = entry.Checks
	}
	if p.checks, err = parseChecks(p.spec.Checks); err != nil {
		return nil, err
	}
	p.spec.Daemon, p.spec.Fairness = p.daemon.String(), p.fairness.String() // canonical names in reports
	switch {
	case rs.Reduce == "blocks" && p.daemon == model.Distributed:
		p.daemon = model.Blocks // reported as the distributed daemon, with a note
	case rs.Reduce != "" && rs.Reduce != "none":
		return nil, fmt.Errorf("--reduce %s: the block reduction (blocks) is the distributed daemon's", rs.Reduce)
	}
	if err := checker.Refused(p.features(), "blocks"); err != nil {
		return nil, err
	}
	return p, nil
}

// daemonOf is the daemon named (the entry's, or the central one, when none is), which the
// entry must run under: a model of asynchronous messages runs one event a step, a model of
// synchronous rounds under the synchronous daemon.
func daemonOf(entry *models.Entry, name string) (model.Daemon, error) {
	if name == "" {
		name = cmp.Or(entry.Daemon, "central")
	}
	d, err := model.ParseDaemon(name)
	switch {
	case err != nil && name == model.Blocks.String():
		return d, fmt.Errorf("%w; ask for it with --daemon distributed --reduce blocks", err)
	case err != nil:
		return d, err
	case entry.Asynchronous && d != model.Central:
		return d, fmt.Errorf("model %s runs one event a step (the central daemon), not under the %s daemon: %s", entry.Name, d, cmp.Or(entry.CentralWhy, "it passes messages asynchronously"))
	case entry.Rounds && d != model.Synchronous:
		return d, fmt.Errorf("model %s runs in synchronous rounds (every node moves every round, reading the messages of the last one): the synchronous daemon, not the %s daemon", entry.Name, d)
	}
	return d, nil
}

// features are what the run will be made of, as the checker's table of combinations names
// them, known from the flags before anything is built (the library asks the table again of
// the model it is given, which also knows whether the initial set is the universe).
func (p *plan) features() map[string]bool {
	have := map[string]bool{checker.FeatureReduction: p.daemon == model.Blocks,
		checker.FeatureSymmetry: p.spec.Symmetry == "rotation", checker.FeatureWeakFair: p.fairness == checker.WeaklyFair,
		checker.FeatureRounds: p.spec.Rounds}
	for _, c := range p.checks {
		have[string(c)] = true
	}
	have[checker.FeatureFaults] = have[string(checker.CheckRecovery)] // the recovery check's model has faults, and only its
	return have
}

// treeOf is the one tree a run on a tree runs on, measured against the model's range of n,
// or nil for a model with a fixed topology (which refuses any).
func treeOf(entry *models.Entry, rs runSpec, n int) (*topology.Tree, error) {
	switch {
	case !entry.Tree && rs.Topology != "":
		return nil, fmt.Errorf("model %s has a fixed topology; --topology does not apply", entry.Name)
	case !entry.Tree:
		return nil, nil
	case entry.Rooted && rootedSet(rs.Topology) != "":
		return nil, nil // a set of rooted trees, which the model builds
	}
	tree := rs.tree
	if tree == nil {
		var err error
		if tree, err = models.Topology(rs.Topology, n); err != nil {
			return nil, namedFile(rs.topologyName(), err)
		}
	}
	return tree, entry.CheckTree(tree)
}

// built is a validated run turned into library values.
type built struct {
	given runSpec // as asked for, before defaults: what --dir saves for --resume
	spec  runSpec
	model model.Model
	check checker.Spec
	notes []string
	edges string // the tree of a model on a tree, as parent-child pairs
	proto model.Protocol
	init  []model.State // the model's initial configurations (nil: every one)
}

// build validates the run and builds its model.
func (rs runSpec) build() (*built, error) {
	p, err := rs.validate()
	if err != nil {
		return nil, err
	}
	return p.build()
}

// build builds the protocol and its model under the daemon.
func (p *plan) build() (*built, error) {
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
	return &built{given: p.given, spec: p.spec, model: m, notes: notes, edges: treeEdges(p.tree), proto: inst.Protocol,
		init: inst.Init, check: checker.Spec{
			Checks: p.checks, Legit: legit, LegitForm: inst.LegitForm, Invariants: inst.Invariants, Actions: inst.Actions,
			Characterisations: inst.Characterisations, Eventually: inst.Eventually, Fairness: p.fairness,
			Reading: p.reading, Rounds: p.spec.Rounds,
			Expected: checker.ExpectedTuning{Precision: p.spec.Precision, ExactBlock: p.spec.ExactBlock},
		}}, nil
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
	if !slices.Contains(p.checks, checker.CheckRecovery) {
		if p.spec.Faults != 0 || p.spec.FaultVars != nil || p.spec.FaultValues != nil || p.spec.FaultScope != "" || p.spec.End != "" {
			return nil, nil, nil, fmt.Errorf("--faults, --fault-vars, --fault-values and --fault-scope apply to the recovery check only")
		}
		return m, legit, notes, nil
	}
	if m, legit, err = faultsOn(m, p.spec, inst.Legit); err != nil {
		return nil, nil, nil, err
	}
	end := "back in the legitimate set"
	if p.spec.End == "start" {
		end = "back in the very configuration it started from"
	}
	notes = append(notes, "recovery: "+faultSpec(p.spec).String()+", from every legitimate configuration; the end: "+end)
	return m, legit, notes, nil
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

// rootedSet is the set of rooted trees a --topology value names for a Rooted model ("" is
// the first, every rooted tree), or "" if it names one tree.
func rootedSet(spec string) string {
	if spec == "" {
		return models.RootedSets[0]
	}
	for _, s := range models.RootedSets {
		if spec == s {
			return s
		}
	}
	return ""
}

// parseChecks reads check names.
func parseChecks(names []string) ([]checker.Check, error) {
	var out []checker.Check
	for _, name := range names {
		cs, err := checker.ParseChecks(name)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// copyParams is a copy of p (nil: empty).
func copyParams(p map[string]int) map[string]int {
	c := make(map[string]int, len(p))
	for k, v := range p {
		c[k] = v
	}
	return c
}
