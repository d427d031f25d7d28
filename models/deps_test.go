package models_test

import (
	"os/exec"
	"strings"
	"testing"
)

// A protocol package depends on checker/model (and invariants, models/topology, gonum where it
// needs them), never on the engine: not checker, nothing under checker/internal (its stores,
// its system calls), not badger, not golang.org/x/sys (go list -deps ./models/... ./invariants).
func TestProtocolsNeverReachTheEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/mc-checker/mc/models/...", "github.com/mc-checker/mc/invariants").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "badger") || strings.Contains(dep, "/checker/internal/") || strings.HasPrefix(dep, "golang.org/x/sys") ||
			dep == "github.com/mc-checker/mc/checker" {
			t.Errorf("a protocol package depends on %s", dep)
		}
	}
}
