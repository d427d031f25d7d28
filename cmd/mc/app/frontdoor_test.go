package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// What a newcomer met at the front door (issue 34), each said plainly.

// --version names the revision a checkout's go build records, its day and whether the tree
// was modified; a build without them says so instead of a bare "(devel)".
func TestVersionText(t *testing.T) {
	checkout := []debug.BuildSetting{{Key: "-compiler", Value: "gc"}, {Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "5072cf594328de12b4eea0b0416d441d032419ab"}, {Key: "vcs.time", Value: "2026-11-26T09:14:02Z"}}
	for _, c := range []struct {
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"(devel)", append(checkout, debug.BuildSetting{Key: "vcs.modified", Value: "true"}), "(devel) rev 5072cf5 2026-11-26, modified"},
		{"(devel)", append(checkout, debug.BuildSetting{Key: "vcs.modified", Value: "false"}), "(devel) rev 5072cf5 2026-11-26"},
		{"v1.2.0", []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}, "v1.2.0 rev abc"},
		{"(devel)", []debug.BuildSetting{{Key: "-compiler", Value: "gc"}}, "(devel), no revision recorded (go build in a git checkout records it; go run does not)"},
		{"", nil, "unknown, no revision recorded (go build in a git checkout records it; go run does not)"},
	} {
		if got := versionText(c.version, c.settings); got != c.want {
			t.Errorf("%q %v: %q, want %q", c.version, c.settings, got, c.want)
		}
	}
}

// An unknown daemon lists the daemons only: blocks is --reduce blocks, which --daemon blocks
// is told.
func TestDaemonErrorNamesDaemons(t *testing.T) {
	code, _, stderr := mc(t, "check", "dijkstra", "--daemon", "foo")
	if code != exitUsage || !strings.Contains(stderr, "central, locally-central, distributed, synchronous)") || strings.Contains(stderr, "blocks") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	code, _, stderr = mc(t, "check", "dijkstra", "--daemon", "blocks")
	if code != exitUsage || !strings.Contains(stderr, "not a daemon") || !strings.Contains(stderr, "--daemon distributed --reduce blocks") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// --report and --trace-dot say where they wrote, a line each in the summary's style: on
// stdout, or on stderr when stdout is --json's; mc verify --report names each page.
func TestPicturesSayWhere(t *testing.T) {
	dir := t.TempDir()
	page, dots := filepath.Join(dir, "run.html"), filepath.Join(dir, "dots")
	run := []string{"check", "dijkstra", "-p", "n=3", "-p", "K=2", "--daemon", "dd", "--check", "convergence", "--report", page, "--trace-dot", dots}
	said := "  report       written to " + page + "\n  trace-dot    1 trace drawn in " + dots + ": 3 configurations, as DOT and SVG\n"
	code, out, _ := mc(t, run...)
	if code != exitViolated || !strings.HasSuffix(out, "\n\n"+said) {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, stderr := mc(t, append(run, "--json")...)
	if code != exitViolated || stderr != said || !json.Valid([]byte(out)) {
		t.Errorf("--json: exit %d, stderr %q", code, stderr)
	}
	code, out, _ = mc(t, "check", "dijkstra", "-p", "n=3", "-p", "K=3", "--check", "closure", "--trace-dot", dots)
	if code != exitHolds || !strings.HasSuffix(out, "  trace-dot    no trace to draw: nothing written to "+dots+"\n") {
		t.Errorf("a run without traces: exit %d:\n%s", code, out)
	}
	proof, pages := filepath.Join(dir, "ring.yaml"), filepath.Join(dir, "pages")
	os.WriteFile(proof, []byte("runs:\n  - name: ring\n    model: dijkstra\n    params: {n: 3, K: 2}\n    checks: [closure]\n    expect: {verdict: holds}\n"), 0o644)
	code, out, _ = mc(t, "verify", proof, "--report", pages)
	if code != exitHolds || !strings.HasSuffix(out, "1 passed, 0 failed\n  report       written to "+filepath.Join(pages, "ring.html")+"\n") {
		t.Errorf("verify: exit %d:\n%s", code, out)
	}
}
