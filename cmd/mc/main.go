// Command mc is the command line of the mc model checker (package app does the work): it
// checks the models of its catalogue and protocol files. Exit codes: 0 every check holds, 1 a
// check is violated, 2 usage or input error, 3 inconclusive (never a pass).
package main

import (
	"os"

	"github.com/mc-checker/mc/cmd/mc/app"
)

func main() { os.Exit(app.Main(os.Args, os.Stdout, os.Stderr)) }
