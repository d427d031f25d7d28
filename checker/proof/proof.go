package proof

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/models"
	"go.yaml.in/yaml/v3"
)

// File is a regression proof: runs with the verdicts and figures they must produce.
type File struct {
	Runs []Run `yaml:"runs"`
}

// Run is one run of a proof: the run as a user describes it, by the keys of the file, and
// what it must produce.
type Run struct {
	Name     string            `yaml:"name"`
	Model    string            `yaml:"model"`
	Params   map[string]string `yaml:"params"` // numbers or value names; missing ones take the model's defaults
	Topology string            `yaml:"topology"`
	Daemon   string            `yaml:"daemon"`
	Fairness string            `yaml:"fairness"`
	Reading  string            `yaml:"reading"` // convergence's: reachable (default) or strict
	Rounds   *bool             `yaml:"rounds"`  // true: measure the worst case in rounds wherever defined; false: never; absent: mc check's default
	Reduce   string            `yaml:"reduce"`  // blocks or por, as mc check --reduce; absent: none
	Checks   []string          `yaml:"checks"`
	Expect   *Expectation      `yaml:"expect"`
}

// Parse reads the proof file named path from its text, and validates every run in it as mc
// check validates its flags, before any is run: a file mc does not understand is an error,
// never a pass. It returns the runs' descriptions, in order. A relative protocol or
// topology file a run names is read beside the proof file when it is there.
func Parse(path string, data []byte, lint bool) (*File, []runs.Description, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(f.Runs) == 0 {
		return nil, nil, fmt.Errorf("%s: no runs", path)
	}
	var specs []runs.Description
	for i, r := range f.Runs {
		r.Model, r.Topology = besideProof(path, r.Model, ".gcl"), besideProof(path, r.Topology, ".dot", ".gv")
		f.Runs[i] = r
		rs, err := r.spec(lint)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: run %d (%q): %w", path, i+1, r.Name, err)
		}
		specs = append(specs, rs)
	}
	return &f, specs, nil
}

// spec validates a proof run and returns its run description.
func (r Run) spec(lint bool) (runs.Description, error) {
	if r.Name == "" || r.Model == "" || len(r.Checks) == 0 {
		return runs.Description{}, errors.New("a run needs a name, a model and checks")
	}
	if err := r.Expect.valid(); err != nil {
		return runs.Description{}, err
	}
	params, err := proofParams(r.Model, r.Params)
	if err != nil {
		return runs.Description{}, err
	}
	rs := runs.Description{Model: r.Model, Params: params, Topology: r.Topology, Daemon: r.Daemon, Fairness: r.Fairness, Reading: r.Reading, Rounds: r.Rounds != nil && *r.Rounds, NoRounds: r.Rounds != nil && !*r.Rounds, Reduce: r.Reduce, Checks: r.Checks, Lint: lint,
		TopologyKey: "topology"} // the run's key names the file, not a flag
	if rs.Fairness == "" {
		rs.Fairness = "unfair"
	}
	err = rs.Validate()
	return rs, err
}

// proofParams reads a run's parameters, given as numbers or by the names of their values
// (newparent: ivy), as mc check reads --param.
func proofParams(modelName string, given map[string]string) (map[string]int, error) {
	if len(given) == 0 {
		return nil, nil
	}
	entry, err := models.Lookup(modelName)
	if err != nil {
		return nil, runs.NamedFile("protocol file", err)
	}
	var items []string
	for _, name := range slices.Sorted(maps.Keys(given)) { // the same error for the same file
		items = append(items, name+"="+given[name])
	}
	return entry.Given(items)
}

// besideProof resolves a relative path to a file a proof run names (a protocol file, a
// topology file: names ending in one of suffixes) against the proof file's directory, where
// the file is, so a proof next to its protocols runs from anywhere; a file not found there is
// read from the working directory.
func besideProof(proof, name string, suffixes ...string) string {
	if name == "" || filepath.IsAbs(name) || !slices.ContainsFunc(suffixes, func(s string) bool { return strings.HasSuffix(name, s) }) {
		return name
	}
	beside := filepath.Join(filepath.Dir(proof), name)
	if _, err := os.Stat(beside); err == nil {
		return beside
	}
	return name
}
