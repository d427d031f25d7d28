package store

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"math"
	"slices"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
)

// batchStore is the visited set wholly in sorted runs, looked up a segment at a time: BFS with
// delayed duplicate detection. During a segment it knows nothing, so every successor is
// pending (Visit says New, and the worker keeps its bytes); the segment is then numbered in
// one batch (numberBatch): its successors sorted by fingerprint within each shard, grouped,
// looked up by one forward pass over each run, and the states no run holds numbered in the
// order of their first edge, which is a sequential BFS's order. Sorting a shard's queries
// reads and writes memory in order, where a hash table takes a cache miss a transition: on a
// universe explored hashed, where every transition leads to an old state, that is the cost.
type batchStore struct{ runs *runSet }

// NewBatch is the visited set wholly in sorted runs under dir, looked up a batch at a time.
func NewBatch(dir string, exact bool, width, workers int) (Store, error) {
	b, err := newBatchStore(dir, exact, width, workers)
	if err != nil {
		return nil, err
	}
	return b, nil
}

func newBatchStore(dir string, exact bool, width, workers int) (*batchStore, error) {
	if !exact {
		width = 0
	}
	r, err := newRunSet(dir, width, workers)
	return &batchStore{r}, err
}

// Visit knows nothing until the batch: every state is pending, as if new.
func (b *batchStore) Visit(_ uint64, _ model.State, note Note) Seen {
	return Seen{Note: note, New: true}
}

// Number adds a state with a known id: a checkpoint's states, which are distinct.
func (b *batchStore) Number(fp uint64, s model.State, next uint64) (uint64, Note, bool) {
	b.runs.put(orOne(fp), s, next)
	return next, Note{}, true
}

// Settle writes the states Number added as a run.
func (b *batchStore) Settle(...uint64) error { return b.runs.flush() }

// Close removes the runs.
func (b *batchStore) Close() { b.runs.close() }

// Spilled is the number of states in the runs.
func (b *batchStore) Spilled() uint64 { return b.runs.len() }

// NumberBatch numbers a batch of states (see Batcher).
func (b *batchStore) NumberBatch(fps []uint64, key func(i uint32) []byte, next uint64, ids []uint32) ([]uint32, error) {
	return b.runs.numberBatch(fps, key, next, ids)
}

// orOne maps fingerprint 0 to 1, as the memory store does, so that every store shards alike.
func orOne(fp uint64) uint64 { return max(fp, 1) }

// len is the number of states in the runs.
func (r *runSet) len() uint64 {
	var n uint64
	for _, u := range r.runs {
		n += u.n
	}
	return n
}

// query is a state looked up in a batch: its fingerprint and its position in the batch.
type query struct {
	fp uint64
	i  uint32
}

// group is a run of equal queries, sorted, in a shard's queries.
type group struct {
	shard      int
	start, end int
	first      uint32 // the smallest position: the first query of the state
}

// numberBatch gives each query of a batch its id into ids: the id a run holds for its state,
// or, for the states no run holds, ids from next on in the order of their first query. It adds
// those states to the runs and returns their first queries in id order. fps are the queries'
// fingerprints in batch order; key gives a query's state (read only in exact mode, and to tell
// equal fingerprints apart).
func (r *runSet) numberBatch(fps []uint64, key func(i uint32) []byte, next uint64, ids []uint32) ([]uint32, error) {
	if uint64(len(fps)) > math.MaxUint32 {
		return nil, errors.New("a batch of more than 2^32 states")
	}
	shards := byShard(fps)
	if r.width == 0 { // fingerprints are the keys: no state is read
		key = func(uint32) []byte { return nil }
	}
	fresh := make([][]group, storeShards) // per shard, the groups of states no run holds
	scratch := make([][]query, r.workers)
	par.ForChunks(context.Background(), storeShards, 1, r.workers, func(w int, lo, hi uint64) {
		for s := int(lo); s < int(hi); s++ {
			q := shards[s]
			scratch[w] = r.findShard(s, q, key, scratch[w], func(start, end int, id uint32, ok bool) {
				if !ok {
					fresh[s] = append(fresh[s], group{s, start, end, q[start].i})
					return
				}
				for _, m := range q[start:end] {
					ids[m.i] = id
				}
			})
		}
	})
	order, err := numberFresh(shards, fresh, len(fps), next, ids)
	if err != nil || len(order) == 0 {
		return nil, err
	}
	var news [storeShards]uint64
	for s, gs := range fresh {
		news[s] = uint64(len(gs))
	}
	err = r.add(&news, func(s int, put putEntry) error {
		for _, g := range fresh[s] {
			m := shards[s][g.start]
			if err := put(m.fp, ids[m.i], key(m.i)); err != nil {
				return err
			}
		}
		return nil
	})
	return order, err
}

