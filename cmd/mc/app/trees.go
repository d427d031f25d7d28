package app

import (
	"encoding/json"
	"fmt"
	"io"

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
	n := rs.Params["n"]
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
	warnUnbounded(c, opts)
	ctx, stop := runContext(c)
	defer stop()
	out := newTreeOutput(c, n, count)
	violated, inconclusive, done := false, false, 0
	for k := 0; k < count && ctx.Err() == nil; k++ {
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
	if err := out.close(done, violated, inconclusive || ctx.Err() != nil); err != nil {
		return err
	}
	return verdictExit(ctx, violated, inconclusive || done < count)
}

// treeOutput prints the runs of every tree as they finish: a table row each (and the full
// report of the first trees where a check does not hold, after the table), or with --json
// a JSON list, an object at a time.
type treeOutput struct {
	w       io.Writer
	json    bool
	n       int
	count   int
	widths  []int
	failing []*report
	more    int // trees where a check does not hold, past shownFailures
}

func newTreeOutput(c *cli.Context, n, count int) *treeOutput {
	o := &treeOutput{w: c.App.Writer, json: c.Bool("json"), n: n, count: count}
	if o.json {
		fmt.Fprint(o.w, "[")
		return o
	}
	header := []string{"tree", "edges (parent-child)", "verdict", "states", "universe"}
	o.widths = []int{max(4, len(fmt.Sprintf("tree:%d", count-1))), max(20, 4*(n-1)-1), 8, 13, 13}
	fmt.Fprintln(o.w, formatRow(o.widths, header))
	return o
}

// add prints one tree's run.
func (o *treeOutput) add(r *report) error {
	if o.json {
		v, err := r.json()
		if err != nil {
			return err
		}
		text, err := json.MarshalIndent(v, "  ", "  ")
		if err != nil {
			return err
		}
		sep := ","
		if r.Topology == "tree:0" {
			sep = ""
		}
		fmt.Fprintf(o.w, "%s\n  %s", sep, text)
		return nil
	}
	res := r.res
	fmt.Fprintln(o.w, formatRow(o.widths, []string{r.Topology, r.Edges, res.Verdict().String(), group(res.Stats.States), group(res.Stats.UniverseSize)}))
	if res.Verdict() != checker.Holds && !res.Stats.Interrupted {
		if len(o.failing) < shownFailures {
			o.failing = append(o.failing, r)
		} else {
			o.more++
		}
	}
	return nil
}

// close ends the list, or prints the reports kept and the overall verdict.
func (o *treeOutput) close(done int, violated, inconclusive bool) error {
	if o.json {
		fmt.Fprintln(o.w, "\n]")
		return nil
	}
	for _, r := range o.failing {
		fmt.Fprintln(o.w)
		if err := printReport(o.w, r, false); err != nil {
			return err
		}
	}
	if o.more > 0 {
		fmt.Fprintf(o.w, "\n… and %s more where a check does not hold (mc check %s --topology tree:K shows one)\n",
			groupCounted(uint64(o.more), "tree"), o.failing[0].Model)
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
