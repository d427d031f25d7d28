// Package compress stores configurations by tree compression (Laarman, van de Pol and
// Weber, "Parallel Recursive State Compression for Free", SPIN 2011): a configuration of W
// bytes is cut into leaves of 8 bytes, the leaves are the ends of a balanced binary tree, and
// every distinct leaf and every distinct pair of children is stored once, in one table, under
// an id of 32 bits. A configuration is then the id of its root.
//
// Why: the explicit graph kept every configuration's bytes, 1,003 a state for LE(k) with its
// start (docs/PERFORMANCE.md); successive configurations differ in one process, so nearly
// every subtree of a new configuration is one seen already. BenchmarkStateCompression
// (models/lek) measured 25 bytes a state at 8 bytes a node; this table, which must give
// stable ids while it grows and answer from any goroutine, spends 24 bytes a node: 12 in a
// slot of an open-addressing table at most three quarters full, and the node's 8-byte key in
// a column by id, to decode.
//
// The design, beside the code, as TLC's fp/ does:
//   - One table holds leaves and pairs: a key is 64 bits either way, and the position in the
//     tree says which it is, so a leaf and a pair with the same bits share an id harmlessly.
//   - Ids are handed out in the order keys are first put, by an atomic counter; a key's id
//     never changes, so a shard's slots can be doubled under its lock without touching any
//     root already stored. Which key gets which id depends on the workers' interleaving, but
//     ids never leave the package: decoded configurations, and so every result, do not.
//   - 256 shards, chosen by the key's hash; a lookup reads its shard under a read lock, an
//     insert takes the write lock. The key column is paged (pages of 2^16 keys, published
//     atomically), so a decode reads it without a lock.
//   - A table holds at most 2^32 − 1 nodes: Put reports false past it, and the explorer stops
//     inconclusive, as at any bound.
package compress
