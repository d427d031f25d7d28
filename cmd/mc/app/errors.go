package app

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/lang"
	"github.com/urfave/cli/v2"
)

func lookupModel(name string) (*models.Entry, error) {
	e, err := models.Lookup(name)
	return e, runs.NamedFile("protocol file", err)
}

// errorJSON is an error as --json prints it, on stdout where the run's JSON would be: its kind
// (usage: the command line; input: a file; model: a model that broke its rules during the
// run; internal or inconclusive: exit 3), the message, and what the kind knows of it.
type errorJSON struct {
	Error errorBody `json:"error"`
}

type errorBody struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Position is the place in a protocol file.
	Position *positionJSON `json:"position,omitempty"`
	// File is the file that could not be read.
	File string `json:"file,omitempty"`
	// Configuration is where a model error happened, and Path an execution from an initial
	// configuration to it (replayed), when one is known.
	Configuration *configurationJSON `json:"configuration,omitempty"`
	Path          *trace.JSON        `json:"path,omitempty"`
}

type positionJSON struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

type configurationJSON struct {
	Variables []string `json:"variables"`
	Values    []any    `json:"values"`
}

// errorKind is what kind of error err is, for --json; code is its exit code.
func errorKind(err error, code int) string {
	var internal *checker.InternalError
	switch {
	case errors.As(err, new(*checker.ModelError)):
		return "model"
	case errors.As(err, &internal):
		return "internal"
	case code == exitInconclusive:
		return "inconclusive"
	case errors.As(err, new(*lang.Error)) || errors.As(err, new(*runs.FileError)) || errors.As(err, new(*inputError)):
		return "input"
	}
	return "usage"
}

// inputError is an error in the contents of a file the user gave (a proof file, a saved run,
// a checkpoint): "input" under --json.
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }

func (e *inputError) Unwrap() error { return e.err }

// badInput is an input error: exit 2.
func badInput(format string, args ...any) error {
	return &exitError{exitUsage, &inputError{fmt.Errorf(format, args...)}}
}

// encodeError is err as --json prints it.
func encodeError(err error, code int) errorJSON {
	body := errorBody{Kind: errorKind(err, code), Message: err.Error()}
	var le *lang.Error
	if errors.As(err, &le) { // the place goes in position; the source line and caret are for people
		body.Message = strings.Replace(body.Message, le.Error(), le.Msg, 1)
		body.Position = &positionJSON{File: le.File, Line: le.Pos.Line, Col: le.Pos.Col}
	}
	var fe *runs.FileError
	if errors.As(err, &fe) {
		body.File = fe.Path
	}
	var me *checker.ModelError
	if errors.As(err, &me) && showable(me) {
		one, _ := trace.Encode(me.Model, &model.Trace{States: []model.State{me.State}, LoopStart: -1})
		body.Configuration = &configurationJSON{Variables: one.Variables, Values: one.States[0]}
		if body.Path, _ = trace.Encode(me.Model, me.Path); body.Path != nil && body.Path.Actions == nil { // replayed already: it encodes
			body.Path.Actions = []trace.Action{} // a path of no step is still a list
		}
	}
	return errorJSON{Error: body}
}

// printModelContext writes, under a model error's message, the configuration it
// happened in as a trace's row, after the execution that reaches it when one is known.
func printModelContext(w io.Writer, me *checker.ModelError) {
	t := me.Path
	switch {
	case t == nil:
		fmt.Fprintln(w, "in this configuration (no execution from an initial one to it is known):")
		t = &model.Trace{States: []model.State{me.State}, LoopStart: -1}
	case len(t.Steps) == 0:
		fmt.Fprintln(w, "in this configuration, an initial one:")
	default:
		fmt.Fprintf(w, "in the last configuration of this execution, a shortest from an initial one (%s):\n", counted(len(t.Steps), "step"))
	}
	if err := trace.Print(w, me.Model, t); err != nil {
		fmt.Fprintf(w, "  (it does not print: %v)\n", err)
	}
}

// printError writes the error a command ended with, and returns its exit code: under --json,
// when the command printed nothing on stdout, as a JSON object there (and its message on
// stderr); else on stderr, a model error with its configuration and path.
func printError(err error, stdout *watchedWriter, stderr io.Writer, asJSON bool) int {
	code, msg := exitUsage, err.Error()
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if msg == "" { // a verdict, which the report said
		return code
	}
	inJSON := asJSON && !stdout.wrote && printJSON(stdout, encodeError(err, code)) == nil
	fmt.Fprintln(stderr, "mc:", msg)
	if me := (*checker.ModelError)(nil); !inJSON && errors.As(err, &me) && showable(me) {
		printModelContext(stderr, me)
	}
	return code
}

// showable reports whether a model error's configuration is one of its model's, which its
// trace table can show.
func showable(me *checker.ModelError) bool {
	return me.State != nil && me.Model.Schema().Valid(me.State) == nil
}

// jsonAsked reports whether the command line asks a command that has --json for it (args as
// interspersed leaves them: the command's flags before its arguments).
func jsonAsked(app *cli.App, args []string) bool {
	if len(args) < 2 {
		return false
	}
	if cmd := app.Command(args[1]); cmd == nil || !slices.ContainsFunc(cmd.Flags, func(f cli.Flag) bool {
		return slices.Contains(f.Names(), "json")
	}) {
		return false
	}
	for _, a := range args[2:] {
		switch a {
		case "--":
			return false
		case "--json", "-json", "--json=true", "-json=true":
			return true
		}
	}
	return false
}

// watchedWriter is a writer that notes whether anything went through it: whether a command printed.
type watchedWriter struct {
	w     io.Writer
	wrote bool
}

func (c *watchedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.wrote = c.wrote || n > 0
	return n, err
}
