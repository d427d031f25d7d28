package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mc-checker/mc/models"
	"github.com/urfave/cli/v2"
)

// providedCommands are the commands the catalogue's models provide (models.Commands: mc
// arvy-ratio), each made a command of mc's: its flags, its help and its exit codes are
// those of the others, and nothing of a model is written here.
func providedCommands() []*cli.Command {
	var out []*cli.Command
	for _, pc := range models.Commands() {
		cmd := &cli.Command{Name: pc.Name, Usage: pc.Usage, Description: pc.Description,
			Action: func(c *cli.Context) error { return runProvided(c, pc) }}
		for _, f := range pc.Flags {
			cmd.Flags = append(cmd.Flags, cliFlag(f))
		}
		out = append(out, cmd)
	}
	return out
}

// cliFlag is a provided command's flag as urfave/cli parses it: its type is its default's.
func cliFlag(f models.Flag) cli.Flag {
	switch v := f.Value.(type) {
	case string:
		return &cli.StringFlag{Name: f.Name, Value: v, DefaultText: f.DefaultText, Usage: f.Usage}
	case int:
		return &cli.IntFlag{Name: f.Name, Value: v, DefaultText: f.DefaultText, Usage: f.Usage}
	case bool:
		return &cli.BoolFlag{Name: f.Name, Value: v, DefaultText: f.DefaultText, Usage: f.Usage}
	case time.Duration:
		return &cli.DurationFlag{Name: f.Name, Value: v, DefaultText: f.DefaultText, Usage: f.Usage}
	}
	panic(fmt.Sprintf("flag --%s: a default of type %T (want string, int, bool or time.Duration)", f.Name, f.Value))
}

// runProvided runs a provided command and prints what it returns, also before an error: an
// error that wraps the context's cause (--timeout, an interrupt) is inconclusive, any other
// the input's.
func runProvided(c *cli.Context, pc *models.Command) error {
	if c.NArg() != 0 {
		return usageError("%s takes no arguments", pc.Name)
	}
	ctx, stop := runContext(c)
	defer stop()
	out, err := pc.Run(ctx, c)
	if out != nil {
		if len(out.Table) > 0 {
			writeTable(c.App.Writer, out.Table)
		}
		for _, line := range out.Lines {
			fmt.Fprintln(c.App.Writer, line)
		}
	}
	switch {
	case err != nil && ctx.Err() != nil && errors.Is(err, context.Cause(ctx)):
		return &exitError{exitInconclusive, err}
	case err != nil:
		return usageError("%w", err)
	}
	return nil
}
