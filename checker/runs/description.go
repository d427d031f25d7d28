package runs

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/por"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
)

// Description is one run as a user describes it: a model with parameter values, a topology, a
// daemon, a fairness, reductions, faults and checks; empty fields take the model's defaults.
// mc's `check` makes one from flags, `sweep` from a range, `verify` from a proof file,
// `replay` from a saved run and `--resume` from a checkpoint (it is what a checkpoint saves,
// as JSON); all of them go through Validate before anything is built.
type Description struct {
	Model    string
	Params   map[string]int // missing ones take the model's defaults
	Topology string         // for models on a tree: path, star, tree:K or a .dot file (not "all")
	Daemon   string
	Fairness string
	Reading  string `json:",omitempty"` // convergence's reading: reachable (the default) or strict
	// Rounds measures the worst case in rounds wherever it is defined, NoRounds nowhere;
	// neither: where it comes at about the price of moves (checker.Spec.RoundsByDefault).
	Rounds   bool   `json:",omitempty"`
	NoRounds bool   `json:",omitempty"`
	Symmetry string `json:",omitempty"` // "rotation": a state is an orbit
	Reduce   string `json:",omitempty"` // "blocks": the distributed daemon's block reduction; "por": the partial-order one
	End      string `json:",omitempty"` // recovery's end condition: legitimate (default) or start
	// Faults is the recovery check's budget k; FaultVars and FaultValues restrict the faults.
	Faults      int      `json:",omitempty"`
	FaultVars   []string `json:",omitempty"`
	FaultValues []int    `json:",omitempty"`
	FaultScope  string   `json:",omitempty"` // process (default) or variable
	Checks      []string // empty: the model's default checks
	Lint        bool     `json:",omitempty"` // check the protocol contract on every step
	// Precision and ExactBlock tune expected-time (0: the checker's defaults).
	Precision  float64 `json:",omitempty"`
	ExactBlock int     `json:",omitempty"`
	// Tree is the topology resolved already, when the caller has it (a run over every
	// labelled tree); nil: Topology is read.
	Tree *topology.Tree `json:"-"`
	// TopologyKey is how an error names where the topology came from: "--topology" (the
	// default) or a proof file's key.
	TopologyKey string `json:"-"`
}

// topologyName is how an error names where the topology came from.
func (rs Description) topologyName() string { return cmp.Or(rs.TopologyKey, "--topology") }

// plan is a Description validated against the catalogue: every name resolved, every value in its
// range, the defaults filled in, the topology read and measured; nothing built yet.
type plan struct {
	given    Description // as asked for: what --dir saves for --resume
	spec     Description // canonical names and every parameter, as reports print them
	entry    *models.Entry
	tree     *topology.Tree
	daemon   model.Daemon
	fairness checker.Fairness
	reading  checker.Reading
	checks   []checker.Check
}

// Validate checks the description against the catalogue and the checker's table of
// combinations without building anything: the model, its parameters, the topology, the
// daemon, the fairness, the checks, and whether they combine.
func (rs Description) Validate() error {
	_, err := rs.validate()
	return err
}

// validate checks the run description: the model, its parameters (names, ranges; defaults
// for the missing ones), the topology (a file is read and its size checked against the
// model's range before a model is built on it), the daemon, the fairness and the checks, and
// then asks the table whether they combine.
func (rs Description) validate() (*plan, error) {
	p, err := resolve(rs)
	if err != nil {
		return nil, err
	}
	if err := p.parseNames(rs); err != nil {
		return nil, err
	}
	if rs.Rounds && rs.NoRounds {
		return nil, errors.New("rounds are asked for and refused at once")
	}
	if err := checker.Refused(p.features(), p.quotes()); err != nil {
		return nil, err
	}
	if err := faultOptions(p.spec, slices.Contains(p.checks, checker.CheckRecovery)); err != nil {
		return nil, err
	}
	if p.blocks() {
		p.daemon = model.Blocks // reported as the distributed daemon, with a note
	}
	return p, nil
}

