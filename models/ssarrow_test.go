package models

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mc-checker/mc/models/ssarrow"
	"github.com/mc-checker/mc/models/topology"
)

// explicitBytes is the memory of an explicit exploration as docs/DESIGN.md counts it: per
// state its configuration, 16 bytes of columns (BFS parent, step, CSR offset) and ~28 in
// the visited set; per transition 5 bytes (a 4-byte target and the tick a timed protocol's
// central step keeps). It leaves out the runtime and a BFS segment's work in flight, so a
// run measures somewhat more, never less.
func explicitBytes(states, transitions float64, width int) float64 {
	return states*float64(width+16+28) + transitions*5
}

// What mc list, README and docs/SSARROW.md say of the self-stabilizing arrow protocol's
// memory is one story, and the count of docs/DESIGN.md explains it: each measured row of
// SSARROW.md's table (the star of 4 without messages in transit, the path of 3 with) peaked
// between the count and 1.5 times it, which a figure from before the graph left the heap
// (14 GiB for the star) does not; mc list and README round the star's figure alike.
func TestSSArrowMemoryEstimate(t *testing.T) {
	table, err := os.ReadFile("../docs/SSARROW.md")
	if err != nil {
		t.Fatal(err)
	}
	var starStates, starGiB float64
	for _, row := range []struct {
		prefix  string
		tree    func(int) (*topology.Tree, error)
		n, init int
	}{
		{"| star of 4 | none |", topology.Star, 4, 0},
		{"| path of 3 | ≤ 1 per edge |", topology.Path, 3, 1},
	} {
		states, transitions, gib := measuredRow(t, string(table), row.prefix)
		tree, err := row.tree(row.n)
		if err != nil {
			t.Fatal(err)
		}
		cfg := ssarrowBounds
		cfg.Delay, cfg.Timeout, cfg.Capacity0 = 1, 5, row.init
		p, err := ssarrow.New(tree, cfg)
		if err != nil {
			t.Fatal(err)
		}
		count := explicitBytes(states, transitions, p.Schema().Width()) / (1 << 30)
		if gib < count || gib > 1.5*count {
			t.Errorf("%s: measured %.1f GiB, the count %.2f GiB", row.prefix, gib, count)
		}
		if row.n == 4 {
			starStates, starGiB = states, gib
		}
	}
	millions, gibs := int(math.Round(starStates/1e6)), int(math.Round(starGiB))
	said := fmt.Sprintf("the star of 4 with init=0 has %d million states and takes about %d GiB", millions, gibs)
	if doc := catalogueParam(t, "ssarrow", "n").Doc; !strings.Contains(doc, said) {
		t.Errorf("mc list says %q, want %q", doc, said)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("--topology star   # %d million states, ~2 minutes, %d GiB", millions, gibs); !strings.Contains(string(readme), want) {
		t.Errorf("README does not say %q", want)
	}
}

// measuredRow reads a row of docs/SSARROW.md's table: reachable states, transitions and the
// peak memory in GiB.
func measuredRow(t *testing.T, table, prefix string) (states, transitions, gib float64) {
	t.Helper()
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, prefix) {
			continue
		}
		cells := strings.Split(line, "|")
		number := func(cell string) float64 {
			v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(cell), ",", ""), 64)
			if err != nil {
				t.Fatalf("%s: %v", prefix, err)
			}
			return v
		}
		_, memory, _ := strings.Cut(cells[8], ", ")
		return number(cells[4]), number(cells[5]), number(strings.TrimSuffix(strings.TrimSpace(memory), " GiB"))
	}
	t.Fatalf("docs/SSARROW.md has no row %q", prefix)
	return
}

// catalogueParam is the parameter name of the catalogue's model.
func catalogueParam(t *testing.T, model, name string) *Param {
	t.Helper()
	e, err := Lookup(model)
	if err != nil || e.Param(name) == nil {
		t.Fatalf("%s %s: %v", model, name, err)
	}
	return e.Param(name)
}
