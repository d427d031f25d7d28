// Command mc is mc's command line with the agree protocol in its catalogue, beside mc's own
// models: how a protocol written in Go, in a module of its own, gets check, sweep, replay,
// verify and simulate without a change to mc (docs/PROTOCOLS.md, step 6).
package main

import (
	"os"

	"github.com/mc-checker/mc/cmd/mc/app"
	"github.com/mc-checker/mc/examples/agree"
)

func main() {
	os.Exit(app.Main(os.Args, os.Stdout, os.Stderr, agree.Entry()))
}