// resolve looks the model up, resolves its parameters and reads its topology.
func resolve(rs Description) (*plan, error) {
	entry, err := models.Lookup(rs.Model)
	if err != nil {
		return nil, NamedFile("protocol file", err)
	}
	topo := rs.Topology
	if entry.OnTopology != nil && topo != "" { // a protocol file on the network of a file
		if entry, err = entry.OnTopology(topo); err != nil {
			return nil, NamedFile(rs.topologyName(), err)
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
	return p, nil
}

// parseNames reads the daemon, the fairness, the reading, the checks and the reduction by
// name, and names them canonically in the plan's description.
func (p *plan) parseNames(rs Description) error {
	var err error
	if p.daemon, err = daemonOf(p.entry, rs.Daemon); err != nil {
		return err
	}
	if p.fairness, err = checker.ParseFairness(cmp.Or(rs.Fairness, checker.Unfair.String())); err != nil {
		return err
	}
	if p.reading, err = checker.ParseReading(rs.Reading); err != nil {
		return err
	}
	if p.reading == checker.FromReachable {
		p.spec.Reading = "" // the default, left out of reports and saved runs
	}
	if len(rs.Checks) == 0 {
		p.spec.Checks = p.entry.Checks
	}
	if p.checks, err = parseChecks(p.spec.Checks); err != nil {
		return err
	}
	p.spec.Daemon, p.spec.Fairness = p.daemon.String(), p.fairness.String() // canonical names in reports
	if rs.Reduce != "" && rs.Reduce != "none" && rs.Reduce != model.Blocks.String() && rs.Reduce != por.Name {
		return fmt.Errorf("--reduce %s: unknown reduction (want blocks, por or none)", rs.Reduce)
	}
	return nil
}

// blocks reports whether the run asks for the distributed daemon's block reduction.
func (p *plan) blocks() bool { return p.spec.Reduce == model.Blocks.String() }

// por reports whether the run asks for the partial-order reduction.
func (p *plan) por() bool { return p.spec.Reduce == por.Name }

// daemonOf is the daemon named, or the entry's, or the central one, when none is (which
// daemons the entry runs under is the table's business).
func daemonOf(entry *models.Entry, name string) (model.Daemon, error) {
	if name == "" {
		name = cmp.Or(entry.Daemon, "central")
	}
	d, err := model.ParseDaemon(name)
	switch {
	case err != nil && name == model.Blocks.String():
		return d, fmt.Errorf("%w; ask for it with --daemon distributed --reduce blocks", err)
	}
	return d, err
}

// features are what the run will be made of, as the checker's table of combinations names
// them, known from the description and the catalogue before anything is built (the library
// asks the table again of the model it is given, which also knows its initial set).
func (p *plan) features() map[string]bool {
	have := map[string]bool{checker.FeatureReduction: p.blocks() || p.por(), checker.FeatureBlocks: p.blocks(), checker.FeaturePOR: p.por(), checker.FeatureSilentGoal: p.por(),
		checker.FeatureSymmetry: p.spec.Symmetry == "rotation", checker.FeatureWeakFair: p.fairness == checker.WeaklyFair,
		checker.FeatureRounds: p.spec.Rounds, checker.DaemonFeature(p.daemon): true,
		checker.FeatureOneEvent: p.entry.Asynchronous, checker.FeatureInRounds: p.entry.Rounds}
	for _, c := range p.checks {
		have[string(c)] = true
	}
	have[checker.FeatureFaults] = have[string(checker.CheckRecovery)] // the recovery check's model has faults, and only its
	return have
}

// quotes are the names the table's reasons quote.
func (p *plan) quotes() map[string]string {
	return map[string]string{"reduction": p.spec.Reduce, "model": p.entry.Name, "daemon": p.daemon.String(),
		"why": cmp.Or(p.entry.CentralWhy, "it passes messages asynchronously")}
}

// treeOf is the one tree a run on a tree runs on, measured against the model's range of n,
// or nil for a model with a fixed topology (which refuses any).
func treeOf(entry *models.Entry, rs Description, n int) (*topology.Tree, error) {
	switch {
	case !entry.Tree && rs.Topology != "":
		return nil, fmt.Errorf("model %s has a fixed topology; --topology does not apply", entry.Name)
	case !entry.Tree:
		return nil, nil
	case entry.Rooted && rootedSet(rs.Topology) != "":
		return nil, nil // a set of rooted trees, which the model builds
	}
	tree := rs.Tree
	if tree == nil {
		var err error
		if tree, err = models.Topology(rs.Topology, n); err != nil {
			return nil, NamedFile(rs.topologyName(), err)
		}
	}
	return tree, entry.CheckTree(tree)
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
