package app

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mc-checker/mc/checker/testtier"
)

// TestMain lets a test start this binary as mc in a child process (to kill it).
func TestMain(m *testing.M) {
	if args := os.Getenv("MC_TEST_AS_MC"); args != "" {
		var argv []string
		if err := json.Unmarshal([]byte(args), &argv); err != nil {
			panic(err)
		}
		os.Exit(run(append([]string{"mc"}, argv...), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// child starts mc in a process of its own.
func child(t *testing.T, stdout *bytes.Buffer, args ...string) *exec.Cmd {
	return childTo(t, stdout, args...)
}

// childTo is child writing to any writer.
func childTo(t *testing.T, stdout io.Writer, args ...string) *exec.Cmd {
	t.Helper()
	argv, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "MC_TEST_AS_MC="+string(argv))
	cmd.Stdout, cmd.Stderr = stdout, stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// waitForSave waits until the run in dir has published a checkpoint.
func waitForSave(t *testing.T, dir string) {
	t.Helper()
	for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "checkpoint", "manifest.json")); err == nil {
			return
		}
	}
	t.Fatal("no checkpoint after a minute")
}

// savedPart is the part of the graph a checkpoint holds: expanded and known nodes.
func savedPart(t *testing.T, dir string) (expanded, nodes uint64) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(dir, "checkpoint", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Expanded, Nodes uint64 }
	if err := json.Unmarshal(text, &m); err != nil {
		t.Fatal(err)
	}
	return m.Expanded, m.Nodes
}

var timings = regexp.MustCompile(`(?m)^\s*"(seconds|explore_seconds|states_per_second|peak_memory_bytes|checkpoint|resumed)": .*\n`)

// sameRun compares two JSON reports but for timings and checkpoint bookkeeping.
func sameRun(t *testing.T, want, got string) {
	t.Helper()
	norm := func(s string) string { return strings.ReplaceAll(timings.ReplaceAllString(s, ""), ",\n", "\n") }
	if norm(want) != norm(got) {
		t.Fatalf("resumed run differs:\n%s\nwant:\n%s", got, want)
	}
}

// Killed with SIGKILL, or interrupted with SIGINT, right after its first save, then resumed
// with another number of workers, a run gives exactly the JSON of an uninterrupted one. The
// runs: the self-stabilizing arrow protocol on a path of 3 nodes (355,964 states), and every
// configuration of Dijkstra n=7 explored hashed on disk (--store disk), which --resume alone
// must resume the same way, not in the dense store.
func TestKilledRunResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("kills runs mid-way; TestCheckpointResume resumes interrupted runs in the library")
	}
	for _, tc := range []struct {
		name  string
		model []string
		store []string // flags of the first run only
	}{
		{"ssarrow", []string{"check", "ssarrow", "-p", "n=3", "-p", "init=0", "--json"}, nil},
		{"dijkstra-disk", []string{"check", "dijkstra", "-p", "n=7", "-p", "K=7", "--json"}, []string{"--store", "disk", "--mem", "256MiB"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.store != nil {
				testtier.Only(t, "823,543 states on disk, run four times")
			}
			first := append(slices.Clone(tc.model), tc.store...)
			once := first
			if tc.store != nil {
				once = append(slices.Clone(first), "--dir", t.TempDir())
			}
			code, want, stderr := mc(t, append(once, "--workers", "2")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGINT} {
				t.Run(sig.String(), func(t *testing.T) {
					dir := t.TempDir()
					var out bytes.Buffer
					cmd := child(t, &out, append(first, "--workers", "1", "--dir", dir, "--checkpoint-every", "1ns")...)
					waitForSave(t, dir)
					if err := cmd.Process.Signal(sig); err != nil {
						t.Fatal(err)
					}
					err := cmd.Wait()
					code := cmd.ProcessState.ExitCode()
					if sig == syscall.SIGINT && code != exitInconclusive || sig == syscall.SIGKILL && err == nil {
						t.Fatalf("%v: exit %d (%v): %s", sig, code, err, out.String())
					}
					if expanded, nodes := savedPart(t, dir); expanded >= nodes {
						t.Fatalf("the saved exploration is complete (%d of %d): nothing left to resume", expanded, nodes)
					}
					code, got, stderr := mc(t, "check", "--resume", dir, "--workers", "2", "--json")
					if code != 0 {
						t.Fatalf("resume: exit %d: %s", code, stderr)
					}
					sameRun(t, want, got)
				})
			}
		})
	}
}

// A full disk, while saving a checkpoint or growing a graph kept on disk, is a clear error
// with exit code 2, never a verdict. The disk is a tmpfs of 2 MiB, mounted for the test
// (skipped where mounting is not allowed).
func TestDiskFull(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	defer exec.Command("umount", dir).Run()
	for _, store := range []string{"memory", "disk"} { // the final checkpoint, or the graph itself
		code, stdout, stderr := mc(t, "check", "ssarrow", "-p", "n=3", "-p", "init=0", "--dir", dir, "--store", store, "--checkpoint-every", "1h")
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "no space left on device") {
			t.Fatalf("--store %s: exit %d, stdout %q, stderr %q", store, code, stdout, stderr)
		}
	}
}

// Every labelled tree of 8 nodes (262,144 runs) streams a row per tree as each finishes, and
// an interrupt ends the sweep within two seconds: exit 3, the rows so far, one line on stderr.
func TestInterruptAllTrees(t *testing.T) {
	var out lockedBuffer
	cmd := childTo(t, &out, "check", "arrow", "-p", "n=8", "--topology", "all")
	for start := time.Now(); !strings.Contains(out.String(), "tree:1 "); time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatalf("no row after a minute: %s", out.String())
		}
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cmd.Wait()
	if took := time.Since(start); took > 2*time.Second || cmd.ProcessState.ExitCode() != exitInconclusive {
		t.Fatalf("exit %d after %v", cmd.ProcessState.ExitCode(), took)
	}
	if !strings.Contains(out.String(), "262,144 trees on 8 nodes: interrupted after") || !strings.HasSuffix(out.String(), "mc: interrupted\n") {
		t.Fatalf("%s", out.String())
	}
}

// lockedBuffer is a buffer a child process writes while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// An interrupt at any time ends mc within two seconds, exit 3 and one line, whatever it is
// doing: validating, building, exploring, analysing.
func TestInterruptAnyTime(t *testing.T) {
	waits := []time.Duration{100 * time.Millisecond, 400 * time.Millisecond, 1500 * time.Millisecond}
	if testing.Short() {
		waits = waits[:2]
	}
	for _, wait := range waits {
		var out lockedBuffer
		cmd := childTo(t, &out, "check", "dijkstra", "-p", "n=9", "-p", "K=9", "--store", "disk", "--dir", t.TempDir(), "--mem", "1GiB")
		time.Sleep(wait)
		cmd.Process.Signal(syscall.SIGINT)
		start := time.Now()
		cmd.Wait()
		if took := time.Since(start); took > 2*time.Second || cmd.ProcessState.ExitCode() != exitInconclusive ||
			!strings.Contains(out.String(), "mc: interrupted") {
			t.Errorf("after %v: exit %d after %v: %s", wait, cmd.ProcessState.ExitCode(), took, out.String())
		}
	}
}
