package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/models"
	"github.com/urfave/cli/v2"
)

func sweepCommand() *cli.Command {
	return &cli.Command{
		Name:      "sweep",
		Usage:     "for each value of the ranged parameters, find the smallest value of the searched one for which the checks hold",
		ArgsUsage: "MODEL",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "param", Aliases: []string{"p"}, Usage: "parameter `name=value` or name=lo..hi (repeatable)"},
			&cli.StringFlag{Name: "search", Usage: "the parameter to minimise (default: the model's, e.g. K)"},
			daemonFlag(),
			&cli.StringFlag{Name: "fairness", Value: "unfair", Usage: "unfair or weakly-fair"},
			&cli.StringFlag{Name: "check", Value: "closure,convergence,worst-case", Usage: "the checks that must hold"},
			&cli.BoolFlag{Name: "json", Usage: "print the table as JSON"},
		}, append(runFlags(), shardFlags()...)...),
		Action: runSweep,
	}
}

// sweepRow is one line of the sweep: the smallest value that works and the counterexample one
// below it.
type sweepRow struct {
	Params         map[string]int `json:"params"`
	Smallest       *int           `json:"smallest"` // nil: none up to the parameter's maximum
	States         uint64         `json:"states"`
	WorstCaseMoves *uint64        `json:"worst_case_moves,omitempty"`
	Counterexample *sweepFailure  `json:"counterexample_below,omitempty"`
}

type sweepFailure struct {
	Value int    `json:"value"`
	Check string `json:"check"`
	Steps int    `json:"steps"`      // all steps of the trace, the closing step of a loop included
	Loop  *int   `json:"loop_steps"` // steps of the loop, when it is a lasso
}

func runSweep(c *cli.Context) error {
	entry, ranges, search, err := sweepPlan(c)
	if err != nil {
		return err
	}
	opts, err := runOptions(c)
	if err != nil {
		return err
	}
	combos := combinations(entry.Defaults(), ranges)
	sh, sharded, err := shardOf(c)
	if err != nil {
		return err
	}
	first := 0
	if sharded {
		var n int
		first, n = sh.Range(len(combos))
		combos = combos[first : first+n]
	}
	ctx, stop := runContext(c)
	defer stop()
	start := time.Now()
	var rows []sweepRow
	inconclusive := false
	for _, params := range combos {
		row, decided, err := smallest(ctx, c, opts, entry, search, params)
		if err != nil {
			return err
		}
		inconclusive = inconclusive || !decided
		rows = append(rows, row)
	}
	if sharded {
		if ctx.Err() == nil { // an interrupted shard writes no part: the merge says it is missing
			if err := writeSweepPart(c, entry, search, sh, first, len(combos), sweepPart{Rows: rows, Inconclusive: inconclusive}, time.Since(start)); err != nil {
				return err
			}
		}
		return verdictExit(ctx, false, inconclusive)
	}
	if c.Bool("json") {
		if err := printJSON(c.App.Writer, rows); err != nil {
			return err
		}
	} else {
		printSweep(c, entry, search, rows)
	}
	return verdictExit(ctx, false, inconclusive)
}

// sweepPlan validates a sweep's model, ranges, searched parameter and checks.
func sweepPlan(c *cli.Context) (*models.Entry, []models.Range, *models.Param, error) {
	if c.NArg() != 1 {
		return nil, nil, nil, usageError("sweep needs exactly one model (see mc list)")
	}
	entry, err := lookupModel(c.Args().First())
	if err != nil {
		return nil, nil, nil, usageError("%w", err)
	}
	ranges, err := entry.ParseAssignments(c.StringSlice("param"))
	if err != nil {
		return nil, nil, nil, usageError("%w", err)
	}
	name := c.String("search")
	if name == "" && entry.Search == "" {
		return nil, nil, nil, usageError("model %s has no parameter it searches by default: give --search NAME (%s)", entry.Name, paramNames(entry))
	}
	if name == "" {
		name = entry.Search
	}
	search := entry.Param(name)
	if search == nil {
		return nil, nil, nil, usageError("model %s has no parameter %q to search (%s)", entry.Name, name, paramNames(entry))
	}
	for _, r := range ranges {
		if r.Name == search.Name {
			return nil, nil, nil, usageError("parameter %s is the one sweep searches, from %d to %d; give the others (or --search another)", r.Name, search.Min, search.Max)
		}
	}
	if strings.TrimSpace(c.String("check")) == "" {
		return nil, nil, nil, usageError("--check names no check")
	}
	return entry, ranges, search, nil
}

