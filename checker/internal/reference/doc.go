// Package reference is a deliberately naive, sequential re-implementation of the checker's
// analyses: maps instead of perfect hashes, explicit adjacency lists, fixpoint iteration
// instead of a depth-first search, and strongly connected components by Kosaraju's two passes
// instead of Tarjan's algorithm. It is slow and obviously right, and the tests of the fast
// analyses compare against it on small models, dense and hashed. CheckProtocol does not even
// trust the checker's model: it explores a protocol with daemons of its own (Steps), from
// their definitions; Recover builds the model with faults from the fault's definition; and
// the worst case in rounds is a fixpoint over (configuration, processes owed a move).
package reference
