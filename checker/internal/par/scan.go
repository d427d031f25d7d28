package par

import (
	"context"
	"sync"
)

// scanChunk is the nodes a worker of First or ArgMax takes at a time: large enough that
// handing out chunks costs nothing, small enough that First stops soon after a hit.
const scanChunk = 1 << 16

// First is the smallest i < n for which pred holds, or NoNode: the sequential scan's answer.
// The workers take chunks in ascending order and skip a chunk past the smallest i found so
// far. It replaced sequential scans over every node (the first bad configuration, the first
// bad initial one), a tenth of a second each on Dijkstra's ring of 8 that the other workers
// spent idle.
func First(n uint64, workers int, pred func(i uint64) bool) uint64 {
	found := NewMinTracker()
	ForChunks(context.Background(), n, scanChunk, max(1, workers), func(_ int, lo, hi uint64) {
		if least, ok := found.Get(); ok && least < lo {
			return
		}
		for i := lo; i < hi; i++ {
			if pred(i) {
				found.Offer(i)
				return
			}
		}
	})
	v, _ := found.Get()
	return v
}

// ArgMax is the largest value(i) over i < n and the smallest i that has it, or (0, NoNode)
// when every value is 0 (0 marks a node that does not count): the sequential scan's answer,
// whatever the number of workers.
func ArgMax(n uint64, workers int, value func(i uint64) uint32) (uint32, uint64) {
	var mu sync.Mutex
	best, bestAt := uint32(0), NoNode
	ForChunks(context.Background(), n, scanChunk, max(1, workers), func(_ int, lo, hi uint64) {
		b, at := uint32(0), NoNode
		for i := lo; i < hi; i++ {
			if v := value(i); v > b {
				b, at = v, i
			}
		}
		mu.Lock()
		if b > best || b == best && b > 0 && at < bestAt {
			best, bestAt = b, at
		}
		mu.Unlock()
	})
	return best, bestAt
}