// paramNames lists a model's parameters.
func paramNames(e *models.Entry) string {
	var names []string
	for _, p := range e.Params {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// smallest runs the values of the searched parameter in turn, from its smallest, for one
// assignment of the others, until the checks hold; decided is false when a run was
// inconclusive (a larger value would not be known to be the smallest).
func smallest(ctx context.Context, c *cli.Context, opts checker.Options, entry *models.Entry, search *models.Param, params map[string]int) (row sweepRow, decided bool, err error) {
	row = sweepRow{Params: params}
	var below *report
	for v := search.Min; v <= search.Max && row.Smallest == nil; v++ {
		p := withParam(params, search.Name, v)
		b, err := runs.Description{Model: entry.Name, Params: p, Daemon: c.String("daemon"), Fairness: c.String("fairness"),
			Checks: strings.Split(c.String("check"), ","), Lint: c.Bool("lint")}.Build()
		if err != nil {
			return row, false, usageError("%w", err)
		}
		r, err := runBuilt(ctx, b, opts)
		if err != nil {
			return row, false, err
		}
		switch r.res.Verdict() {
		case checker.Holds:
			row.Smallest, row.States, row.WorstCaseMoves = &v, r.res.Stats.States, r.res.WorstCaseMoves
			if below != nil {
				row.Counterexample = failureOf(below, v-1)
			}
		case checker.Violated:
			below = r
		default:
			return row, false, nil
		}
	}
	delete(row.Params, search.Name)
	return row, true, nil
}

func failureOf(r *report, value int) *sweepFailure {
	for _, ch := range r.res.Checks {
		if ch.Trace == nil {
			continue
		}
		f := &sweepFailure{Value: value, Check: ch.Name, Steps: len(ch.Trace.Steps)}
		if ch.Trace.IsLasso() {
			loop := len(ch.Trace.Steps) - ch.Trace.LoopStart
			f.Loop = &loop
		}
		return f
	}
	return nil
}

func printSweep(c *cli.Context, entry *models.Entry, search *models.Param, rows []sweepRow) {
	table := [][]string{{"params", "smallest " + search.Name, "states", "worst-case moves", fmt.Sprintf("counterexample at %s-1", search.Name)}}
	for _, r := range rows {
		line := []string{formatParams(entry.Name, r.Params), "none", "", "", ""}
		if r.Smallest != nil {
			line[1], line[2] = fmt.Sprint(*r.Smallest), group(r.States)
		}
		if r.WorstCaseMoves != nil {
			line[3] = fmt.Sprint(*r.WorstCaseMoves)
		}
		if f := r.Counterexample; f != nil {
			line[4] = fmt.Sprintf("%s=%d: %s, %s", search.Name, f.Value, f.Check, counted(f.Steps, "step"))
			if f.Loop != nil {
				line[4] += fmt.Sprintf(" (loop of %d)", *f.Loop)
			}
		}
		table = append(table, line)
	}
	writeTable(c.App.Writer, table)
}

// combinations expands the ranges into every assignment, over the defaults.
func combinations(defaults map[string]int, ranges []models.Range) []map[string]int {
	out := []map[string]int{defaults}
	for _, r := range ranges {
		var next []map[string]int
		for _, base := range out {
			for v := r.Lo; v <= r.Hi; v++ {
				p := withParam(base, r.Name, v)
				next = append(next, p)
			}
		}
		out = next
	}
	return out
}

// withParam is a copy of params with name set to v.
func withParam(params map[string]int, name string, v int) map[string]int {
	p := map[string]int{name: v}
	for k, x := range params {
		if k != name {
			p[k] = x
		}
	}
	return p
}
