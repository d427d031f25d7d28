package dijkstra_test

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// BenchmarkStabilization is the performance target of docs/PERFORMANCE.md: closure,
// convergence and worst case for Dijkstra n=8, K=8 under the central daemon (16,777,216
// configurations). Run with go test ./models/dijkstra -run '^$' -bench Stabilization -cpu 2.
// MC_BENCH_N9=1 adds n=9, K=9 (387,420,489 configurations, about a minute).
func BenchmarkStabilization(b *testing.B) {
	sizes := [][2]int{{8, 8}}
	if testingN9() {
		sizes = append(sizes, [2]int{9, 9})
	}
	for _, nk := range sizes {
		b.Run(fmt.Sprintf("n=%d,K=%d", nk[0], nk[1]), func(b *testing.B) {
			r, err := dijkstra.New(nk[0], nk[1])
			if err != nil {
				b.Fatal(err)
			}
			m, _ := model.Daemonize(r, model.Central)
			spec := checker.Spec{Checks: stabilization, Properties: model.Properties{Legit: r.Legitimate()}}
			var res *checker.Result
			for b.Loop() {
				if res, err = checker.Run(context.Background(), m, spec, checker.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			if res.Verdict() != checker.Holds {
				b.Fatalf("%+v", res.Checks)
			}
			b.ReportMetric(float64(res.Stats.States)/res.Stats.Seconds, "states/s")
			b.ReportMetric(float64(res.Stats.PeakMemoryBytes)/(1<<20), "peak-MiB")
		})
	}
}

func testingN9() bool { return os.Getenv("MC_BENCH_N9") != "" }

// BenchmarkHashed runs the same checks through the hashed BFS explorer instead of the dense
// store, by listing every configuration of n=7, K=7 (823,543) as an explicit initial state.
func BenchmarkHashed(b *testing.B) {
	r, err := dijkstra.New(7, 7)
	if err != nil {
		b.Fatal(err)
	}
	var init []model.State // every configuration, as the universal model enumerates them
	universal, _ := model.Daemonize(r, model.Central)
	universal.Init(func(s model.State) bool { init = append(init, s.Clone()); return true })
	m, _ := model.Daemonize(r, model.Central, model.From(init))
	spec := checker.Spec{Checks: stabilization, Properties: model.Properties{Legit: r.Legitimate()}}
	var res *checker.Result
	for b.Loop() {
		if res, err = checker.Run(context.Background(), m, spec, checker.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	if res.Verdict() != checker.Holds || res.Stats.States != 823543 {
		b.Fatalf("%d states, %+v", res.Stats.States, res.Checks)
	}
	b.ReportMetric(float64(res.Stats.States)/res.Stats.Seconds, "states/s")
}

// BenchmarkOnDisk runs the same checks with the universe of n=8, K=8 explored hashed, the graph
// in files and the visited set in sorted runs (mc check dijkstra -p n=8 -p K=8 --store disk
// --mem 512MiB): issue 4's path for n=9, at a size a benchmark can repeat.
func BenchmarkOnDisk(b *testing.B) {
	r, err := dijkstra.New(8, 8)
	if err != nil {
		b.Fatal(err)
	}
	m, _ := model.Daemonize(r, model.Central)
	spec := checker.Spec{Checks: stabilization, Properties: model.Properties{Legit: r.Legitimate()}}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(512 << 20))
	var res *checker.Result
	for b.Loop() {
		opts := checker.Options{Store: checker.StoreDisk, Dir: b.TempDir(), MemoryBudget: 512 << 20}
		if res, err = checker.Run(context.Background(), m, spec, opts); err != nil {
			b.Fatal(err)
		}
	}
	if res.Verdict() != checker.Holds || res.Stats.States != 16777216 || *res.WorstCaseMoves != 75 || res.Stats.Store != "disk+runs" {
		b.Fatalf("%d states in %s, %+v", res.Stats.States, res.Stats.Store, res.Checks)
	}
	b.ReportMetric(float64(res.Stats.States)/res.Stats.Seconds, "states/s")
	b.ReportMetric(float64(res.Stats.PeakMemoryBytes)/(1<<20), "peak-MiB")
}
