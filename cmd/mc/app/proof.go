package app

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
	"go.yaml.in/yaml/v3"
)

// proofFile is a regression proof: runs with the verdicts and figures they must produce.
type proofFile struct {
	Runs []proofRun `yaml:"runs"`
}

type proofRun struct {
	Name     string            `yaml:"name"`
	Model    string            `yaml:"model"`
	Params   map[string]string `yaml:"params"` // numbers or value names; missing ones take the model's defaults
	Topology string            `yaml:"topology"`
	Daemon   string            `yaml:"daemon"`
	Fairness string            `yaml:"fairness"`
	Reading  string            `yaml:"reading"` // convergence's: reachable (default) or strict
	Rounds   bool              `yaml:"rounds"`  // also measure the worst case in rounds
	Checks   []string          `yaml:"checks"`
	Expect   *expectation      `yaml:"expect"`
}

// expectation lists what must come out; figures left out are not compared. One that lists
// nothing must say so: verdict: any.
type expectation struct {
	// Verdict is the run's overall verdict (holds, violated, inconclusive), or "any" for a
	// run that is expected to complete and nothing more.
	Verdict        string                     `yaml:"verdict"`
	Verdicts       map[string]checker.Verdict `yaml:"verdicts"`
	InitialStates  *uint64                    `yaml:"initial_states"`
	States         *uint64                    `yaml:"states"`
	Transitions    *uint64                    `yaml:"transitions"`
	WorstCaseMoves *uint64                    `yaml:"worst_case_moves"`
	WorstCaseSteps *uint64                    `yaml:"worst_case_steps"`
	// TraceSteps is the number of steps of each violated check's trace (a lasso's closing step
	// included).
	TraceSteps map[string]int `yaml:"trace_steps"`
	// ExpectedSteps pins the expected-time check's exact figures, as fractions ("48/7").
	ExpectedSteps *expectedPin `yaml:"expected_steps"`
}

// expectedPin is the exact worst and average expected steps; one left out is not compared.
type expectedPin struct {
	Worst   string `yaml:"worst"`
	Average string `yaml:"average"`
}

// readProof reads a proof file and validates every run in it, as mc check validates its
// flags, before any is run: a file mc does not understand is an error, never a pass.
func readProof(path string, lint bool) (*proofFile, []runs.Description, error) {
	data, err := readInput("proof file", path, maxProofFile)
	if err != nil {
		return nil, nil, err
	}
	return parseProof(path, data, lint)
}

// parseProof reads the proof file named path from its text.
func parseProof(path string, data []byte, lint bool) (*proofFile, []runs.Description, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f proofFile
	if err := dec.Decode(&f); err != nil {
		return nil, nil, &inputError{fmt.Errorf("%s: %v", path, err)}
	}
	if len(f.Runs) == 0 {
		return nil, nil, &inputError{fmt.Errorf("%s: no runs", path)}
	}
	var specs []runs.Description
	for i, r := range f.Runs {
		r.Model, r.Topology = besideProof(path, r.Model, ".gcl"), besideProof(path, r.Topology, ".dot", ".gv")
		f.Runs[i] = r
		rs, err := r.spec(lint)
		if err != nil {
			return nil, nil, &inputError{fmt.Errorf("%s: run %d (%q): %w", path, i+1, r.Name, err)}
		}
		specs = append(specs, rs)
	}
	return &f, specs, nil
}

// spec validates a proof run and returns its run description.
func (r proofRun) spec(lint bool) (runs.Description, error) {
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
	rs := runs.Description{Model: r.Model, Params: params, Topology: r.Topology, Daemon: r.Daemon, Fairness: r.Fairness, Reading: r.Reading, Rounds: r.Rounds, Checks: r.Checks, Lint: lint,
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
	entry, err := lookupModel(modelName)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(given))
	for name := range given {
		names = append(names, name)
	}
	slices.Sort(names) // the same error for the same file
	items := make([]string, len(names))
	for i, name := range names {
		items[i] = name + "=" + given[name]
	}
	ranges, err := entry.ParseAssignments(items)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, r := range ranges {
		if r.Lo != r.Hi {
			return nil, fmt.Errorf("parameter %s: a range %d..%d is only allowed in a sweep", r.Name, r.Lo, r.Hi)
		}
		out[r.Name] = r.Lo
	}
	return out, nil
}

