// Package store holds the visited sets of the hashed explorer: state → node id.
//
// Every store implements Store (Visit and Number). What a store does beyond that is an
// optional interface, asked for by the explorer with a type assertion:
//
//   - Looker: finds a state without adding it (the stores with a part in memory);
//   - Resolver: answers a segment's pending states in one batch before the commit (the
//     spill to sorted runs);
//   - Batcher: numbers a whole batch of states itself (the sorted runs, which know nothing
//     during a segment);
//   - Settler: runs between segments, to move states beyond memory or write them out;
//   - Spiller: is given the directory of its files later (a run that moves to disk on demand);
//   - Fallible: reports a lookup beyond memory that failed, after which the graph is wrong;
//   - Closer: removes its files; Counter: says how many states it holds beyond memory.
//
// The in-memory store (NewMemory) is a sharded hash table: lookups take no lock, an insert
// takes its shard's, and a table three quarters full doubles under it. The doubled table is
// made (its pages present) before the lock, by the worker whose insert will fill the old one,
// so that the others wait only for the copy; replaced tables are unmapped in the background
// once no lookup can read them (mem.go says why, with figures). NewSpill keeps the recent states
// in memory and spills the older ones to sorted runs or to badger; NewBatch keeps them all in
// sorted runs, looked up a segment at a time. Only this package imports badger.
package store
