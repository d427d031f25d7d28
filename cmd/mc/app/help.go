package app

import (
	"io"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/mc-checker/mc/cmd/mc/internal/layout"
)

// helpWidth is the most columns a line of mc --help, or of a command's --help, takes.
const helpWidth = 100

// flagIndent is how deep a flag's usage is indented under its names: the help template puts
// 6 spaces before every line of a flag but its first, and this adds 2.
const flagIndent = "  "

var fitHelpOnce sync.Once

// fitHelp makes urfave/cli's help fit helpWidth columns: each flag's names on a line and its
// usage wrapped under them (the default aligns every usage to the widest names, so that one
// repeatable flag pushed them all past 200 columns), and the other texts wrapped. The
// printer and the flags' format are urfave/cli's package variables: they are set once, for
// every App.
func fitHelp() {
	fitHelpOnce.Do(func() {
		flagString := cli.FlagStringer
		cli.FlagStringer = func(f cli.Flag) string { return stackFlag(flagString(f)) }
		printHelp := cli.HelpPrinterCustom
		cli.HelpPrinterCustom = func(w io.Writer, templ string, data any, funcs map[string]any) {
			withWidth := map[string]any{"wrapAt": func() int { return helpWidth }}
			for k, v := range funcs {
				withWidth[k] = v
			}
			printHelp(w, templ, data, withWidth)
		}
	})
}

// stackFlag is a flag's help, "--names\tusage", as its names on a line and its usage under
// them, wrapped to fit helpWidth once the template has indented it.
func stackFlag(text string) string {
	names, usage, ok := strings.Cut(text, "\t")
	if !ok || strings.TrimSpace(usage) == "" {
		return names
	}
	lines := layout.FillLines(strings.Fields(usage), helpWidth-6-len(flagIndent))
	return names + "\n" + flagIndent + strings.Join(lines, "\n"+flagIndent)
}
