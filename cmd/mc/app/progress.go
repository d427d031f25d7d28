package app

import (
	"os"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/cmd/mc/internal/progress"
	"github.com/urfave/cli/v2"
)

// endRun finishes what the run drew on stderr; report is the run's Options.Progress.
func endRun(report func(checker.Progress)) { progress.End(report) }

// runProgress is the Options.Progress of the commands that run the checker: bars when stderr
// is a terminal, the line a second with --progress otherwise, else nil.
func runProgress(c *cli.Context) func(checker.Progress) {
	bars := stderrIsTerminal(c)
	if !bars && !c.Bool("progress") {
		return nil
	}
	return progress.New(c.Context, c.App.ErrWriter, bars).Report
}

// simProgress is simulate's Options.Progress (runs done of opts.Runs), as runProgress, and
// the func that ends its bar before the distribution is printed.
func simProgress(c *cli.Context, runs int) (report func(done int), end func()) {
	bars := stderrIsTerminal(c)
	if !bars && !c.Bool("progress") {
		return nil, func() {}
	}
	return progress.Runs(c.Context, c.App.ErrWriter, runs, bars)
}

// stderrIsTerminal says whether to draw bars: stderr is a terminal and --progress=false does
// not turn progress off.
func stderrIsTerminal(c *cli.Context) bool {
	if c.IsSet("progress") && !c.Bool("progress") {
		return false
	}
	f, ok := c.App.ErrWriter.(*os.File)
	return ok && progress.IsTerminal(f)
}
