package shard

import "testing"

// The ranges of the N shards cover 0..total-1 once, in order, their sizes differing by at
// most one.
func TestRangesCover(t *testing.T) {
	for total := range 60 {
		for count := 1; count <= 9; count++ {
			next, lo, hi := 0, total, 0
			for i := range count {
				first, n := Shard{i, count}.Range(total)
				if first != next || n < 0 {
					t.Fatalf("%d of %d items: shard %d takes %d from %d, want from %d", count, total, i, n, first, next)
				}
				next, lo, hi = first+n, min(lo, n), max(hi, n)
			}
			if next != total || hi-lo > 1 {
				t.Fatalf("%d shards of %d items: cover %d, sizes %d..%d", count, total, next, lo, hi)
			}
		}
	}
}

// Near 2^64 the bounds are those of exact arithmetic: the shards still cover every rank once.
func TestRanksOfAHugeUniverse(t *testing.T) {
	const total = ^uint64(0)
	for _, count := range []int{1, 2, 3, 7, 1000} {
		next := uint64(0)
		for i := range count {
			first, n := Shard{i, count}.Ranks(total)
			if first != next {
				t.Fatalf("%d shards: shard %d starts at %d, want %d", count, i, first, next)
			}
			next = first + n
		}
		if next != total {
			t.Fatalf("%d shards cover %d of %d", count, next, total)
		}
	}
}
