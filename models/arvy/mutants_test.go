package arvy_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/arvy"
)

// Every mutant of the issue fails the check that names the lemma it breaks, on every rooted
// tree of 3 nodes with NewParent any, with a shortest trace that replays through the model
// and whose steps are the moves given (node, event).
func TestMutantsFail(t *testing.T) {
	for _, tc := range []struct {
		mutant arvy.Mutant
		check  string
		moves  []string // the trace's moves, "node: event"
	}{
		// Lemma 2 (1): NewParent must return a visited node; the root's old parent is itself,
		// and the find's red edge disappears without a black edge in its place.
		{arvy.OldParent, "invariant Lemma 2(1) black and red edges form a directionless tree",
			[]string{"1: request", "0: receive find of 1, p := 0"}},
		// Lemma 2 (1): without p(v) := v the black edge and the red edge are parallel.
		{arvy.NoSelfLoop, "invariant Lemma 2(1) black and red edges form a directionless tree",
			[]string{"1: request"}},
		// Lemma 3's node states: a node that passed the token on still points to its next.
		{arvy.KeepNext, "invariant Lemma 3 node states {L,T} {} {T,N} {L} {N}, {L} and {N} waiting",
			[]string{"1: request", "0: receive find of 1, p := 1", "0: send token"}},
		// Lemma 2 (1): the root keeps its self-loop (the rule names the parent it should have
		// taken), so the find's red edge disappears without a black edge in its place.
		{arvy.RootKeepsLoop, "invariant Lemma 2(1) black and red edges form a directionless tree",
			[]string{"1: request", "0: receive find of 1, p := 1"}},
		// Theorem 4: forwarded to its new parent, the find goes back where it came from.
		{arvy.ForwardToNew, "action-invariant Theorem 4 no node receives a find twice",
			[]string{"2: request", "1: receive find of 2, p := 2", "2: receive find of 2, p := 1"}},
	} {
		t.Run(arvy.Mutants[tc.mutant], func(t *testing.T) {
			p, m, spec := instance(t, arvy.Config{N: 3, Requests: 1, NewParent: arvy.Any, Mutant: tc.mutant}, nil)
			res := run(t, m, spec, 2)
			i := slices.IndexFunc(res.Checks, func(c checker.CheckResult) bool { return c.Name == tc.check })
			if i < 0 || res.Checks[i].Verdict != checker.Violated || res.Checks[i].Trace == nil {
				t.Fatalf("%s does not fail: %+v", tc.check, res.Checks)
			}
			tr := res.Checks[i].Trace
			if err := model.Replay(m, tr); err != nil {
				t.Fatalf("the trace does not replay: %v", err)
			}
			if got := describe(t, p, m, tr); !slices.Equal(got, tc.moves) {
				t.Errorf("trace %q, want %q", got, tc.moves)
			}
		})
	}
}

func describe(t *testing.T, p *arvy.Protocol, m model.Model, tr *model.Trace) []string {
	moves, err := tr.Moves(m)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ms := range moves {
		for _, mv := range ms {
			out = append(out, fmt.Sprintf("%d: %s", mv.Proc, p.RuleName(mv.Proc, mv.Rule)))
		}
	}
	return out
}

// Every check the model states fails on some mutant: none of them holds vacuously.
func TestEveryCheckFailsOnAMutant(t *testing.T) {
	failed := map[string]bool{}
	var names []string
	for mutant := arvy.OldParent; int(mutant) < len(arvy.Mutants); mutant++ {
		_, m, spec := instance(t, arvy.Config{N: 3, Requests: 1, NewParent: arvy.Any, Mutant: mutant}, nil)
		for _, c := range run(t, m, spec, 2).Checks {
			if names = append(names, c.Name); c.Verdict == checker.Violated {
				failed[c.Name] = true
			}
		}
	}
	for _, name := range names {
		if !failed[name] {
			t.Errorf("%s holds on every mutant", name)
		}
	}
}
