//go:build linux

package checker_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mc-checker/mc/checker"
)

// A checkpoint directory locked by another run is refused.
func TestCheckpointDirectoryInUse(t *testing.T) {
	r, m := everyConfiguration(t, 4, 4)
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "lock"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	_, err = checker.Run(context.Background(), m, checker.Spec{Checks: allChecks, Legit: r.Legitimate()},
		checker.Options{Checkpoints: &checker.Checkpoints{Dir: dir}})
	if err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("got %v", err)
	}
}
