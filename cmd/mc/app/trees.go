package app

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
	"github.com/urfave/cli/v2"
)

// shownFailures is how many trees where a check does not hold get their full report after
// the table; the others are counted.
const shownFailures = 3

// checkAllTrees checks the run on every labelled tree of n nodes, building each when its
// turn comes and printing its row (with --json its object) as soon as it is done: memory
// holds one tree's run at a time, and an interrupt stops the sweep after the tree under way.
func checkAllTrees(c *cli.Context, rs runs.Description, opts checker.Options) error {
	n, given := rs.Params["n"]
	if entry, err := lookupModel(rs.Model); !given && err == nil && entry.Param("n") != nil {
		n = entry.Param("n").Default // not given: the model's default, as for one tree
		rs.Params = withParam(rs.Params, "n", n)
	}
	count := topology.Count(n)
	if count == 0 {
		return usageError("there are too many labelled trees on %d nodes to list", n)
	}
	first, err := models.LabelledTree(n, 0)
	if err != nil {
		return usageError("%w", err)
	}
	rs.Tree = first
	if err := rs.Validate(); err != nil { // the others differ by their edges only
		return usageError("%w", err)
	}
	sh, sharded, err := shardOf(c)
	if err != nil {
		return err
	}
	lo, todo := 0, count
	if sharded {
		if c.Bool("json") {
			return usageError("a shard prints no trees (they are a part of the whole): mc merge --json prints them")
		}
		lo, todo = sh.Range(count)
	}
	warnUnbounded(c, opts)
	ctx, stop := runContext(c)
	defer stop()
	start := time.Now()
	out := newTreeOutput(c.App.Writer, c.Bool("json"), rs.Model, n, count, sharded)
	violated, inconclusive, done := false, false, 0
	for k := lo; k < lo+todo && ctx.Err() == nil; k++ {
		if rs.Tree, err = models.LabelledTree(n, k); err != nil {
			return usageError("%w", err)
		}
		b, err := rs.Build()
		if err != nil {
			return usageError("%w", err)
		}
		r, err := runBuilt(ctx, b, opts)
		if err != nil {
			return err
		}
		done++
		violated = violated || r.res.Verdict() == checker.Violated
		inconclusive = inconclusive || r.res.Verdict() == checker.Inconclusive
		if err := out.add(r); err != nil {
			return err
		}
	}
	if sharded {
		if ctx.Err() == nil { // an interrupted shard writes no part: the merge says it is missing
			p := out.part
			p.Failing, p.Failures, p.Model, p.Done, p.Violated, p.Inconclusive = out.failing, len(out.failing)+out.more, out.model, done, violated, inconclusive
			if err := writeTreesPart(c, rs, sh, lo, todo, p, time.Since(start)); err != nil {
				return err
			}
		}
		return verdictExit(ctx, violated, inconclusive || done < todo)
	}
	if err := out.close(done, violated, inconclusive || ctx.Err() != nil); err != nil {
		return err
	}
	return verdictExit(ctx, violated, inconclusive || done < count)
}

// treeOutput prints the runs of every tree as they finish: a table row each (and the full
// report of the first trees where a check does not hold, after the table), or with --json
// a JSON list, an object at a time. A shard (part non-nil) prints nothing: it keeps each
// tree's row and object, and the reports of its first failures, for mc merge.
type treeOutput struct {
	w       io.Writer
	json    bool
	n       int
	count   int
	model   string
	widths  []int
	shown   int      // rows and objects printed so far
	failing []string // the reports of the first trees where a check does not hold
	more    int      // trees where a check does not hold, past shownFailures
	part    *treesPart
}

// treesPart is a shard's trees: their rows, their JSON objects, and its failures.
type treesPart struct {
	Rows     []string `json:"rows"`
	Objects  []string `json:"objects"`
	Failing  []string `json:"failing,omitempty"`
	Failures int      `json:"failures"`
	Model    string   `json:"model,omitempty"` // as the reports name it
	Done     int      `json:"done"`
	Violated bool     `json:"violated,omitempty"`
	// Inconclusive: a tree's run was inconclusive.
	Inconclusive bool `json:"inconclusive,omitempty"`
}

func newTreeOutput(w io.Writer, json bool, model string, n, count int, shard bool) *treeOutput {
	o := &treeOutput{w: w, json: json, n: n, count: count, model: model}
	o.widths = []int{max(4, len(fmt.Sprintf("tree:%d", count-1))), max(20, 4*(n-1)-1), 8, 13, 13}
	switch {
	case shard:
		o.part = &treesPart{}
	case o.json:
		fmt.Fprint(o.w, "[")
	default:
		header := []string{"tree", "edges (parent-child)", "verdict", "states", "universe"}
		fmt.Fprintln(o.w, formatRow(o.widths, header))
	}
	return o
}

// add prints one tree's run, or keeps it in the shard's part.
func (o *treeOutput) add(r *report) error {
	res := r.res
	row := formatRow(o.widths, []string{r.Topology, r.Edges, res.Verdict().String(), group(res.Stats.States), group(res.Stats.UniverseSize)})
	var object string
	if o.json || o.part != nil {
		v, err := r.json()
		if err != nil {
			return err
		}
		text, err := json.MarshalIndent(v, "  ", "  ")
		if err != nil {
			return err
		}
		object = string(text)
	}
	if res.Verdict() != checker.Holds && !res.Stats.Interrupted {
		if err := o.fail(r); err != nil {
			return err
		}
	}
	if o.part != nil {
		o.part.Rows, o.part.Objects = append(o.part.Rows, row), append(o.part.Objects, object)
		return nil
	}
	o.print(row, object)
	return nil
}

// fail keeps the report of one of the first trees where a check does not hold, or counts it.
func (o *treeOutput) fail(r *report) error {
	o.model = r.Model
	if len(o.failing) >= shownFailures {
		o.more++
		return nil
	}
	var b strings.Builder
	if err := printReport(&b, r, false); err != nil {
		return err
	}
	o.failing = append(o.failing, b.String())
	return nil
}

// print prints one tree's row, or its object with the list's separator.
func (o *treeOutput) print(row, object string) {
	if o.json {
		sep := ","
		if o.shown == 0 {
			sep = ""
		}
		fmt.Fprintf(o.w, "%s\n  %s", sep, object)
	} else {
		fmt.Fprintln(o.w, row)
	}
	o.shown++
}

// close ends the list, or prints the reports kept and the overall verdict.
func (o *treeOutput) close(done int, violated, inconclusive bool) error {
	if o.json {
		fmt.Fprintln(o.w, "\n]")
		return nil
	}
	for _, text := range o.failing {
		fmt.Fprintln(o.w)
		fmt.Fprint(o.w, text)
	}
	if o.more > 0 {
		fmt.Fprintf(o.w, "\n… and %s more where a check does not hold (mc check %s --topology tree:K shows one)\n",
			groupCounted(uint64(o.more), "tree"), o.model)
	}
	summary := "every check holds on every tree"
	switch {
	case done < o.count:
		summary = fmt.Sprintf("interrupted after %s of them", group(uint64(done)))
	case violated:
		summary = "violated"
	case inconclusive:
		summary = "inconclusive"
	}
	fmt.Fprintf(o.w, "\n%s on %d nodes: %s\n", groupCounted(uint64(o.count), "tree"), o.n, summary)
	return nil
}
