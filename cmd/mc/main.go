// Command mc is the command line of the mc model checker: it parses flags, calls the checker
// library and prints what it returns. Exit codes: 0 every check holds, 1 a check is violated,
// 2 usage or input error, 3 inconclusive (a bound, a time limit, an interruption, or an internal
// error: never a pass).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"
)

const (
	exitHolds        = 0
	exitViolated     = 1
	exitUsage        = 2
	exitInconclusive = 3
)

// exitError carries an exit code out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

func usageError(format string, args ...any) error {
	return &exitError{exitUsage, fmt.Errorf(format, args...)}
}

func main() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) }

// run is the whole command line, returning the exit code, so that tests can call it.
func run(args []string, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:  "mc",
		Usage: "explicit-state model checker for self-stabilizing and fault-tolerant protocols",
		Commands: []*cli.Command{
			listCommand(), checkCommand(), sweepCommand(), replayCommand(), verifyCommand(),
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return &exitError{exitUsage, err}
		},
		HideHelpCommand: true,
		Writer:          stdout,
		ErrWriter:       stderr,
	}
	for _, c := range app.Commands {
		c.OnUsageError = app.OnUsageError
	}
	err := app.Run(interspersed(app, args))
	var ee *exitError
	switch {
	case err == nil:
		return exitHolds
	case errors.As(err, &ee):
		if msg := ee.err.Error(); msg != "" {
			fmt.Fprintln(stderr, "mc:", msg)
		}
		return ee.code
	default:
		fmt.Fprintln(stderr, "mc:", err)
		return exitUsage
	}
}

// verdictExit maps the overall verdict of the runs to the exit code; nothing is printed.
func verdictExit(violated, inconclusive bool) error {
	switch {
	case violated:
		return &exitError{exitViolated, errors.New("")}
	case inconclusive:
		return &exitError{exitInconclusive, errors.New("")}
	}
	return nil
}
