package app

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Issue 34: `timeout 120 mc check …` printed only "interrupted again: stopped without saving"
// and lost its summary. GNU timeout signals the command and then its process group, so one
// timeout can deliver SIGTERM twice; the echo must not count as a second interrupt, while a
// second interrupt a person gives later still stops a run that is saving.
func TestInterruptEcho(t *testing.T) {
	for _, tc := range []struct {
		name     string
		gap      time.Duration // between the two signals
		saving   bool
		wantQuit string // "" when the run ends by itself
	}{
		{"echo of timeout", 0, false, ""},
		{"echo while saving", time.Millisecond, true, ""},
		{"again while saving", 2 * echoWithin, true, "interrupted again: stopped without saving"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			signals := make(chan os.Signal, 4)
			done := make(chan struct{})
			var mu sync.Mutex
			var cancelled bool
			quitWith := ""
			w := interrupts{signals: signals, done: done, stderr: io.Discard, quitAfter: time.Hour,
				cancel: func() { mu.Lock(); cancelled = true; mu.Unlock() },
				saving: func() bool { return tc.saving },
				quit:   func(_ io.Writer, msg string) { mu.Lock(); quitWith = msg; mu.Unlock() }}
			ended := make(chan struct{})
			go func() { w.watch(); close(ended) }()
			signals <- syscall.SIGTERM
			time.Sleep(tc.gap)
			signals <- syscall.SIGTERM
			time.Sleep(echoWithin / 2)
			close(done) // the run has stopped and reported
			<-ended
			mu.Lock()
			defer mu.Unlock()
			if !cancelled || quitWith != tc.wantQuit {
				t.Errorf("cancelled %v, quit %q; want cancelled, quit %q", cancelled, quitWith, tc.wantQuit)
			}
		})
	}
}

// The same, end to end: a run that gets SIGTERM twice in a row, as from timeout(1), stops
// inconclusive and prints its summary.
func TestTimeoutGivesSummary(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of exploration; TestInterruptEcho checks the same reaction")
	}
	var out lockedBuffer
	cmd := childTo(t, &out, "check", "ssarrow", "-p", "n=4", "-p", "init=0", "--topology", "star", "--workers", "1", "--progress")
	for start := time.Now(); !strings.Contains(out.String(), "mc: explore"); time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > time.Minute { // the first report says the run is under way, its signals watched
			t.Fatalf("no progress after a minute: %s", out.String())
		}
	}
	for range 2 { // apart enough that the second is not merged into the first while pending
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInconclusive {
		t.Fatalf("%v, want exit 3: %s", err, out.String())
	}
	if text := out.String(); strings.Contains(text, "interrupted again") || !strings.Contains(text, "explored") {
		t.Errorf("no summary after one timeout:\n%s", text)
	}
}
