package app

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

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
				fmt.Fprintln(w, "\nand any protocol file: mc check FILE.gcl (examples/protocols/; mc list FILE.gcl shows its parameters)")
			}
			return nil
		},
	}
}

// listWidth is the width mc list wraps a model's description to: the whole of it is shown,
// as a paragraph, where one line would run past any window (a file's citation, say).
const listWidth = 100

// printEntry writes a model: its name, what it is, its parameters, its default checks and
// daemon.
func printEntry(w io.Writer, e *models.Entry) {
	for _, line := range wrap(e.Name+": "+e.Doc, listWidth, "  ") {
		fmt.Fprintln(w, line)
	}
	printParams(w, e)
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
	for _, r := range rows {
		line := fmt.Sprintf("  %-*s  %*s  %-*s  %s", widths[0], r[0], widths[1], r[1], widths[2], r[2], r[3])
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// wrap breaks text into lines of at most width characters at spaces, the lines after the
// first indented; a word longer than a line keeps a line of its own.
func wrap(text string, width int, indent string) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width:
			lines = append(lines, line)
			line = indent + word
		default:
			line += " " + word
		}
	}
	return append(lines, line)
}
