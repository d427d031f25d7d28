package par

import (
	"math/rand/v2"
	"testing"
)

// First and ArgMax give the sequential scan's answer for any number of workers: the smallest
// index that qualifies, and the smallest index of the largest value, on random arrays that
// span several chunks, with ties, with no hit, and empty.
func TestScansAsSequential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 60 {
		n := uint64(rng.IntN(5 * scanChunk))
		if trial == 0 {
			n = 0
		}
		vals := make([]uint32, n)
		density := rng.IntN(4) // 0: no hit at all
		for i := range vals {
			if density > 0 && rng.IntN(1<<(4*density)) == 0 {
				vals[i] = 1 + uint32(rng.IntN(3)) // few values: many ties
			}
		}
		wantFirst, wantMax, wantAt := NoNode, uint32(0), NoNode
		for i, v := range vals {
			if v == 3 && wantFirst == NoNode {
				wantFirst = uint64(i)
			}
			if v > wantMax {
				wantMax, wantAt = v, uint64(i)
			}
		}
		for _, w := range []int{1, 2, 5} {
			if got := First(n, w, func(i uint64) bool { return vals[i] == 3 }); got != wantFirst {
				t.Fatalf("trial %d, %d workers: First %d, sequential %d", trial, w, got, wantFirst)
			}
			if v, at := ArgMax(n, w, func(i uint64) uint32 { return vals[i] }); v != wantMax || at != wantAt {
				t.Fatalf("trial %d, %d workers: ArgMax (%d, %d), sequential (%d, %d)", trial, w, v, at, wantMax, wantAt)
			}
		}
	}
}
