// Package legend explains the columns of a trace table from what a schema knows of each
// variable (Of): the process that owns it, the channel it is and how old its messages are,
// its Doc; and which processes are clocks. Nothing in it is written per model, so a new
// protocol's traces are explained as soon as its schema says what its variables are.
//
// Its contract: the entries come in the order of their first columns, the clocks last; a
// legend is text for a reader, and nothing reads it back.
package legend
