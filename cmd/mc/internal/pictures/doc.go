// Package pictures draws a run's traces on the model's topology: the HTML report's run
// (Page), every configuration of every trace a step-through of pictures (package web writes
// the page, WriteHTML the file), and --trace-dot's files, each configuration as Graphviz DOT
// and SVG (WriteDOT). A long trace keeps its start, its end and its loop's start; the steps
// between are summarised. The pictures are package picture's; the run's text is package
// summary's (its title, its facts), so that the page says what the terminal says.
package pictures
