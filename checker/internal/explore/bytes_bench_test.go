package explore_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/models/lek"
)

// BenchmarkBytesPerState is issue 37's item 5 measured: the bytes an explored state takes in
// the explicit graph (its columns, and with compression the tree of configurations) and in the
// in-memory visited set, on LE(k) under the central daemon (n = 20, k = 1, every repair, one
// fault on a vote, back to the start: 1,003-byte configurations), explored to 1,000,000
// states, with the configurations' bytes and by tree compression. What a BFS segment holds
// until its commit (a quarter of the memory budget at most) is not counted: it does not grow
// with the states.
//
// go test ./checker/internal/explore -run XXX -bench BytesPerState -benchtime 1x
func BenchmarkBytesPerState(b *testing.B) {
	r, err := lek.New(20, 1, lek.Readings{Strand: 1, ProbeEnd: 1, Report: 1, Returned: 1, Trail: 1, Stale: 1, CopyID: 1, Dominated: 1})
	if err != nil {
		b.Fatal(err)
	}
	d, err := model.Daemonize(r, model.Central, model.From([]model.State{r.Legitimate(0)}))
	if err != nil {
		b.Fatal(err)
	}
	m, err := faults.With(d, faults.Spec{Budget: 1, Vars: []string{"vote"}, KeepStart: true, OneVariable: true},
		[]model.State{r.Legitimate(0)}, r.Legit)
	if err != nil {
		b.Fatal(err)
	}
	for _, compress := range []bool{false, true} {
		name := "bytes"
		if compress {
			name = "tree"
		}
		b.Run(name, func(b *testing.B) {
			for range b.N {
				visited := store.NewMemory(false, m.Schema().Width())
				g, err := explore.BFS(context.Background(), m, visited, explore.Config{Workers: 2, MaxStates: 1_000_000, Compress: compress})
				if err != nil && g == nil {
					b.Fatal(err)
				}
				states := float64(g.Size())
				set := float64(visited.(interface{ Bytes() uint64 }).Bytes())
				b.ReportMetric(states, "states")
				b.ReportMetric(float64(g.Bytes())/states, "graph-B/state")
				b.ReportMetric(set/states, "visited-B/state")
				b.ReportMetric((float64(g.Bytes())+set)/states, "B/state")
				g.Release()
				visited.(store.Closer).Close()
			}
		})
	}
}
