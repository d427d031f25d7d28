package main

import (
	"fmt"

	"github.com/mc-checker/mc/models"
	"github.com/urfave/cli/v2"
)

func listCommand() *cli.Command {
	return &cli.Command{
		Name:  "list",
		Usage: "list the models, their parameters and defaults",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("list takes no arguments")
			}
			w := c.App.Writer
			for _, e := range models.All() {
				fmt.Fprintf(w, "%s\t%s\n", e.Name, e.Doc)
				for _, p := range e.Params {
					fmt.Fprintf(w, "  %-4s default %-4d range %d..%d  %s\n", p.Name, p.Default, p.Min, p.Max, p.Doc)
				}
			}
			return nil
		},
	}
}
