package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// signalContext is cancelled by SIGINT or SIGTERM: the checker stops, and the run reports
// inconclusive verdicts (exit 3) instead of dying without a word.
func signalContext(parent context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
}
