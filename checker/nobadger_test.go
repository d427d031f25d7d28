//go:build nobadger

package checker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// A build without badger (-tags nobadger, which .ci/run builds and tests) refuses --store
// badger before the run starts, and says what to use instead; the disk store still runs.
func TestBadgerLeftOut(t *testing.T) {
	r, _ := dijkstra.New(4, 4)
	m, _ := model.Daemonize(r, model.Central)
	spec := checker.Spec{Properties: model.Properties{Legit: r.Legitimate()}, Checks: []checker.Check{checker.CheckConvergence}}
	_, err := checker.Run(context.Background(), m, spec, checker.Options{Store: checker.StoreBadger, Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "-tags nobadger") || !strings.Contains(err.Error(), "--store disk") {
		t.Fatalf("--store badger without badger: %v", err)
	}
	res, err := checker.Run(context.Background(), m, spec, checker.Options{Store: checker.StoreDisk, Dir: t.TempDir()})
	if err != nil || res.Verdict() != checker.Holds || res.Stats.States != 256 {
		t.Fatalf("--store disk: %v %+v", err, res)
	}
}
