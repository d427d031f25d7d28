package progress

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mc-checker/mc/checker"
)

// Without a terminal, --progress prints the lines CI logs read, at most one a second, and
// the end of a run prints nothing.
func TestProgressLinesAsBefore(t *testing.T) {
	var out bytes.Buffer
	clock := time.Unix(1000, 0)
	p := &Progress{lines: stateLines(&out, func() time.Time { return clock })}
	p.Report(checker.Progress{Phase: "explore", States: 10}) // within the first second
	clock = clock.Add(time.Second)
	p.Report(checker.Progress{Phase: "explore", States: 123, Transitions: 456, Depth: 7})
	clock = clock.Add(time.Second / 2)
	p.Report(checker.Progress{Phase: "scan", States: 10, Total: 200}) // half a second after the last line
	clock = clock.Add(time.Second / 2)
	p.Report(checker.Progress{Phase: "scan", States: 50, Total: 200})
	clock = clock.Add(time.Hour)
	p.Report(Over)
	p.Close()
	want := "mc: explore 123 states, 456 transitions, depth 7, 1 s\nmc: scan 50/200 states (25%), 2 s\n"
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}

	out.Reset()
	clock = time.Unix(1000, 0)
	sim := runLines(&out, 10, func() time.Time { return clock })
	sim(checker.Progress{Phase: "simulate", States: 2, Total: 10})
	clock = clock.Add(2 * time.Second)
	sim(checker.Progress{Phase: "simulate", States: 5, Total: 10})
	if want := "mc: simulated 5/10 runs\n"; out.String() != want {
		t.Errorf("simulate: got %q, want %q", out.String(), want)
	}
}

// On a terminal (forced here on a buffer), a run draws a bar per phase with its name and
// percentage; Close returns once they are drawn, and a next run draws again; nothing is
// left running.
func TestProgressBars(t *testing.T) {
	before := runtime.NumGoroutine()
	var out bytes.Buffer // read only once Close has waited for mpb's goroutines
	p := New(context.Background(), &out, true)
	p.bars.after = 0
	p.Report(checker.Progress{Phase: "explore", States: 1000, Transitions: 5000, Depth: 3})
	p.Report(checker.Progress{Phase: "scan", States: 50, Total: 200})
	closes(t, func() { p.Report(Over) })
	frame := lastLine(out.String(), "scan")
	if !strings.Contains(frame, "25%") || !strings.Contains(frame, "[") || !strings.Contains(out.String(), "explore") {
		t.Fatalf("no bar of the scan at 25%% after the exploration's:\n%s", out.String())
	}

	first := len(out.String())
	p.Report(checker.Progress{Phase: "converge", States: 150, Total: 200})
	closes(t, p.Close)
	if frame := lastLine(out.String()[first:], "converge"); !strings.Contains(frame, "75%") {
		t.Fatalf("the next run draws no bar:\n%s", out.String())
	}
	noGoroutinesLeft(t, before)
}

// An interrupt stops the bars at once: the phases after it get none, and Close returns.
func TestProgressBarsInterrupted(t *testing.T) {
	before := runtime.NumGoroutine()
	var out bytes.Buffer // read only once Close has waited for mpb's goroutines
	ctx, cancel := context.WithCancel(context.Background())
	p := New(ctx, &out, true)
	p.bars.after = 0
	p.Report(checker.Progress{Phase: "scan", States: 5, Total: 10})
	cancel()
	p.Report(checker.Progress{Phase: "converge", States: 1, Total: 10})
	closes(t, p.Close)
	if strings.Contains(out.String(), "converge") {
		t.Errorf("a bar after the interrupt:\n%s", out.String())
	}
	noGoroutinesLeft(t, before)
}

// A run shorter than the delay draws nothing: no bars flashing on the screen.
func TestProgressBarsWaitForTheRun(t *testing.T) {
	var out bytes.Buffer // read only once Close has waited for mpb's goroutines
	p := New(context.Background(), &out, true)
	p.bars.after = time.Hour
	p.Report(checker.Progress{Phase: "explore", States: 1000})
	closes(t, p.Close)
	if out.String() != "" {
		t.Errorf("a short run drew %q", out.String())
	}
}

// The figures: percentage, counts, rate since the phase's first report, time left, heap
// and time; on a narrow line the last ones go.
func TestDescribe(t *testing.T) {
	parts := describe(checker.Progress{Phase: "scan", States: 5000, Total: 20000}, 0, "states", 10*time.Second, 3<<29)
	line := strings.Join(parts, "  ")
	for _, want := range []string{" 25%", "5.00k/20.0k states", "500 states/s", "ETA    30s", "mem   1.5 GiB", "10s"} {
		if !strings.Contains(line, want) {
			t.Errorf("%q lacks %q", line, want)
		}
	}
	if got := fit(parts, 30); got != " 25%  5.00k/20.0k states" {
		t.Errorf("fit in 30 columns: %q", got)
	}
	line = strings.Join(describe(checker.Progress{Phase: "explore", States: 7, Transitions: 12_345_678, Depth: 4}, 7, "states", 0, 0), "  ")
	if !strings.Contains(line, "12.3M transitions") || !strings.Contains(line, "depth   4") || strings.Contains(line, "/s") {
		t.Errorf("explore: %q", line)
	}
}

// closes runs close, which must return; the limit only catches a hang.
func closes(t *testing.T, close func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		close()
		done <- struct{}{}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("Close does not return")
	}
}

// noGoroutinesLeft waits a little for the goroutines of mpb to end.
func noGoroutinesLeft(t *testing.T, before int) {
	t.Helper()
	for i := 0; i < 200 && runtime.NumGoroutine() > before; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		stacks := make([]byte, 1<<20)
		t.Fatalf("%d goroutines left running:\n%s", n-before, stacks[:runtime.Stack(stacks, true)])
	}
}

// lastLine is the last line of the frames drawn that holds word.
func lastLine(frames, word string) string {
	last := ""
	for _, line := range strings.Split(frames, "\n") {
		if strings.Contains(line, word) {
			last = line
		}
	}
	return last
}
