package sys

import "sync/atomic"

// Anonymous memory is memory outside the Go heap, for the explicit graph's columns: they only
// grow until the run releases them, so the collector has nothing to reclaim there, yet on the
// heap they would count in its pacing and let the garbage of the rest of the run reach their
// size before a collection (GOGC). Off the heap, a run peaks at its live data plus a little.

// anonBytes is the anonymous memory in use, which the budget checks count with the heap.
var anonBytes atomic.Int64

// AnonBytes is the anonymous memory in use.
func AnonBytes() uint64 { return uint64(anonBytes.Load()) }

// InUse is the heap's objects and the anonymous memory: what a memory budget bounds.
func InUse() uint64 { return HeapAlloc() + AnonBytes() }

// AllocAnon returns n zeroed bytes outside the Go heap, or nil where the system cannot (the
// caller then uses the heap). FreeAnon gives them back; nothing else does.
func AllocAnon(n int) []byte {
	b := allocAnon(n)
	if b != nil {
		anonBytes.Add(int64(len(b)))
	}
	return b
}

// AllocAnonPopulated is AllocAnon with every page present and writable from the start: for
// memory written at random right away, such as a hash table being filled (see populate).
func AllocAnonPopulated(n int) []byte {
	b := AllocAnon(n)
	populate(b)
	return b
}

// FreeAnon releases what AllocAnon returned.
func FreeAnon(b []byte) {
	if b != nil && freeAnon(b) == nil {
		anonBytes.Add(-int64(len(b)))
	}
}

// FreeAnonLater releases what AllocAnon returned, in the background: unmapping is the kernel
// freeing every page (a tenth of a second for a gigabyte), and a caller that would wait for it
// between two parallel phases leaves the other workers idle. The memory must not be used
// after; AnonBytes counts it until it is gone.
func FreeAnonLater(bs ...[]byte) {
	go func() {
		for _, b := range bs {
			FreeAnon(b)
		}
	}()
}
