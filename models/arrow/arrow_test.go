package arrow_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/arrow"
	"github.com/mc-checker/mc/models/topology"
)

func characterise(t *testing.T, tree *topology.Tree, f int, pred func(*arrow.Protocol) model.Predicate) *checker.Result {
	t.Helper()
	p, err := arrow.New(tree, f)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(p, model.Central, model.From(p.Quiescent()), model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{
		Checks: []checker.Check{checker.CheckCharacterise, checker.CheckAction},
		Properties: model.Properties{
			Characterisations: []model.Property{{Name: "phi", Holds: pred(p)}},
			Actions:           []model.ActionProperty{{Name: "preserves-phi", Holds: p.PreservesPhi}},
		},
	}, checker.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func legal(p *arrow.Protocol) model.Predicate { return p.Legal() }

// Theorem 4.1: a configuration is legal (reachable from a quiescent one by find transitions,
// Definition 3.2) iff φ(e) = 1 on every tree edge; and find transitions preserve every φ(e)
// (proof of Theorem 4.2). Checked on every labelled tree with 2 to 5 nodes, F = 1.
func TestTheorem41AllTrees(t *testing.T) {
	for n := 2; n <= 5; n++ {
		trees, err := topology.AllTrees(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, tree := range trees {
			res := characterise(t, tree, 1, legal)
			if res.Verdict() != checker.Holds {
				t.Fatalf("%s: %+v", tree.Name, res.Checks)
			}
		}
	}
}

// Theorem 4.1 on the path and the star of 6 nodes, with the exact number of legal
// configurations among all of the bounded universe.
func TestTheorem41SixNodes(t *testing.T) {
	for _, tc := range []struct {
		tree          func(int) (*topology.Tree, error)
		legal, states uint64
	}{
		{topology.Path, 780, 331776}, // words over {→, ←, find→, find←} of 5 edges without "← →"
		{topology.Star, 648, 196608}, // 3^5 with the centre its own sink, 5·3^4 pointing to a leaf
	} {
		tree, _ := tc.tree(6)
		res := characterise(t, tree, 1, legal)
		if res.Verdict() != checker.Holds || res.Stats.States != tc.legal || res.Stats.UniverseSize != tc.states {
			t.Fatalf("%s: %d legal of %d: %+v", tree.Name, res.Stats.States, res.Stats.UniverseSize, res.Checks)
		}
	}
}

// Weakening the local predicate is caught, each inclusion with its kind of witness: φ(e) ≤ 1
// admits an unreachable configuration (a witness state); forgetting F(e) rejects a reachable
// one (a path from a quiescent configuration, replayed).
func TestWeakenedPredicatesFail(t *testing.T) {
	tree, _ := topology.Path(3)
	res := characterise(t, tree, 1, func(p *arrow.Protocol) model.Predicate { return p.Weakened("phi<=1") })
	c := res.Checks[1]
	if c.Name != "characterise phi" || c.Verdict != checker.Violated || c.Witness == nil || c.Trace != nil {
		t.Fatalf("phi<=1: %+v", c)
	}
	p, _ := arrow.New(tree, 1)
	if p.Legal()(c.Witness) {
		t.Fatalf("the witness %v is legal", c.Witness)
	}
	res = characterise(t, tree, 1, func(p *arrow.Protocol) model.Predicate { return p.Weakened("no-finds") })
	c = res.Checks[1]
	if c.Verdict != checker.Violated || c.Trace == nil || len(c.Trace.Steps) != 1 {
		t.Fatalf("no-finds: %+v", c)
	}
	m, _ := model.Daemonize(p, model.Central, model.From(p.Quiescent()), model.WithLint())
	if err := model.Replay(m, c.Trace); err != nil {
		t.Fatal(err)
	}
}

// noFlip forwards finds without flipping its arrow: φ is no longer preserved, and the action
// invariant must say so with a step that replays.
type noFlip struct{ *arrow.Protocol }

func (p noFlip) Fire(s model.State, moves []model.Move, next model.State) {
	p.Protocol.Fire(s, moves, next)
	for _, m := range moves {
		if m.Rule > 0 && p.Arrow(s, m.Proc) != m.Proc {
			next[m.Proc] = s[m.Proc] // the mutant keeps its arrow
		}
	}
}

func TestMutantBreaksPhi(t *testing.T) {
	tree, _ := topology.Path(3)
	p, _ := arrow.New(tree, 1)
	m, _ := model.Daemonize(noFlip{p}, model.Central, model.From(p.Quiescent()), model.WithLint())
	res, err := checker.Run(context.Background(), m, checker.Spec{
		Checks: []checker.Check{checker.CheckAction},
		Properties: model.Properties{
			Actions: []model.ActionProperty{{Name: "preserves-phi", Holds: p.PreservesPhi}},
		},
	}, checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Checks[0]
	if c.Verdict != checker.Violated || model.Replay(m, c.Trace) != nil {
		t.Fatalf("%+v", c)
	}
	n := len(c.Trace.States)
	if p.PreservesPhi(c.Trace.States[n-2], model.Step{}, c.Trace.States[n-1]) {
		t.Fatal("the last step preserves φ")
	}
}
