// Package app is the command line of the mc model checker: it parses flags, calls the checker
// library and prints what it returns. cmd/mc runs it; a program of the user's own module runs
// it with catalogue entries of its own (Main), so that check, sweep, replay, verify and simulate
// work on protocols written in Go outside this repository (docs/PROTOCOLS.md). Exit codes: 0
// every check holds, 1 a check is violated, 2 usage or input error, 3 inconclusive (a bound, a
// time limit, an interruption, or an internal error: never a pass).
package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/mc-checker/mc/models"

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

func (e *exitError) Unwrap() error { return e.err }

func usageError(format string, args ...any) error {
	return &exitError{exitUsage, fmt.Errorf(format, args...)}
}

// Main runs the command line on args (args[0] is the program's name), writing to stdout and
// stderr, and returns the exit code. The entries join the catalogue for this run, beside mc's
// own models: a name already taken is a usage error (exit 2). Main is not safe for
// concurrent use (the catalogue is shared).
func Main(args []string, stdout, stderr io.Writer, entries ...*models.Entry) int {
	for _, e := range entries {
		remove, err := models.Register(e)
		if err != nil {
			fmt.Fprintf(stderr, "mc: %v\n", err)
			return exitUsage
		}
		defer remove()
	}
	return run(args, stdout, stderr)
}

// exitCodes is what --help says of the exit codes (docs/ERRORS.md says more).
const exitCodes = `Exit codes: 0 every check holds; 1 a check is violated (verify: a run deviates from its
proof; replay: a trace does not replay); 2 usage or input error, or a model error;
3 inconclusive (a bound, a time limit, an interrupt, an internal error): never a pass.`

// run is the whole command line, returning the exit code, so that tests can call it.
func run(args []string, stdout, stderr io.Writer) int {
	out := &watchedWriter{w: stdout}
	fitHelp()
	cmds := commands()
	app := &cli.App{
		Name:        "mc",
		Usage:       "explicit-state model checker for self-stabilizing and fault-tolerant protocols",
		Description: exitCodes,
		Version:     version(),
		Commands:    cmds,
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("unknown command %q (want %s; mc --help)", c.Args().First(), commandNames(cmds))
			}
			cli.ShowAppHelp(c)
			return usageError("a command is needed")
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return &exitError{exitUsage, err}
		},
		ExitErrHandler:  func(*cli.Context, error) {}, // run maps every error to an exit code
		HideHelpCommand: true,
		Writer:          out,
		ErrWriter:       stderr,
	}
	for _, c := range app.Commands {
		c.OnUsageError = app.OnUsageError
	}
	ctx, stop := watchSignals(context.Background(), stderr)
	defer stop()
	args = interspersed(app, args)
	if err := app.RunContext(ctx, args); err != nil {
		return printError(err, out, stderr, jsonAsked(app, args))
	}
	return exitHolds
}

// commands are mc's commands, in the order --help lists them: those the models provide
// after the generic ones that run the checker.
func commands() []*cli.Command {
	cmds := []*cli.Command{listCommand(), checkCommand(), sweepCommand(), replayCommand(), verifyCommand(), simulateCommand(), mergeCommand()}
	return append(append(cmds, providedCommands()...), exploreCommand())
}

// commandNames lists the commands' names: "list, check or explore".
func commandNames(cmds []*cli.Command) string {
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.Name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// verdictExit maps the overall verdict of the runs to the exit code. A violation prints
// nothing more (the report says it); a run stopped by an interrupt or --timeout says so in
// one line.
func verdictExit(ctx context.Context, violated, inconclusive bool) error {
	switch {
	case violated:
		return &exitError{exitViolated, errors.New("")}
	case inconclusive:
		return &exitError{exitInconclusive, errors.New(verdictCause(ctx))}
	}
	return nil
}

// verdictCause is why a run that was stopped is inconclusive, or "" for a bound.
func verdictCause(ctx context.Context) string {
	if ctx.Err() != nil {
		return context.Cause(ctx).Error()
	}
	return ""
}

// version is the module's version and, built by go build in a git checkout, its revision.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return versionText(info.Main.Version, info.Settings)
}

// versionText writes a version and the revision the build settings record: "(devel) rev
// 5072cf5 2026-11-26, modified". go run and -buildvcs=false record none, which it says,
// rather than leave a bare "(devel)" that names no build.
func versionText(v string, settings []debug.BuildSetting) string {
	v = cmp.Or(v, "unknown")
	var rev, date string
	modified := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(len(s.Value), 7)]
		case "vcs.time":
			date, _, _ = strings.Cut(s.Value, "T") // RFC 3339: the day is enough to place it
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v + ", no revision recorded (go build in a git checkout records it; go run does not)"
	}
	v += " rev " + rev
	if date != "" {
		v += " " + date
	}
	if modified {
		v += ", modified"
	}
	return v
}
