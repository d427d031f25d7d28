package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// errInterrupted is the cause of a run stopped by Ctrl-C or SIGTERM.
var errInterrupted = errors.New("interrupted")

// quitAfter is how long mc waits for a run to stop after an interrupt, when it has nothing
// to save, before it ends the process itself.
const quitAfter = 2 * time.Second

// echoWithin is how soon after an interrupt a second one counts as the same: GNU timeout
// sends its signal to the command and then to the command's process group, so one timeout
// can deliver SIGTERM twice, microseconds apart; a person interrupting again takes longer.
const echoWithin = 250 * time.Millisecond

// saving is set while a run keeps checkpoints (--dir): an interrupt then waits for the save,
// however long it takes, unless it comes twice.
var saving atomic.Bool

// watchSignals makes SIGINT and SIGTERM cancel the context from the start of the process,
// validation and building included. The run then stops and reports; if it has not ended
// quitAfter later and has nothing to save, or at a second signal, mc ends the process: exit
// 3 and one line. stop releases the signals.
func watchSignals(parent context.Context, stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	w := interrupts{signals: signals, done: done, cancel: func() { cancel(errInterrupted) },
		stderr: stderr, saving: saving.Load, quit: quit, quitAfter: quitAfter}
	go w.watch()
	return ctx, func() {
		close(done)
		signal.Stop(signals)
		cancel(nil)
	}
}

// interrupts is what watchSignals reacts to, and how: apart so that a test can send it
// signals and see whether it quits.
type interrupts struct {
	signals   <-chan os.Signal
	done      <-chan struct{} // closed when the run has ended
	cancel    func()
	stderr    io.Writer
	saving    func() bool
	quit      func(stderr io.Writer, msg string)
	quitAfter time.Duration
}

// watch waits for an interrupt, cancels the run, then quits at a second interrupt (not an
// echo of the first) or when the run has not ended quitAfter later with nothing to save.
func (w interrupts) watch() {
	select {
	case <-w.signals:
	case <-w.done:
		return
	}
	first := time.Now()
	w.cancel()
	var late <-chan time.Time
	if w.saving() {
		fmt.Fprintln(w.stderr, "mc: interrupted: saving the exploration (interrupt again to stop without saving)")
	} else {
		late = time.After(w.quitAfter)
	}
	for {
		select {
		case <-w.signals:
			if time.Since(first) < echoWithin {
				continue // the same interrupt, delivered twice
			}
			w.quit(w.stderr, "interrupted again: stopped without saving")
			return
		case <-late:
			w.quit(w.stderr, "interrupted")
			return
		case <-w.done:
			return
		}
	}
}

// quit ends the process at once, inconclusive.
func quit(stderr io.Writer, msg string) {
	fmt.Fprintln(stderr, "mc:", msg)
	os.Exit(exitInconclusive)
}
