package store

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// BenchmarkVisit fills a visited set as an exploration does: workers touch a batch of 64
// fingerprints, then visit them, four visits a state, the tables growing from their first
// size. b.N is the number of fills; ns/visit is wall time over all visits (CPU time is the
// workers times it, where they all run). Measured in docs/PERFORMANCE.md:
//
//	go test -run '^$' -bench Visit -benchtime 3x ./checker/internal/store
func BenchmarkVisit(b *testing.B) {
	const states, visits, width = 1 << 21, 1 << 23, 12
	r := rand.New(rand.NewPCG(1, 2))
	ids := make([]uint32, visits)
	for i := range ids {
		ids[i] = uint32(r.IntN(states))
	}
	for _, exact := range []bool{false, true} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("exact=%v/workers=%d", exact, workers), func(b *testing.B) {
				for range b.N {
					s := newMemStore(exact, width)
					fill(s, ids, workers)
					s.Close()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*visits), "ns/visit")
			})
		}
	}
}

// fill visits the states ids name, the workers taking batches of 64 in turn.
func fill(s *memStore, ids []uint32, workers int) {
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st [12]byte
			fps := make([]uint64, 64)
			for lo := w * 64; lo < len(ids); lo += workers * 64 {
				batch := ids[lo:min(lo+64, len(ids))]
				for j, id := range batch {
					fps[j] = uint64(id)*0x9e3779b97f4a7c15 ^ 0x1234567
				}
				s.Touch(fps[:len(batch)])
				for j, id := range batch {
					st[0], st[1], st[2], st[3] = byte(id), byte(id>>8), byte(id>>16), byte(id>>24)
					s.Visit(fps[j], model.State(st[:]), Note{Chunk: uint32(w), Offset: uint32(j)})
				}
			}
		}()
	}
	wg.Wait()
}
