// Package layout lays text out in a width, for mc's output to people: paragraphs wrapped
// at spaces with their continuation indented (WriteHanging, WriteWrapped), tables aligned
// in columns (WriteTable), and a trace's table cut into panels that fit a terminal
// (TraceTable). Width counts runes, as fmt pads by runes: a value such as ⊥ is one column.
//
// It takes text already formatted and knows nothing of models or runs: the contract is
// the width. A width of 0 writes each paragraph on one line (the HTML report wraps by
// itself); Width says how wide a writer is (its terminal's, or DefaultWidth).
package layout