// valid refuses an expectation that expects nothing without saying so, and one that pins a
// trace on a check it expects to hold.
func (e *expectation) valid() error {
	switch {
	case e == nil:
		return errors.New("no expect: block (a run that expects nothing but to complete says expect: {verdict: any})")
	case e.Verdict != "" && e.Verdict != "any":
		if _, err := checker.ParseVerdict(e.Verdict); err != nil {
			return fmt.Errorf("expect: verdict: %v (or any)", err)
		}
	case e.empty():
		return errors.New("expect: lists nothing (a run that expects nothing but to complete says expect: {verdict: any})")
	}
	if p := e.ExpectedSteps; p != nil {
		for _, v := range []string{p.Worst, p.Average} {
			if _, ok := new(big.Rat).SetString(v); v != "" && !ok {
				return fmt.Errorf("expect: expected_steps: %q is not a fraction", v)
			}
		}
	}
	for _, name := range sortedKeys(e.TraceSteps) {
		if v, ok := e.Verdicts[name]; ok && v == checker.Holds {
			return fmt.Errorf("expect: trace_steps: %s is expected to hold, and a check that holds has no trace", name)
		}
		if e.TraceSteps[name] < 0 {
			return fmt.Errorf("expect: trace_steps: %s: %s", name, counted(e.TraceSteps[name], "step"))
		}
	}
	return nil
}

// empty reports whether the expectation names nothing to compare.
func (e *expectation) empty() bool {
	figures := e.InitialStates == nil && e.States == nil && e.Transitions == nil &&
		e.WorstCaseMoves == nil && e.WorstCaseSteps == nil && e.ExpectedSteps == nil
	return e.Verdict == "" && len(e.Verdicts) == 0 && len(e.TraceSteps) == 0 && figures
}

// compare lists every deviation of r from the expectation, as "what: expected x, got y", in
// a fixed order.
func (e *expectation) compare(r *report) []string {
	var diffs []string
	got := map[string]checker.CheckResult{}
	for _, c := range r.res.Checks {
		got[c.Name] = c
	}
	if e.Verdict != "" && e.Verdict != "any" && e.Verdict != r.res.Verdict().String() {
		diffs = append(diffs, fmt.Sprintf("verdict: expected %s, got %s", e.Verdict, r.res.Verdict()))
	}
	for _, name := range sortedKeys(e.Verdicts) {
		c, ok := got[name]
		switch want := e.Verdicts[name]; {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s: expected %s, but the check was not run", name, want))
		case c.Verdict != want:
			diffs = append(diffs, fmt.Sprintf("%s: expected %s, got %s (%s)", name, want, c.Verdict, c.Detail))
		}
	}
	figure := func(what string, want *uint64, have *uint64) {
		switch {
		case want == nil:
		case have == nil:
			diffs = append(diffs, fmt.Sprintf("%s: expected %d, got none", what, *want))
		case *want != *have:
			diffs = append(diffs, fmt.Sprintf("%s: expected %d, got %d", what, *want, *have))
		}
	}
	figure("initial_states", e.InitialStates, &r.res.Stats.InitialStates)
	figure("states", e.States, &r.res.Stats.States)
	figure("transitions", e.Transitions, &r.res.Stats.Transitions)
	figure("worst_case_moves", e.WorstCaseMoves, r.res.WorstCaseMoves)
	figure("worst_case_steps", e.WorstCaseSteps, r.res.WorstCaseSteps)
	diffs = append(diffs, e.ExpectedSteps.compare(r.res.Expected)...)
	for _, name := range sortedKeys(e.TraceSteps) {
		c, ok := got[name]
		switch want := e.TraceSteps[name]; {
		case !ok || c.Trace == nil:
			diffs = append(diffs, fmt.Sprintf("%s trace: expected %s, got no trace", name, counted(want, "step")))
		case len(c.Trace.Steps) != want:
			diffs = append(diffs, fmt.Sprintf("%s trace: expected %s, got %d", name, counted(want, "step"), len(c.Trace.Steps)))
		}
	}
	return diffs
}

// compare lists the deviations of the exact expected steps from the pinned ones.
func (p *expectedPin) compare(got *checker.Expected) []string {
	if p == nil {
		return nil
	}
	if got == nil || !got.Exact {
		return []string{"expected_steps: expected exact figures, got none (did expected-time run, and hold exactly?)"}
	}
	var diffs []string
	for _, f := range []struct {
		what, want string
		have       checker.Bound
	}{{"worst", p.Worst, got.Steps.Worst}, {"average", p.Average, got.Steps.Average}} {
		want, _ := new(big.Rat).SetString(f.want)
		have, _ := new(big.Rat).SetString(f.have.Exact)
		if f.want != "" && (have == nil || want.Cmp(have) != 0) {
			diffs = append(diffs, fmt.Sprintf("expected_steps: %s: expected %s, got %s", f.what, f.want, f.have.Exact))
		}
	}
	return diffs
}

// sortedKeys lists the keys of a map in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// The largest files mc reads whole: a proof file is a few runs, a saved run a few traces.
const (
	maxProofFile = 16 << 20
	maxSavedRun  = 256 << 20
)

// readInput reads a file a user gives, refusing one larger than limit before reading it; an
// error names the file as named says (proof file, saved run).
func readInput(named, path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, runs.NamedFile(named, err)
	}
	if info.Size() > limit {
		return nil, &inputError{fmt.Errorf("%s %s has %d bytes; mc reads at most %d here", named, path, info.Size(), limit)}
	}
	data, err := os.ReadFile(path)
	return data, runs.NamedFile(named, err)
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
