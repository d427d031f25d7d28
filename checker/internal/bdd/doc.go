// Package bdd is a reduced ordered binary decision diagram package, the core of mc's symbolic
// engine (docs/SYMBOLIC.md says why mc has its own rather than rudd): 12-byte nodes addressed
// by 32-bit indices, an open-addressing unique table with a multiplicative hash, a lossy
// computed cache, the relational product AndExist with a cube of variables, order-preserving
// renaming, and a mark-and-sweep collection that runs only when the caller asks for it (at a
// fixpoint iteration's end), from the roots it names.
//
// The contract: a Node is valid until the next GC that does not list it among its roots.
// Variables are levels 0..Vars()-1, level 0 at the top. A Manager is not safe for concurrent
// use.
package bdd
