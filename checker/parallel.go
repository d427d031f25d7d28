package checker

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model"
)

// forChunks runs fn over lo..hi-1 split into chunks, on workers goroutines. Each worker gets
// its own index so it can keep private buffers. It stops handing out chunks once ctx is done.
func forChunks(ctx context.Context, n, chunk uint64, workers int, fn func(worker int, lo, hi uint64)) {
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

// minTracker keeps the smallest node id offered to it, so that a parallel search reports the
// same witness as a sequential one.
type minTracker struct{ v atomic.Uint64 }

func newMinTracker() *minTracker {
	t := &minTracker{}
	t.v.Store(noNode)
	return t
}

const noNode = ^uint64(0)

func (t *minTracker) offer(id uint64) {
	for {
		cur := t.v.Load()
		if id >= cur || t.v.CompareAndSwap(cur, id) {
			return
		}
	}
}

func (t *minTracker) get() (uint64, bool) {
	v := t.v.Load()
	return v, v != noNode
}

// noFalseSharing pads a per-worker struct that is written on every state (slice headers,
// counters): without it two workers' structs can share a cache line, and the line's ping-pong
// between cores halved the speed of each worker.
type noFalseSharing [128]byte

// lineBytes is the capacity, in bytes, below which a per-worker buffer gets padded: Go puts
// small objects of one size class side by side, so two workers' 8-byte scratch states would
// share a cache line; objects of 128 bytes and more in classes that are multiples of 64 bytes
// start on their own lines.
const lineBytes = 128

// workerState allocates a scratch configuration that no other worker's data shares a line with.
func workerState(width int) model.State {
	return make(model.State, width, max(lineBytes, (width+63)/64*64))
}

// firstError keeps the first error any worker reports.
type firstError struct{ p atomic.Pointer[error] }

func (f *firstError) set(err error) { f.p.CompareAndSwap(nil, &err) }

func (f *firstError) get() error {
	if p := f.p.Load(); p != nil {
		return *p
	}
	return nil
}
