package app

import (
	"strings"
	"testing"
)

// Rounds are measured with the worst case by default where they cost about as much as moves
// (the dense store), not on the hashed store unless asked, never with --rounds=false, and
// not by default where the table of combinations refuses them (rotation symmetry), which
// --rounds then reports as a usage error. Dijkstra n=4, K=3: 5 rounds (docs/DIJKSTRA.md;
// weak fairness changes no worst case of a ring that always converges).
func TestRoundsByDefault(t *testing.T) {
	base := []string{"check", "dijkstra", "-p", "n=4", "-p", "K=3", "--check", "worst-case"}
	for _, c := range []struct {
		extra  []string
		code   int
		rounds bool
	}{
		{nil, exitHolds, true},
		{[]string{"--rounds=false"}, exitHolds, false},
		{[]string{"--hashed"}, exitHolds, false},
		{[]string{"--hashed", "--rounds"}, exitHolds, true},
		{[]string{"--fairness", "weakly-fair", "--hashed"}, exitHolds, true}, // the graph keeps its steps' processes
	} {
		code, out, errOut := mc(t, append(base, c.extra...)...)
		if code != c.code || strings.Contains(out, "5 rounds") != c.rounds || strings.Contains(out, "rounds not measured") {
			t.Errorf("%v: exit %d, rounds %v, want exit %d, rounds %v:\n%s%s", c.extra, code, strings.Contains(out, "5 rounds"), c.code, c.rounds, out, errOut)
		}
	}
	// maxring declares rotation symmetry, which forgets which process is which: 2 rounds
	// without it, none by default with it, and asking for them is refused.
	maxring := []string{"check", "maxring", "-p", "n=4", "-p", "K=3", "--check", "worst-case"}
	for _, c := range []struct {
		extra []string
		code  int
		shows string
	}{
		{nil, exitHolds, "4 moves, 4 steps, 2 rounds"},
		{[]string{"--symmetry", "rotation"}, exitHolds, "4 moves, 4 steps\n"},
		{[]string{"--symmetry", "rotation", "--rounds"}, exitUsage, ""},
	} {
		code, out, errOut := mc(t, append(maxring, c.extra...)...)
		if code != c.code || !strings.Contains(out, c.shows) {
			t.Errorf("maxring %v: exit %d, want %d and %q:\n%s%s", c.extra, code, c.code, c.shows, out, errOut)
		}
	}
}
