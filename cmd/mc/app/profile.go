package app

import (
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/urfave/cli/v2"
)

// profileFlag writes a CPU profile of the run, for docs/PERFORMANCE.md and for users who report
// a slow model: go tool pprof -top mc FILE.
func profileFlag() cli.Flag {
	return &cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile of the run to `FILE` (go tool pprof)"}
}

// profiled wraps a command's action so that the profile covers the whole run and is written
// whatever the verdict.
func profiled(action cli.ActionFunc) cli.ActionFunc {
	return func(c *cli.Context) error {
		path := c.String("cpuprofile")
		if path == "" {
			return action(c)
		}
		f, err := os.Create(path)
		if err != nil {
			return usageError("--cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return usageError("--cpuprofile: %w", err)
		}
		err = action(c)
		pprof.StopCPUProfile()
		if cerr := f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("--cpuprofile: %w", cerr)
		}
		return err
	}
}
