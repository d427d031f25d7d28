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
	"github.com/mc-checker/mc/checker/model"
)

// A checkpoint directory locked by another run is refused.
func TestCheckpointDirectoryInUse(t *testing.T) {
	r, m := everyConfiguration(t, 4, 4)
	dir := t.TempDir()
	holdLock(t, dir)
	_, err := checker.Run(context.Background(), m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}},
		checker.Options{Checkpoints: &checker.Checkpoints{Dir: dir}})
	if err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("got %v", err)
	}
}

// A run refused because its directory is in use leaves the files of the run that holds it:
// the graph's directory and the checkpoints' are locked before the visited set clears its own.
func TestDirectoryInUseKeepsItsFiles(t *testing.T) {
	r, m := everyConfiguration(t, 4, 4)
	for _, locked := range []string{"graph", "."} {
		dir := t.TempDir()
		keep := filepath.Join(dir, "visited", "run-000001")
		if err := os.MkdirAll(filepath.Dir(keep), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(keep, []byte("the other run's"), 0o644)
		holdLock(t, filepath.Join(dir, locked))
		_, err := checker.Run(context.Background(), m, checker.Spec{Checks: allChecks, Properties: model.Properties{Legit: r.Legitimate()}},
			checker.Options{Store: checker.StoreDisk, Dir: dir, Checkpoints: &checker.Checkpoints{Dir: dir}})
		if err == nil || !strings.Contains(err.Error(), "in use") {
			t.Fatalf("%s locked: got %v", locked, err)
		}
		if _, err := os.Stat(keep); err != nil {
			t.Fatalf("%s locked: the other run's files are gone: %v", locked, err)
		}
	}
}

// holdLock locks dir as another run would, until the test ends.
func holdLock(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "lock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
}
