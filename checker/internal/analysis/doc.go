// Package analysis holds the passes over an explored graph (package explore) that decide the
// checks: one scan of every node (legitimate set, invariants, closure, deadlocks), the
// convergence search that labels every node with its longest execution to the legitimate set
// or as bad, weakly fair components, action invariants, characterisations, and the node
// paths of counterexamples and worst-case witnesses. They return node ids and labels; the
// checker turns them into verdicts and replays every trace.
//
// Each pass runs on several workers and reports what a sequential one would: the smallest
// node that qualifies, labels that are a function of the graph.
package analysis
