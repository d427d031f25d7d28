package toys_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/internal/toys"
	"github.com/mc-checker/mc/cmd/mc/app"
)

// The exit codes of docs/ERRORS.md.
const (
	exitHolds, exitViolated, exitUsage, exitInconclusive = 0, 1, 2, 3
)

// mc runs the command line with the toys in its catalogue, as a user's module runs it with
// models of its own (app.Main).
func mc(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = app.Main(append([]string{"mc"}, args...), &out, &errOut, toys.Catalogue()...)
	return code, out.String(), errOut.String()
}

// A protocol that writes a variable it does not own, one whose guard reads a non-neighbour,
// and two moves of one step that write one channel are each a model error with --lint (exit
// 2, the move and the configuration named, then the configuration as a trace's row: every
// configuration is initial); without --lint the first is checked as written.
func TestLintFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the first line of stderr; "" for a clean run (exit 0)
	}{
		{[]string{"check", "breach-writes", "--lint", "--workers", "2"}, "mc: model error: P0 spill writes x1, which P1 owns, in x0=0 x1=0 x2=1"},
		{[]string{"check", "breach-reads", "--lint"}, "mc: model error: P0 has a guard that reads x2"},
		{[]string{"check", "breach-collides", "--lint", "--daemon", "dd"}, "mc: model error: P0 send and P1 receive both write c0>1"},
		{[]string{"sweep", "dijkstra", "-p", "n=3..4", "--lint"}, ""},
	} {
		code, _, stderr := mc(t, c.args...)
		switch {
		case c.want == "" && (code != exitHolds || stderr != ""):
			t.Errorf("mc %s: exit %d, %q; want a clean run", strings.Join(c.args, " "), code, stderr)
		case c.want != "" && (code != exitUsage || !strings.HasPrefix(stderr, c.want) || !strings.Contains(stderr, "\nin this configuration, an initial one:\n  # step ")):
			t.Errorf("mc %s: exit %d, %q", strings.Join(c.args, " "), code, stderr)
		}
	}
	if code, _, stderr := mc(t, "check", "breach-writes"); code != exitViolated || stderr != "" {
		t.Errorf("without --lint: exit %d, %q", code, stderr)
	}
}

// A counterexample that fails its replay (the model is not deterministic) is an internal
// error: exit 3, no trace printed, never a verdict.
func TestReplayFailureExits3(t *testing.T) {
	code, out, stderr := mc(t, "check", "flaky")
	if code != exitInconclusive || out != "" || !strings.Contains(stderr, "internal error: the convergence counterexample does not replay") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}
