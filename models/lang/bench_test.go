package lang_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// The target: Dijkstra's ring n = 8, K = 8 (closure, convergence, worst case, central
// daemon) written in the language within 3 times the Go model's time. Run both, interleaved:
//
//	go test ./models/lang -run XXX -bench 'Dijkstra(Go|Language)' -benchtime 3x -count 3
func BenchmarkDijkstraGo(b *testing.B) {
	ring, err := dijkstra.New(8, 8)
	if err != nil {
		b.Fatal(err)
	}
	benchRing(b, ring, ring.Legitimate())
}

func BenchmarkDijkstraLanguage(b *testing.B) {
	t := &testing.T{}
	pr := compile(t, "../../examples/protocols/dijkstra.gcl", map[string]int{"n": 8, "K": 8})
	benchRing(b, pr, pr.Legit)
}

func benchRing(b *testing.B, p model.Protocol, legit model.Predicate) {
	spec := checker.Spec{Properties: model.Properties{Legit: legit}, Checks: []checker.Check{checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase}}
	for b.Loop() {
		m, _ := model.Daemonize(p, model.Central)
		res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
		if err != nil || *res.WorstCaseMoves != 75 {
			b.Fatalf("%v %v", err, res.WorstCaseMoves)
		}
	}
}
