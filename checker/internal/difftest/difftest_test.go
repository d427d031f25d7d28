package difftest_test

import (
	"testing"

	"github.com/mc-checker/mc/checker/internal/difftest"
)

// The checker agrees with the reference on random protocols, in every configuration drawn:
// a short seeded run in -short, a longer one by default, and MC_DIFFTEST=N protocols in the
// long tier (docs/DESIGN.md, "Differential testing").
func TestDifferential(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	c := difftest.Campaign{Seed: 1, First: difftest.From(), Protocols: difftest.Size(n), Runs: 8, Parallel: 2}
	rep := c.Run(t.Context())
	t.Logf("%d protocols, %d runs, %d skipped; coverage:\n%s", rep.Protocols, rep.Runs, rep.Skipped, rep.Coverage())
	for _, e := range rep.Errors(5) {
		t.Error(e)
	}
	for _, f := range rep.Uncovered(false, testing.Short()) {
		t.Errorf("no run exercised %s: the campaign does not cover what it claims", f)
	}
}

// FuzzDifferential lets the fuzzer choose the seed and the protocol: `go test
// ./checker/difftest -fuzz FuzzDifferential` (its seeds run as tests).
func FuzzDifferential(f *testing.F) {
	for i := range 4 {
		f.Add(uint64(3), uint32(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, index uint32) {
		rep := difftest.Campaign{Seed: seed, Runs: 6}.Protocol(t.Context(), int(index))
		for _, e := range rep.Errors(3) {
			t.Error(e)
		}
	})
}
