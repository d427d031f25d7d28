package checker_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
)

// The arrow protocol written in the language with messages (examples/protocols/arrow.gcl: a
// find kind, FIFO channels, receive and send, an init predicate, characterise) is the Go model
// (models/arrow) on every labelled tree of 4 and 5 nodes (16 and 125; 4 only under -short):
// the same states and transitions from the quiescent configurations, Theorem 4.1's
// characterisation holding with the same count of reachable configurations, the action
// invariant (no find transition changes phi, Theorem 4.2), closure; and the two weakened
// characterisations (broken/arrow-phi-le1.gcl, broken/arrow-nofinds.gcl) failing as the Go
// model's weaken=1 and weaken=2 do ("A Self-Stabilizing Distributed Queuing Protocol",
// Tirthapura et al.).
func TestArrowFileIsTheGoModel(t *testing.T) {
	sizes := []int{4, 5}
	if testing.Short() {
		sizes = []int{4}
	}
	goEntry, err := models.Lookup("arrow")
	if err != nil {
		t.Fatal(err)
	}
	files := map[int]string{0: "arrow.gcl", 1: "broken/arrow-phi-le1.gcl", 2: "broken/arrow-nofinds.gcl"}
	dir := t.TempDir()
	for _, n := range sizes {
		trees, err := topology.AllTrees(n)
		if err != nil {
			t.Fatal(err)
		}
		for k, tree := range trees {
			dot := filepath.Join(dir, fmt.Sprintf("tree%d-%d.dot", n, k))
			if err := os.WriteFile(dot, []byte(treeDot(tree)), 0o644); err != nil {
				t.Fatal(err)
			}
			for weaken, file := range files {
				g := arrowRun(t, goEntry, map[string]int{"n": n, "F": 1, "weaken": weaken}, tree)
				entry, err := models.FromFile("../examples/protocols/" + file)
				if err != nil {
					t.Fatal(err)
				}
				if entry, err = entry.OnTopology(dot); err != nil {
					t.Fatal(err)
				}
				f := arrowRun(t, entry, map[string]int{"F": 1}, nil)
				if err := sameArrow(g, f); err != nil {
					t.Fatalf("%s on tree %s (%d of %d nodes): %v", file, tree.Name, k, n, err)
				}
			}
		}
	}
}

// treeDot is a tree as a Graphviz file whose nodes are numbered as the tree's.
func treeDot(tree *topology.Tree) string {
	var b strings.Builder
	b.WriteString("graph tree {\n")
	for v := range tree.N() {
		fmt.Fprintf(&b, "  p%d;\n", v)
	}
	for _, e := range tree.Edges() {
		fmt.Fprintf(&b, "  p%d -- p%d;\n", e.Parent, e.Child)
	}
	b.WriteString("}\n")
	return b.String()
}

// arrowRun checks an arrow entry's default checks from its initial configurations.
func arrowRun(t *testing.T, e *models.Entry, given map[string]int, tree *topology.Tree) *checker.Result {
	t.Helper()
	values, err := e.Resolve(given)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := e.Build(values, tree)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(inst.Protocol, model.Central, model.From(inst.Init))
	if err != nil {
		t.Fatal(err)
	}
	spec := checker.Spec{Checks: []checker.Check{checker.CheckCharacterise, checker.CheckAction, checker.CheckClosure}, Properties: inst.Properties}
	return run(t, m, spec, 1)
}

// sameArrow compares the figures and verdicts of the Go model's run and the file's.
func sameArrow(g, f *checker.Result) error {
	if g.Stats.States != f.Stats.States || g.Stats.Transitions != f.Stats.Transitions || g.Stats.UniverseSize != f.Stats.UniverseSize {
		return fmt.Errorf("%d states, %d transitions, a universe of %d; the Go model %d, %d, %d",
			f.Stats.States, f.Stats.Transitions, f.Stats.UniverseSize, g.Stats.States, g.Stats.Transitions, g.Stats.UniverseSize)
	}
	for i, gc := range g.Checks {
		fc := f.Checks[i]
		if gc.Verdict != fc.Verdict || (gc.Verdict == checker.Holds && gc.Detail != fc.Detail) {
			return fmt.Errorf("%s %s (%s); the Go model's %s %s (%s)", fc.Name, fc.Verdict, fc.Detail, gc.Name, gc.Verdict, gc.Detail)
		}
		if gc.Verdict == checker.Violated && (gc.Trace == nil) != (fc.Trace == nil) {
			return fmt.Errorf("%s: a counterexample on one side only", fc.Name)
		}
		if gc.Trace != nil && fc.Trace != nil && len(gc.Trace.Steps) != len(fc.Trace.Steps) {
			return fmt.Errorf("%s: a counterexample of %d steps, the Go model's %d", fc.Name, len(fc.Trace.Steps), len(gc.Trace.Steps))
		}
	}
	return nil
}
