package models

import "context"

// Command is a command that a model package gives the command line beside the generic
// ones (Entry.Commands): Arvy's mc arvy-ratio. It is plain data and a function, so that a
// protocol package needs neither the checker nor the command line's flag parser; the
// command line makes it a command of its own, with the exit codes of every command.
type Command struct {
	Name        string
	Usage       string // one line, for mc --help
	Description string // the paragraph of the command's --help
	Flags       []Flag
	// Run runs the command on its flags' values; the command takes no arguments. It returns
	// what it prints, also with an error (what was done before it). An error once ctx is
	// done (--timeout, an interrupt) is inconclusive (exit 3); any other is the input's
	// (exit 2).
	Run func(ctx context.Context, flags Flags) (*Output, error)
}

// Flag is one flag of a Command. Its Value is its default, and its type the flag's: string,
// int, bool or time.Duration (a flag named timeout bounds the run, as check's does).
type Flag struct {
	Name        string
	Value       any
	DefaultText string // what --help says the default is, when not Value
	Usage       string
}

// Flags are a command's flag values by name, as the command line parsed them.
type Flags interface {
	String(name string) string
	Int(name string) int
	Bool(name string) bool
}

// Output is what a command prints: a table, which the command line aligns as it aligns its
// own (the second and last columns left, the others right), then lines.
type Output struct {
	Table [][]string
	Lines []string
}

// Commands are the commands the models of the catalogue provide, by model name.
func Commands() []*Command {
	var out []*Command
	for _, e := range All() {
		out = append(out, e.Commands...)
	}
	return out
}
