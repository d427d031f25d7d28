package summary

import (
	"testing"

	"github.com/mc-checker/mc/checker"
)

// Issue 34: the "explored" line says what happened. A dense store whose every configuration
// is initial did no BFS ("BFS depth 0" before); a run interrupted during its scan says how far
// the scan got, not the universe as if it had been explored; one state is "1 state".
func TestExploredLine(t *testing.T) {
	universe := checker.Stats{Universe: "9^9", UniverseSize: 387_420_489, InitialStates: 387_420_489,
		States: 387_420_489, Transitions: 2_798_036_865, Store: "dense"}
	interrupted := universe
	interrupted.Interrupted, interrupted.StoppedIn = true, "analyses"
	interrupted.StoppedAt = &checker.Progress{Phase: "scan", States: 151_093_991, Total: 387_420_489}
	one := checker.Stats{Universe: "2^3", UniverseSize: 8, InitialStates: 1, States: 1, Store: "memory"}
	for _, tc := range []struct {
		stats checker.Stats
		want  string
	}{
		{universe, "387,420,489 states, 2,798,036,865 transitions, every configuration initial, dense store"},
		{interrupted, "every configuration initial, dense store; interrupted during the analyses (the scan of every state at 39%: 151,093,991 of 387,420,489)"},
		{one, "1 state, 0 transitions, BFS depth 0, memory store"},
	} {
		var explored string
		for _, f := range exploreFacts(&checker.Result{Stats: tc.stats}) {
			if f.Name == "explored" {
				explored = f.Value
			}
		}
		if explored != tc.want {
			t.Errorf("explored %q, want %q", explored, tc.want)
		}
	}
}
