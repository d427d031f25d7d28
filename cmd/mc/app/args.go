package app

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// interspersed moves a command's flags before its arguments, so that `mc check dijkstra
// --param n=6` works: urfave/cli v2, like Go's flag package, stops reading flags at the first
// argument. A flag's value is taken from the next word unless the flag is boolean or written
// --name=value.
func interspersed(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args
	}
	boolean := map[string]bool{}
	for _, f := range cmd.Flags {
		if _, ok := f.(*cli.BoolFlag); ok {
			for _, n := range f.Names() {
				boolean[n] = true
			}
		}
	}
	flags := []string{}
	var positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			positional = append(positional, rest[i+1:]...)
			i = len(rest)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && !boolean[name] && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
		default:
			positional = append(positional, a)
		}
	}
	out := append([]string{args[0], args[1]}, flags...)
	if len(positional) > 0 {
		out = append(append(out, "--"), positional...)
	}
	return out
}
