// Package reference is a deliberately naive, sequential re-implementation of the checker's
// analyses: maps instead of perfect hashes, explicit adjacency lists, fixpoint iteration
// instead of a depth-first search, and strongly connected components from mutual
// reachability instead of Tarjan's algorithm. It is slow and obviously right, and the tests of
// the fast analyses compare against it on small models, dense and hashed.
package reference
