// Package explore builds the configuration graph the analyses read, behind one interface
// (Graph): the dense graph of a model that starts from its universe, where a node is a
// configuration's rank and edges are recomputed from the model, and the explicit graph that
// a parallel BFS finds from explicit initial states over a visited set (package store),
// kept in columns indexed by node id.
//
// Results never depend on the number of workers: the BFS numbers new states in the order a
// sequential BFS meets them, whatever the workers' timing, and commits a segment at a time
// (see docs/DESIGN.md, "Graphs"). It also holds what every analysis walks the graph with:
// Successors buffers, an Expander for single nodes, shortest paths and traces built from
// node paths; and what a checkpoint needs to save and restore an explicit graph.
package explore
