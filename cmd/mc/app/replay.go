package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
	"github.com/urfave/cli/v2"
)

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "re-check every trace of a saved run (mc check --trace-out) step by step, and print it",
		ArgsUsage: "FILE",
		Flags:     []cli.Flag{reportFlag(), traceDotFlag()},
		Action:    runReplay,
	}
}

func runReplay(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError("replay needs exactly one trace file")
	}
	data, err := readInput("saved run", c.Args().First(), maxSavedRun)
	if err != nil {
		return usageError("%w", err)
	}
	var r summary.Report
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields() // a file mc did not write is not one it understands
	if err := dec.Decode(&r); err != nil {
		return badInput("%s is not a saved run: %w", c.Args().First(), err)
	}
	b, err := descriptionOf(&r.About).Build()
	if err != nil {
		return usageError("%s: %w", c.Args().First(), err)
	}
	w := c.App.Writer
	summary.PrintHeader(w, &r.About, layout.Width(w))
	traces := 0
	for _, ch := range r.Checks {
		if ch.Verdict == checker.Violated && ch.Trace == nil && ch.Witness == nil {
			return &exitError{exitViolated, fmt.Errorf("%s is violated, and the saved run has no counterexample for it", ch.Name)}
		}
		if ch.Witness != nil {
			traces++
			if err := recheckWitness(w, b, ch); err != nil {
				return err
			}
		}
		if ch.Trace == nil {
			continue
		}
		traces++
		if err := replayOne(w, b, ch.Name+" "+ch.Verdict.String(), ch.Trace); err != nil {
			return err
		}
	}
	for _, t := range []*trace.JSON{r.Metrics.MovesWitness, r.Metrics.StepsWitness, r.Metrics.TicksWitness} {
		if t != nil {
			traces++
			if err := replayOne(w, b, "worst-case witness", t); err != nil {
				return err
			}
		}
	}
	if traces == 0 {
		fmt.Fprintln(w, "no traces in this run")
	}
	if c.String("report") == "" && c.String("trace-dot") == "" {
		return nil
	}
	saved, err := savedReport(b, &r)
	if err != nil {
		return usageError("%s: %w", c.Args().First(), err)
	}
	return writePictures(c, saved)
}

// savedReport is a saved run read back as the report mc check made of it, for its pictures:
// its traces decoded (replayRun has replayed them), its statistics as saved.
func savedReport(b *runs.Run, r *summary.Report) (*report, error) {
	res := &checker.Result{Stats: r.Stats, Metrics: r.Metrics.Metrics}
	res.RoundEnds = r.Metrics.RoundEnds
	if r.Recovery != nil {
		res.Recovery = *r.Recovery // its figures; its witnesses are not saved
	}
	if r.Expected != nil {
		res.Expected = r.Expected.Expected
	}
	for _, ch := range r.Checks {
		c := ch.CheckResult
		var err error
		if ch.Trace != nil {
			if c.Trace, err = trace.Decode(b.Model, ch.Trace); err != nil {
				return nil, err
			}
		}
		if ch.Witness != nil {
			t, err := trace.Decode(b.Model, ch.Witness)
			if err != nil || len(t.States) != 1 {
				return nil, fmt.Errorf("%s: the witness is not one configuration (%v)", ch.Name, err)
			}
			c.Witness = t.States[0]
		}
		res.Checks = append(res.Checks, c)
	}
	for _, w := range []struct {
		saved *trace.JSON
		out   **model.Trace
	}{{r.Metrics.MovesWitness, &res.MovesWitness}, {r.Metrics.StepsWitness, &res.StepsWitness}, {r.Metrics.TicksWitness, &res.TicksWitness},
		{r.Metrics.RoundsWitness, &res.RoundsWitness}} {
		if w.saved == nil {
			continue
		}
		t, err := trace.Decode(b.Model, w.saved)
		if err != nil {
			return nil, err
		}
		*w.out = t
	}
	rep := newReport(b, res)
	rep.About = r.About
	return rep, nil
}

