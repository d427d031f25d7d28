package main

import (
	"fmt"
	"strings"

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
				rows := [][]string{}
				for _, p := range e.Params {
					rows = append(rows, []string{" " + p.Name, fmt.Sprintf("default %d", p.Default), fmt.Sprintf("range %d..%d", p.Min, p.Max), p.Doc})
				}
				writeTable(w, rows)
				fmt.Fprintf(w, "  default checks: %s\n", strings.Join(e.Checks, ", "))
			}
			return nil
		},
	}
}
