package lang_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// footprints writes each action of process p as "rule: reads -> writes", by variable names.
func footprints(pr interface {
	model.Protocol
	model.Footprinted
}, p int) string {
	sch := pr.Schema()
	names := func(vs []int) string {
		var out []string
		for _, v := range vs {
			out = append(out, sch.Vars[v].Name)
		}
		return strings.Join(out, " ")
	}
	var lines []string
	for r := range pr.Rules(p) {
		f := pr.Footprint(p, r)
		lines = append(lines, fmt.Sprintf("%s: %s -> %s", pr.RuleName(p, r), names(f.Reads), names(f.Writes)))
	}
	return strings.Join(lines, "\n")
}

// A protocol file's actions read and write what their rules' text names: a variable alone is
// the process's own, x[j] with j the rule's parameter over neighbours is that neighbour's,
// x[left] the left neighbour's, a let's reads are its own (unasked reads every neighbour's
// m), and x[m] with m a variable any neighbour's or the process's.
func TestFootprintsFromTheRules(t *testing.T) {
	matching := compile(t, "../../examples/protocols/matching.gcl", map[string]int{"n": 5})
	want := `accept(p1): m1 m2 -> m2
accept(p3): m2 m3 -> m2
propose(p1): m1 m2 m3 -> m2
propose(p3): m1 m2 m3 -> m2
backoff: m1 m2 m3 -> m2`
	if got := footprints(matching, 2); got != want {
		t.Errorf("matching, process 2:\n%s\nwant\n%s", got, want)
	}
	dijkstra := compile(t, "../../examples/protocols/dijkstra.gcl", map[string]int{"n": 5})
	for p, want := range map[int]string{0: "bottom: x0 x4 -> x0", 3: "other: x2 x3 -> x3"} {
		if got := footprints(dijkstra, p); got != want {
			t.Errorf("dijkstra, process %d: %s, want %s", p, got, want)
		}
	}
	// On the ring, machines two apart move independently; neighbours do not.
	if f, g := dijkstra.Footprint(1, 0), dijkstra.Footprint(3, 0); !f.Independent(g) {
		t.Errorf("other at 1 and at 3 dependent: %v %v", f, g)
	}
	if f, g := dijkstra.Footprint(2, 0), dijkstra.Footprint(3, 0); f.Independent(g) || g.Independent(f) {
		t.Errorf("other at 2 and at 3 independent: %v %v", f, g)
	}
}