// byShard buckets the queries of a batch by shard, in batch order.
func byShard(fps []uint64) *[storeShards][]query {
	var count [storeShards]int
	for _, fp := range fps {
		count[orOne(fp)>>56]++
	}
	var shards [storeShards][]query
	for s := range shards {
		shards[s] = make([]query, 0, count[s])
	}
	for i, fp := range fps {
		fp = orOne(fp)
		shards[fp>>56] = append(shards[fp>>56], query{fp, uint32(i)})
	}
	return &shards
}

// numberFresh gives the groups of states no run holds the ids from next on, in the order of
// their first queries, into ids, and returns those first queries in id order.
func numberFresh(shards *[storeShards][]query, fresh [][]group, queries int, next uint64, ids []uint32) ([]uint32, error) {
	n := 0
	for _, gs := range fresh {
		n += len(gs)
	}
	if next+uint64(n) > MaxID {
		return nil, ErrFull
	}
	firsts := make([]group, 0, n)
	for _, gs := range fresh {
		firsts = append(firsts, gs...)
	}
	// Ids go in the order of the first queries, which are distinct positions in the batch: a
	// table by position orders them in one pass.
	byFirst := make([]uint32, queries) // 1 + the group whose first query is there, or 0
	for k, g := range firsts {
		byFirst[g.first] = uint32(k) + 1
	}
	order := make([]uint32, 0, n)
	for _, k := range byFirst {
		if k == 0 {
			continue
		}
		g := firsts[k-1]
		id := uint32(next) + uint32(len(order))
		for _, m := range shards[g.shard][g.start:g.end] {
			ids[m.i] = id
		}
		order = append(order, g.first)
	}
	return order, nil
}

// findShard sorts the queries of one shard in place (key gives their states, compared in
// exact mode) and looks each group of equal ones up in the runs, walking them forward: found
// gets q[start:end], whose first query is the earliest, and the id a run holds, or ok false.
// It returns the radix sort's scratch buffer, for the next call.
func (r *runSet) findShard(shard int, q []query, key func(uint32) []byte, scratch []query, found func(start, end int, id uint32, ok bool)) []query {
	if r.width == 0 {
		scratch = radixSort(q, scratch)
	} else {
		slices.SortFunc(q, func(a, b query) int {
			if c := cmp.Compare(a.fp, b.fp); c != 0 {
				return c
			}
			if c := bytes.Compare(key(a.i), key(b.i)); c != 0 {
				return c
			}
			return cmp.Compare(a.i, b.i)
		})
	}
	same := func(a, b query) bool { return a.fp == b.fp && (r.width == 0 || bytes.Equal(key(a.i), key(b.i))) }
	pos := make([]uint64, len(r.runs))
	for i, u := range r.runs {
		pos[i] = u.shard[shard]
	}
	for start := 0; start < len(q); {
		end := start + 1
		for end < len(q) && same(q[start], q[end]) {
			end++
		}
		var k []byte
		if r.width > 0 {
			k = key(q[start].i)
		}
		id, ok := r.seekAll(shard, pos, q[start].fp, k)
		found(start, end, id, ok)
		start = end
	}
	for _, u := range r.runs {
		u.release(u.shard[shard], u.shard[shard+1])
	}
	return scratch
}

// seekAll looks a state up in every run of a shard, from the positions pos (advanced: the
// states of a shard are looked up in ascending order).
func (r *runSet) seekAll(shard int, pos []uint64, fp uint64, key []byte) (uint32, bool) {
	for i, u := range r.runs {
		hi := u.shard[shard+1]
		pos[i] = u.seek(pos[i], hi, fp, key)
		if pos[i] < hi && u.fp(pos[i]) == fp && bytes.Equal(u.key(pos[i]), key) {
			return u.id(pos[i]), true
		}
	}
	return 0, false
}

// radixSort sorts a shard's queries by fingerprint, stably (so a group's first query is its
// earliest), a byte at a time from the lowest: the queries of a shard share the top byte.
// It returns the scratch buffer, grown to the queries' length, for the next call.
func radixSort(q, scratch []query) []query {
	if len(q) < 2 {
		return scratch
	}
	if cap(scratch) < len(q) {
		scratch = make([]query, len(q))
	}
	src, dst := q, scratch[:len(q)]
	for shift := uint(0); shift < 56; shift += 8 {
		var count [256]int
		for _, e := range src {
			count[byte(e.fp>>shift)]++
		}
		if count[byte(src[0].fp>>shift)] == len(src) {
			continue // one digit: the order stands
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, e := range src {
			d := byte(e.fp >> shift)
			dst[count[d]] = e
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &q[0] {
		copy(q, src)
	}
	return scratch
}
