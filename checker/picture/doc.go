// Package picture draws configurations of a protocol on its topology, as SVG and as Graphviz
// DOT, for the traces mc prints: every process with its variables, the processes enabled in
// the configuration and those that moved into it marked, messages in transit on their
// channels, and pointers (Var.Targets) as arrows.
//
// A Scene holds what stays the same across one run's configurations: where each process is
// drawn and what each variable is. The layout is computed here, not by Graphviz: classical
// multidimensional scaling of the topology's hop distances, refined by stress majorization,
// so a ring comes out a circle, a grid a grid and a path a line, with no program to install
// and the same picture on every machine. The DOT output carries those positions (pos="x,y!"),
// so `neato -n` draws the same picture where Graphviz is installed.
//
// The package does no I/O of its own beyond the io.Writer it is given and never panics on a
// configuration its schema accepts.
package picture
