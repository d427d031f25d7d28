package main

import (
	"bytes"
	"fmt"
	"os"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/urfave/cli/v2"
	"go.yaml.in/yaml/v3"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the proofs of YAML files and compare verdicts and figures with what they expect (for CI)",
		ArgsUsage: "FILE...",
		Flags:     runFlags(),
		Action:    runVerify,
	}
}

// proofFile is a regression proof: runs with the verdicts and figures they must produce.
type proofFile struct {
	Runs []proofRun `yaml:"runs"`
}

type proofRun struct {
	Name     string         `yaml:"name"`
	Model    string         `yaml:"model"`
	Params   map[string]int `yaml:"params"`
	Daemon   string         `yaml:"daemon"`
	Fairness string         `yaml:"fairness"`
	Checks   []string       `yaml:"checks"`
	Expect   expectation    `yaml:"expect"`
}

// expectation lists what must come out; figures left out are not compared.
type expectation struct {
	Verdicts       map[string]checker.Verdict `yaml:"verdicts"`
	InitialStates  *uint64                    `yaml:"initial_states"`
	States         *uint64                    `yaml:"states"`
	Transitions    *uint64                    `yaml:"transitions"`
	WorstCaseMoves *uint64                    `yaml:"worst_case_moves"`
	WorstCaseSteps *uint64                    `yaml:"worst_case_steps"`
	// TraceSteps is the number of steps of each violated check's trace (a lasso's closing step
	// included).
	TraceSteps map[string]int `yaml:"trace_steps"`
}

func runVerify(c *cli.Context) error {
	if c.NArg() == 0 {
		return usageError("verify needs at least one proof file")
	}
	var runs []proofRun
	for _, path := range c.Args().Slice() {
		f, err := readProof(path)
		if err != nil {
			return usageError("%v", err)
		}
		runs = append(runs, f.Runs...)
	}
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	ctx, stop := runContext(c)
	defer stop()
	w := c.App.Writer
	failed := 0
	for _, pr := range runs {
		params := pr.Params
		if pr.Daemon == "" {
			pr.Daemon = "central"
		}
		if pr.Fairness == "" {
			pr.Fairness = "unfair"
		}
		b, err := runSpec{Model: pr.Model, Params: params, Daemon: pr.Daemon, Fairness: pr.Fairness, Checks: pr.Checks, Lint: c.Bool("lint")}.build()
		if err != nil {
			return usageError("run %q: %v", pr.Name, err)
		}
		start := time.Now()
		r, err := b.run(ctx, opts)
		if err != nil {
			return err
		}
		diffs := pr.Expect.compare(r)
		if len(diffs) == 0 {
			fmt.Fprintf(w, "ok    %s (%.2f s)\n", pr.Name, time.Since(start).Seconds())
			continue
		}
		failed++
		fmt.Fprintf(w, "FAIL  %s\n", pr.Name)
		for _, d := range diffs {
			fmt.Fprintf(w, "        %s\n", d)
		}
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", len(runs)-failed, failed)
	if failed > 0 {
		return &exitError{exitViolated, fmt.Errorf("%d of %d proof runs deviate from their expectations", failed, len(runs))}
	}
	return nil
}

func readProof(path string) (*proofFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f proofFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(f.Runs) == 0 {
		return nil, fmt.Errorf("%s: no runs", path)
	}
	for i, r := range f.Runs {
		if r.Name == "" || r.Model == "" || len(r.Checks) == 0 {
			return nil, fmt.Errorf("%s: run %d needs a name, a model and checks", path, i+1)
		}
	}
	return &f, nil
}

// compare lists every deviation of r from the expectation, as "what: expected x, got y".
func (e expectation) compare(r *report) []string {
	var diffs []string
	got := map[string]checker.CheckResult{}
	for _, c := range r.res.Checks {
		got[c.Name] = c
	}
	for name, want := range e.Verdicts {
		c, ok := got[name]
		switch {
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
	for name, want := range e.TraceSteps {
		c, ok := got[name]
		switch {
		case !ok || c.Trace == nil:
			diffs = append(diffs, fmt.Sprintf("%s trace: expected %d steps, got no trace", name, want))
		case len(c.Trace.Steps) != want:
			diffs = append(diffs, fmt.Sprintf("%s trace: expected %d steps, got %d", name, want, len(c.Trace.Steps)))
		}
	}
	return diffs
}
