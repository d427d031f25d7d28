package app

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"runtime/trace"

	"github.com/urfave/cli/v2"
)

// profileFlags write a CPU profile or an execution trace of the run, for docs/PERFORMANCE.md and
// for users who report a slow model: go tool pprof -top mc FILE, go tool trace FILE (the trace
// shows where workers wait: go tool trace -pprof=sync FILE).
func profileFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile of the run to `FILE` (go tool pprof)"},
		&cli.StringFlag{Name: "runtime-trace", Usage: "write the Go runtime's execution trace of the run to `FILE` (go tool trace)"},
	}
}

// profiled wraps a command's action so that the profile and the trace cover the whole run and
// are written whatever the verdict.
func profiled(action cli.ActionFunc) cli.ActionFunc {
	return func(c *cli.Context) error {
		stop, err := startRecording(c.String("cpuprofile"), "--cpuprofile", pprof.StartCPUProfile, pprof.StopCPUProfile)
		if err != nil {
			return err
		}
		stopTrace, err := startRecording(c.String("runtime-trace"), "--runtime-trace", trace.Start, trace.Stop)
		if err != nil {
			stop()
			return err
		}
		err = action(c)
		for _, s := range []func() error{stopTrace, stop} {
			if serr := s(); serr != nil && err == nil {
				err = serr
			}
		}
		return err
	}
}

// startRecording creates path and starts a recorder writing to it; the function it returns stops
// the recorder and closes the file. An empty path records nothing.
func startRecording(path, flag string, start func(w io.Writer) error, stop func()) (func() error, error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, usageError("%s: %w", flag, err)
	}
	if err := start(f); err != nil {
		f.Close()
		return nil, usageError("%s: %w", flag, err)
	}
	return func() error {
		stop()
		if err := f.Close(); err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
		return nil
	}, nil
}
