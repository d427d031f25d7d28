package ssarrow_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/models/ssarrow"
	"github.com/mc-checker/mc/models/topology"
)

// BenchmarkCheck is the performance figure of docs/PERFORMANCE.md for the timed message-passing
// models: the checks of mc check ssarrow -p n=3 -p init=0 (path of 3 nodes, no message in
// transit initially: 355,964 states) through the hashed explorer. Run with
// go test ./models/ssarrow -run '^$' -bench Check -cpu 2.
func BenchmarkCheck(b *testing.B) {
	tree, _ := topology.Path(3)
	cfg := ssarrow.Config{Capacity: 4, Delay: 1, Timeout: 5, Sent0: 1, Phi0: 2, SentMax: 20, PhiMax: 22}
	p, m := build(b, tree, cfg)
	spec := lemmas(p, p.LegitimateConsistent())
	var err error
	var res *checker.Result
	for b.Loop() {
		if res, err = checker.Run(context.Background(), m, spec, checker.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	if res.Verdict() != checker.Holds || res.Stats.States != 355964 {
		b.Fatalf("%d states, %+v", res.Stats.States, res.Checks)
	}
	b.ReportMetric(float64(res.Stats.States)/res.Stats.Seconds, "states/s")
	b.ReportMetric(float64(res.Stats.PeakMemoryBytes)/(1<<20), "peak-MiB")
}
