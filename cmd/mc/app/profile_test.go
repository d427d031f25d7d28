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

// --runtime-trace writes the Go runtime's execution trace (its header names the Go version)
// whatever the verdict, beside a CPU profile, whose samples the trace then holds too; a path
// it cannot create is a usage error before the run.
func TestRuntimeTrace(t *testing.T) {
	dir := t.TempDir()
	trace, prof := filepath.Join(dir, "run.trace"), filepath.Join(dir, "cpu.prof")
	code, _, stderr := mc(t, "check", "dijkstra", "-p", "n=4", "-p", "K=2", "--runtime-trace", trace, "--cpuprofile", prof)
	if code != exitViolated {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(trace)
	if err != nil || !strings.HasPrefix(string(b), "go 1.") {
		t.Fatalf("no trace written (%v): %.16q", err, b)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Fatalf("no profile written beside the trace: %v", err)
	}
	code, _, stderr = mc(t, "check", "dijkstra", "--runtime-trace", filepath.Join(dir, "no", "such", "dir", "f"))
	if code != exitUsage || !strings.Contains(stderr, "--runtime-trace") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// the profile started first is stopped when the trace cannot start
	code, _, stderr = mc(t, "simulate", "dijkstra", "--runs", "10", "--cpuprofile", prof, "--runtime-trace", filepath.Join(dir, "no", "f"))
	if code != exitUsage || !strings.Contains(stderr, "--runtime-trace") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
