package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --cpuprofile writes a profile whatever the verdict (a violation here), and a path it
// cannot create is a usage error before the run.
func TestCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	code, _, stderr := mc(t, "check", "dijkstra", "-p", "n=4", "-p", "K=2", "--cpuprofile", path)
	if code != exitViolated {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Fatalf("no profile written: %v", err)
	}
	code, _, stderr = mc(t, "check", "dijkstra", "--cpuprofile", filepath.Join(t.TempDir(), "no", "such", "dir", "f"))
	if code != exitUsage || !strings.Contains(stderr, "--cpuprofile") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// mc simulate takes the same flag.
func TestSimulateCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	code, _, stderr := mc(t, "simulate", "dijkstra", "--runs", "100", "--seed", "1", "--cpuprofile", path)
	if code != exitHolds {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Fatalf("no profile written: %v", err)
	}
}
