package store

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// testRunSet is an empty run set in a temporary directory, closed when the test ends.
func testRunSet(t testing.TB, width, workers int) *runSet {
	r, err := newRunSet(t.TempDir(), width, workers)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.close)
	return r
}

// testRun writes entries as one run of r: fingerprints in shard 7, some equal (exact mode
// tells them apart by key), some crowded together, as the interpolation in seek must survive.
func testRun(t testing.TB, r *runSet, n int, rng *rand.Rand) *run {
	type entry struct {
		fp  uint64
		key []byte
	}
	es := make([]entry, n)
	for i := range es {
		es[i].fp = 7<<56 | rng.Uint64N(1<<56)
		switch {
		case i > 0 && rng.IntN(8) == 0:
			es[i].fp = es[i-1].fp // equal fingerprints, distinct states (exact) or ids
		case rng.IntN(16) == 0:
			es[i].fp = 7<<56 | rng.Uint64N(1<<10) // a crowd at the shard's start
		}
		es[i].key = []byte{byte(i), byte(i >> 8), byte(i >> 16)}[:r.width]
	}
	less := func(a, b entry) int {
		if c := cmp.Compare(a.fp, b.fp); c != 0 || r.width == 0 {
			return c
		}
		return bytes.Compare(a.key, b.key)
	}
	slices.SortFunc(es, less)
	if r.width == 0 { // without keys, a fingerprint is one entry
		es = slices.CompactFunc(es, func(a, b entry) bool { return a.fp == b.fp })
	}
	var count [storeShards]uint64
	count[7] = uint64(len(es))
	u, err := r.write(&count, func(sh int, put putEntry) error {
		if sh != 7 {
			return nil
		}
		for i, e := range es {
			if err := put(e.fp, uint32(i), e.key); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// seek finds the first entry not below a key from any start, as a binary search does, both
// walking forward through ascending keys (as findShard does) and from arbitrary starts.
func TestRunSeek(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, width := range []int{0, 3} {
		r := testRunSet(t, width, 1)
		for _, n := range []int{1, 2, 3, 50, 5000} {
			u := testRun(t, r, n, rng)
			lo, hi := u.shard[7], u.shard[8]
			want := func(from, to, fp uint64, key []byte) uint64 {
				return from + uint64(sort.Search(int(to-from), func(k int) bool { return !u.below(from+uint64(k), fp, key) }))
			}
			probe := func(i uint64) (uint64, []byte) { // an entry's key, or one beside it
				i = min(i, hi-1)
				fp, key := u.fp(i), slices.Clone(u.key(i))
				switch rng.IntN(3) {
				case 0:
					fp--
				case 1:
					fp++
				}
				return max(fp, 7<<56), key
			}
			var queries [][2]uint64
			for range 200 {
				fp, _ := probe(lo + rng.Uint64N(hi-lo+1))
				queries = append(queries, [2]uint64{fp, uint64(len(queries))})
			}
			slices.SortFunc(queries, func(a, b [2]uint64) int { return cmp.Compare(a[0], b[0]) })
			pos := lo
			for _, q := range queries { // forward, as findShard walks
				_, key := probe(lo + rng.Uint64N(hi-lo))
				if got, w := u.seek(pos, hi, q[0], key), want(pos, hi, q[0], key); got != w {
					t.Fatalf("width %d n=%d: seek from %d to %x = %d, want %d", width, n, pos, q[0], got, w)
				}
				pos = want(pos, hi, q[0], key)
			}
			for range 500 { // from anywhere
				from := lo + rng.Uint64N(hi-lo+1)
				to := from + rng.Uint64N(hi-from+1)
				fp, key := probe(lo + rng.Uint64N(hi-lo+1))
				if got, w := u.seek(from, to, fp, key), want(from, to, fp, key); got != w {
					t.Fatalf("width %d n=%d: seek %d..%d to %x = %d, want %d", width, n, from, to, fp, got, w)
				}
			}
		}
	}
}

// BenchmarkFindShard looks up a shard's queries in a run of 1.5 M entries, a query every 48
// entries on average, as a segment of 8 M successors meets the 387 M states of Dijkstra n=9
// (issue 4).
func BenchmarkFindShard(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := testRunSet(b, 0, 1)
	u := testRun(b, r, 1_500_000, rng)
	r.runs = []*run{u}
	lo, hi := u.shard[7], u.shard[8]
	q := make([]query, (hi-lo)/48)
	for i := range q {
		q[i] = query{u.fp(lo + rng.Uint64N(hi-lo)), uint32(i)}
	}
	var scratch []query
	found := 0
	b.ResetTimer()
	for range b.N {
		scratch = r.findShard(7, q, nil, scratch, func(_, _ int, _ uint32, ok bool) {
			if ok {
				found++
			}
		})
	}
	if found == 0 {
		b.Fatal("no query found")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(q)), "ns/query")
}

// Runs written and merged shard by shard, on two workers, hold every entry in order, each
// shard where its boundaries say, whatever the shards' sizes (some empty, the last one too).
func TestRunMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	r := testRunSet(t, 0, 2)
	var all []uint64
	for k := range 5 { // five runs, merged as they come
		fps := make([]uint64, 3000+k*1000)
		for i := range fps {
			fps[i] = rng.Uint64N(1<<62)<<2 | uint64(k) // distinct across runs
			if i%7 == 0 {
				fps[i] |= 0xff << 56 // the last shard
			}
		}
		slices.Sort(fps)
		fps = slices.Compact(fps)
		all = append(all, fps...)
		var count [storeShards]uint64
		for _, fp := range fps {
			count[fp>>56]++
		}
		err := r.add(&count, func(sh int, put putEntry) error {
			for _, fp := range fps {
				if int(fp>>56) == sh {
					if err := put(fp, uint32(fp), nil); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(all)
	var got []uint64
	for _, u := range r.runs {
		for sh := range storeShards {
			for i := u.shard[sh]; i < u.shard[sh+1]; i++ {
				if int(u.fp(i)>>56) != sh || u.id(i) != uint32(u.fp(i)) {
					t.Fatalf("entry %d: fingerprint %x in shard %d, id %d", i, u.fp(i), sh, u.id(i))
				}
				if i > u.shard[sh] && u.fp(i-1) >= u.fp(i) {
					t.Fatalf("entry %d out of order", i)
				}
			}
		}
		for i := range u.n {
			got = append(got, u.fp(i))
		}
	}
	slices.Sort(got)
	// 3000, 4000, 5000 and 6000 entries merge as each comes (a new run of at least half
	// the last one's size); 7000 is less than half of 18000 and stays apart.
	if len(r.runs) != 2 || !slices.Equal(got, all) {
		t.Fatalf("%d runs holding %d entries, want 2 holding %d", len(r.runs), len(got), len(all))
	}
	// A fill that puts more than it counted is an error, not a misplaced entry.
	var one [storeShards]uint64
	one[3] = 1
	if err := r.add(&one, func(sh int, put putEntry) error {
		for range 2 * one[sh] {
			if err := put(3<<56|1, 1, nil); err != nil {
				return err
			}
		}
		return nil
	}); err == nil {
		t.Fatal("a shard filled past its count was written")
	}
}

// radixSort orders queries by fingerprint, keeping equal ones in their order.
func TestRadixSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var scratch []query
	for _, n := range []int{0, 1, 2, 1000, 30000} {
		q := make([]query, n)
		for i := range q {
			q[i] = query{fp: 7<<56 | rng.Uint64N(1<<56)>>uint(rng.IntN(3)*20), i: uint32(i)}
			if i > 0 && rng.IntN(4) == 0 {
				q[i].fp = q[i-1].fp // equal fingerprints must stay in order
			}
		}
		want := slices.Clone(q)
		slices.SortStableFunc(want, func(a, b query) int { return cmp.Compare(a.fp, b.fp) })
		scratch = radixSort(q, scratch)
		if !slices.Equal(q, want) {
			t.Fatalf("n=%d: not sorted", n)
		}
	}
}
