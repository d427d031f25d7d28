package store

import (
	"errors"
	"math"

	"github.com/mc-checker/mc/checker/model"
)

// Store is the visited set of the hashed explorer: state → node id, keyed by the state's
// fingerprint and, in exact mode, by the state itself. A state first seen during a BFS segment
// is pending until the segment is committed; it keeps a note of where its bytes are (which
// worker's chunk, at which offset). The commit walks the segment's edges in sequential order
// and gives each pending state the next id at its first edge, so ids are those of a
// sequential BFS whatever the number of workers.
//
// Visit is called by many workers at once; Number, and every optional method, by one
// goroutine between the segments' Visits.
type Store interface {
	// Visit looks up the state s with fingerprint fp. If it has a node id, Seen has it;
	// if it is pending, Seen has its note; if it is unseen, Visit records it as pending with
	// the given note and reports it New.
	Visit(fp uint64, s model.State, note Note) Seen
	// Number gives the pending state its id next and returns its note; for a state that has
	// an id already it returns that id (fresh is false).
	Number(fp uint64, s model.State, next uint64) (id uint64, note Note, fresh bool)
}

// Toucher prefetches where the lookups of fps will start, so that a caller who touches a
// batch of fingerprints before it visits them takes their cache misses together: a lookup in
// a large table is a cache and TLB miss (about 200 ns here), and successive lookups separated
// by other work cannot overlap theirs.
type Toucher interface {
	Touch(fps []uint64)
}

// Touch touches fps in visited if it is a Toucher.
func Touch(visited Store, fps []uint64) {
	if t, ok := visited.(Toucher); ok {
		t.Touch(fps)
	}
}

// Sizer makes room for n more states before they come, between segments: a table grown by
// doubling rehashes about as many states as it ends with, one cache miss each.
type Sizer interface {
	Expect(n uint64)
}

// Looker finds a state without adding it.
type Looker interface {
	Lookup(fp uint64, s model.State) (Seen, bool)
}

// Resolver answers lookups beyond memory in batches: after a segment's Visits and before its
// Numbers, Resolve finds which pending states it held already, gives them their ids (which
// Lookup then returns), and says how many.
type Resolver interface {
	Looker
	Resolve() (uint64, error)
}

// Batcher numbers a batch of states itself: ids[i] becomes the id of query i, an old state's
// or, for the states it did not hold, next, next+1, … in the order of their first query. It
// returns those first queries in id order. fps are the queries' fingerprints; key gives a
// query's state. Such a store knows nothing during a segment: Visit reports every state new.
type Batcher interface {
	NumberBatch(fps []uint64, key func(i uint32) []byte, next uint64, ids []uint32) (firsts []uint32, err error)
}

// Settler runs between segments, with no Visit under way: a store that keeps part of the set
// beyond memory moves older states there, keeping those numbered from the first of keeps
// that fit (the more recent, the more lookups stay in memory).
type Settler interface {
	Settle(keeps ...uint64) error
}

// Spiller is given the directory of what it moves beyond memory.
type Spiller interface {
	SpillTo(dir string)
}

// Fallible reports the first lookup the store could not answer: a state it then took for new
// may be a duplicate, so the graph must not be used.
type Fallible interface {
	Failed() error
}

// Closer removes the store's files.
type Closer interface {
	Close()
}

// Counter says how many states are beyond memory.
type Counter interface {
	Spilled() uint64
}

// Seen is what Visit found.
type Seen struct {
	ID       uint64 // when Assigned
	Note     Note   // when pending (not Assigned)
	Assigned bool
	New      bool
}

// Note locates a pending state's bytes: the chunk of the segment that first saw it and the
// offset in that chunk's slab.
type Note struct{ Chunk, Offset uint32 }

// MaxID bounds node ids: the explicit graph's ids are 32-bit, and it marks its roots with
// MaxID.
const MaxID = math.MaxUint32

// ErrFull is a batch whose new states would take ids past MaxID.
var ErrFull = errors.New("the explicit graph holds fewer than 2^32 states")
