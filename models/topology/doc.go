// Package topology builds the networks protocols run on: paths, stars, every labelled tree
// with n nodes, and graphs read from Graphviz files as SASA writes them (Graph: who reads whom,
// each node's algo= and init=, the graph's attributes). A tree is rooted, which gives every
// edge its parent end; a tree read from a file is rooted at the node the file marks.
package topology
