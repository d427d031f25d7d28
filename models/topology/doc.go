// Package topology builds the spanning trees protocols run on: paths, stars, every labelled
// tree with n nodes, and trees read from Graphviz files as SASA writes them. A tree is rooted,
// which gives every edge its parent end.
package topology
