package par

import (
	"context"
	"sync"
	"sync/atomic"
)

// ForChunks runs fn over 0..n-1 split into chunks, on workers goroutines. Each worker gets its
// own index so it can keep private buffers. It stops handing out chunks once ctx is done.
func ForChunks(ctx context.Context, n, chunk uint64, workers int, fn func(worker int, lo, hi uint64)) {
	var next atomic.Uint64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				fn(w, lo, min(n, lo+chunk))
			}
		}()
	}
	wg.Wait()
}

// Chunk is the chunk size of a pass over n nodes: it balances progress reporting against the
// cost of handing out chunks.
func Chunk(n uint64, workers int) uint64 {
	return max(1024, min(1<<20, n/uint64(64*workers)))
}

// NoNode is no node id: the value of a MinTracker that was offered nothing.
const NoNode = ^uint64(0)

// MinTracker keeps the smallest node id offered to it, so that a parallel search reports the
// same witness as a sequential one.
type MinTracker struct{ v atomic.Uint64 }

// NewMinTracker returns a tracker that holds no node.
func NewMinTracker() *MinTracker {
	t := &MinTracker{}
	t.v.Store(NoNode)
	return t
}

// Offer keeps id if it is smaller than the node held.
func (t *MinTracker) Offer(id uint64) {
	for {
		cur := t.v.Load()
		if id >= cur || t.v.CompareAndSwap(cur, id) {
			return
		}
	}
}

// Get returns the smallest node offered, and false if none was.
func (t *MinTracker) Get() (uint64, bool) {
	v := t.v.Load()
	return v, v != NoNode
}

// FirstError keeps the first error any worker reports. The zero value holds none.
type FirstError struct{ p atomic.Pointer[error] }

// Set keeps err unless an error was set before.
func (f *FirstError) Set(err error) { f.p.CompareAndSwap(nil, &err) }

// Get returns the first error set, or nil.
func (f *FirstError) Get() error {
	if p := f.p.Load(); p != nil {
		return *p
	}
	return nil
}

// Pad pads a per-worker struct that is written on every state (slice headers, counters):
// without it two workers' structs can share a cache line, and the line's ping-pong between
// cores halved the speed of each worker.
type Pad [128]byte

// LineBytes is the capacity, in bytes, below which a per-worker buffer gets padded: Go puts
// small objects of one size class side by side, so two workers' 8-byte scratch states would
// share a cache line; objects of 128 bytes and more in classes that are multiples of 64 bytes
// start on their own lines.
const LineBytes = 128

// WorkerBytes allocates a scratch buffer of n bytes that no other worker's data shares a cache
// line with.
func WorkerBytes(n int) []byte {
	return make([]byte, n, max(LineBytes, (n+63)/64*64))
}
