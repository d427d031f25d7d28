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

// saving is set while a run keeps checkpoints (--dir): an interrupt then waits for the save,
// however long it takes, unless it comes twice.
var saving atomic.Bool

// watchSignals makes SIGINT and SIGTERM cancel the context from the start of the process,
// validation and building included. The run then stops and reports; if it has not ended
// quitAfter later and has nothing to save, or at a second signal, mc ends the process: exit
// 3 and one line. stop releases the signals.
func watchSignals(parent context.Context, stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-signals:
		case <-done:
			return
		}
		cancel(errInterrupted)
		var late <-chan time.Time
		if saving.Load() {
			fmt.Fprintln(stderr, "mc: interrupted: saving the exploration (interrupt again to stop without saving)")
		} else {
			late = time.After(quitAfter)
		}
		select {
		case <-signals:
			quit(stderr, "interrupted again: stopped without saving")
		case <-late:
			quit(stderr, "interrupted")
		case <-done:
		}
	}()
	return ctx, func() {
		close(done)
		signal.Stop(signals)
		cancel(nil)
	}
}

// quit ends the process at once, inconclusive.
func quit(stderr io.Writer, msg string) {
	fmt.Fprintln(stderr, "mc:", msg)
	os.Exit(exitInconclusive)
}