// replayOne re-executes a trace through the model; a step that does not replay is an error
// (exit 1: the saved trace is not an execution of this model).
func replayOne(w io.Writer, b *runs.Run, title string, tj *trace.JSON) error {
	t, err := trace.Decode(b.Model, tj)
	if err != nil {
		return usageError("%s: %w", title, err)
	}
	fmt.Fprintf(w, "\n%s: %s, %s\n", title, counted(len(t.States), "state"), counted(len(t.Steps), "step"))
	if err := model.Replay(b.Model, t); err != nil {
		return &exitError{exitViolated, fmt.Errorf("%s does not replay: %v", title, err)}
	}
	if err := startsInitial(b.Model, t.States[0]); err != nil {
		return &exitError{exitViolated, fmt.Errorf("%s does not replay: %v", title, err)}
	}
	if err := sameMoves(b.Model, t, tj); err != nil {
		return &exitError{exitViolated, fmt.Errorf("%s does not replay: %v", title, err)}
	}
	if err := trace.Print(w, b.Model, t); err != nil {
		return err
	}
	fmt.Fprintln(w, "  every step is a legal step of the daemon")
	if t.IsLasso() {
		legit := 0
		for _, s := range t.States[t.LoopStart:] {
			if b.Spec.Legit(s) {
				legit++
			}
		}
		fmt.Fprintf(w, "  legitimate configurations in the loop: %d\n", legit)
	}
	return nil
}

// maxInitial bounds the initial configurations startsInitial looks through.
const maxInitial = 1 << 22

// startsInitial checks that s, where a saved trace starts, is an initial configuration of m:
// any configuration where the initial set is the universe (or the part of it a predicate
// keeps), else one of those Init lists, looked through up to maxInitial of them (past that
// the start is not checked). A recovery trace starts at a legitimate configuration with every
// fault left.
func startsInitial(m model.Model, s model.State) error {
	if where, universal := model.InitOverUniverse(m); universal {
		if where != nil && !where(s) {
			return fmt.Errorf("its first configuration is outside the initial set")
		}
		return nil
	}
	found, seen := false, 0
	m.Init(func(t model.State) bool {
		seen++
		found = t.Equal(s)
		return !found && seen < maxInitial
	})
	if !found && seen < maxInitial {
		return fmt.Errorf("its first configuration is not an initial one")
	}
	return nil
}

// descriptionOf is the run that a saved run's traces are executions of: with faults, the
// recovery check's model, whose configurations hold the faults left (and the start).
func descriptionOf(a *summary.About) runs.Description {
	d := runs.Description{Model: a.Model, Params: a.Params, Topology: a.Topology, Daemon: a.Daemon, Fairness: a.Fairness, Reading: a.Reading}
	if f := a.Faults; f != nil {
		d.Checks = []string{"recovery"}
		d.Faults, d.FaultVars, d.FaultValues, d.FaultScope, d.End = f.Budget, f.Vars, f.Values, f.Scope, f.End
	}
	return d
}

// recheckWitness re-evaluates a characterisation's predicate on its witness configuration:
// it must hold there (that the configuration is unreachable is what mc check decided; run it
// again to re-decide that).
func recheckWitness(w io.Writer, b *runs.Run, ch summary.Check) error {
	t, err := trace.Decode(b.Model, ch.Witness)
	if err != nil || len(t.States) != 1 {
		return usageError("%s: the witness is not one configuration of this model (%w)", ch.Name, err)
	}
	fmt.Fprintf(w, "\n%s %s: %s\n", ch.Name, ch.Verdict, ch.Detail)
	for _, p := range b.Spec.Characterisations {
		if ch.Name != "characterise "+p.Name {
			continue
		}
		if !p.Holds(t.States[0]) {
			return &exitError{exitViolated, fmt.Errorf("%s: the predicate does not hold on the witness", ch.Name)}
		}
		if err := trace.Print(w, b.Model, t); err != nil {
			return err
		}
		fmt.Fprintln(w, "  the predicate holds on this configuration")
		return nil
	}
	return usageError("%s: this model has no such characterisation", ch.Name)
}

// sameMoves checks the moves a saved trace names (process and rule of each step) against the
// steps of its indices, replayed: a trace whose labels were edited does not pass.
func sameMoves(m model.Model, t *model.Trace, tj *trace.JSON) error {
	steps, err := t.StepsOf(m)
	if err != nil {
		return err
	}
	for i, st := range steps {
		saved := tj.Actions[i].Moves
		if len(saved) != len(st.Moves) {
			return fmt.Errorf("step %d: the saved run names %s, the step of index %d has %d", i, counted(len(saved), "move"), t.Steps[i], len(st.Moves))
		}
		for k, mv := range st.Moves {
			if saved[k].Process != mv.Proc || saved[k].Rule != trace.RuleName(m, mv) {
				return fmt.Errorf("step %d: the saved run names %s %s, the step of index %d is %s",
					i, m.Schema().ProcName(saved[k].Process), saved[k].Rule, t.Steps[i], trace.MoveName(m, mv))
			}
		}
	}
	return nil
}
