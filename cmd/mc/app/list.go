package app

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mc-checker/mc/cmd/mc/internal/layout"
	"github.com/mc-checker/mc/models"
	"github.com/urfave/cli/v2"
)

func listCommand() *cli.Command {
	return &cli.Command{
		Name:      "list",
		Usage:     "list the models, their parameters and defaults (or those of protocol files)",
		ArgsUsage: "[FILE.gcl ...]",
		Action: func(c *cli.Context) error {
			entries := models.All()
			if c.NArg() > 0 {
				entries = nil
				for _, name := range c.Args().Slice() {
					if !strings.HasSuffix(name, ".gcl") {
						return usageError("list takes protocol files (FILE.gcl), not %q: mc list alone lists the models", name)
					}
					e, err := lookupModel(name)
					if err != nil {
						return usageError("%w", err)
					}
					entries = append(entries, e)
				}
			}
			w := c.App.Writer
			for i, e := range entries {
				if i > 0 {
					fmt.Fprintln(w)
				}
				printEntry(w, e)
			}
			if c.NArg() == 0 {
				fmt.Fprintln(w, "\nand any protocol file: mc check FILE.gcl (examples/protocols/; its parameters: mc list FILE.gcl)")
			}
			return nil
		},
	}
}

// listWidth is the width mc list wraps a model's description to: the whole of it is shown,
// as a paragraph, where one line would run past any window (a file's citation, say).
const listWidth = 100

// rangeWidth is the widest the range column of a parameter table gets: a longer list of
// names overflows it, and its description starts on the next line.
const rangeWidth = 24

// printEntry writes a model: its name, what it is, its parameters, its temporal properties,
// its default checks and daemon.
func printEntry(w io.Writer, e *models.Entry) {
	layout.WriteHanging(w, "", "  ", e.Name+": "+e.Doc, listWidth)
	printParams(w, e)
	for _, p := range e.Properties {
		layout.WriteHanging(w, "  ", "      ", "property "+p, listWidth)
	}
	fmt.Fprintf(w, "  default checks: %s\n", strings.Join(e.Checks, ", "))
	if e.Daemon != "" {
		fmt.Fprintf(w, "  default daemon: %s\n", e.Daemon)
	}
}

// printParams writes a model's parameters in aligned columns: name, default, range, doc.
func printParams(w io.Writer, e *models.Entry) {
	rows := [][]string{{"parameter", "default", "range", ""}}
	for _, p := range e.Params {
		values := fmt.Sprintf("%d..%d", p.Min, p.Max)
		if len(p.Names) > 0 {
			values = strings.Join(p.Names, "|")
		}
		rows = append(rows, []string{p.Name, p.Format(p.Default), values, p.Doc})
	}
	widths := make([]int, 3)
	for _, r := range rows {
		for i := range widths {
			widths[i] = max(widths[i], utf8.RuneCountInString(r[i]))
		}
	}
	widths[2] = min(widths[2], rangeWidth)
	indent := strings.Repeat(" ", 2+widths[0]+2+widths[1]+2+widths[2]+2)
	for _, r := range rows { // the description wraps under its own column
		lead := fmt.Sprintf("  %-*s  %*s  %-*s  ", widths[0], r[0], widths[1], r[1], widths[2], r[2])
		if utf8.RuneCountInString(r[2]) > widths[2] { // a long list of names: the description under it
			fmt.Fprintln(w, strings.TrimRight(lead, " "))
			lead = indent
		}
		layout.WriteHanging(w, lead, indent, r[3], listWidth)
	}
}
