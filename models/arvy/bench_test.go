package arvy_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/arvy"
)

// Every check on every rooted tree of 4 nodes, NewParent any: 25,496 states, where Lemma 2
// (2)'s search over green edges is most of the time.
func BenchmarkLemmas(b *testing.B) {
	p, err := arvy.New(arvy.Config{N: 4, Requests: 1, NewParent: arvy.Any})
	if err != nil {
		b.Fatal(err)
	}
	init, err := p.Starts(arvy.RootedTrees(4))
	if err != nil {
		b.Fatal(err)
	}
	m, err := model.Daemonize(p, model.Central, model.From(init))
	if err != nil {
		b.Fatal(err)
	}
	spec := checker.Spec{Properties: model.Properties{
		Invariants: p.Invariants(),
		Actions:    p.Actions(),
		Eventually: p.Satisfied(),
		Legit:      p.Done,
	},
		Checks: []checker.Check{checker.CheckInvariant, checker.CheckAction, checker.CheckDeadlock,
			checker.CheckConvergence, checker.CheckWorstCase, checker.CheckEventually}}
	for b.Loop() {
		if _, err := checker.Run(context.Background(), m, spec, checker.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// The ratio table's Ivy row on 6 nodes: 7,776 sequential configurations.
func BenchmarkRatioIvy6(b *testing.B) {
	for b.Loop() {
		if _, err := arvy.RatioRows(context.Background(), []int{6}, []arvy.NewParent{arvy.Ivy}, 8); err != nil {
			b.Fatal(err)
		}
	}
}
