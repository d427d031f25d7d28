package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
)

// runSet holds the states that left memory in sorted runs: files of entries (fingerprint, id,
// and in exact mode the state), ascending by fingerprint then state, mapped read-only. It
// answers in batches, as a BFS with delayed duplicate detection does: findShard takes a
// shard's states in fingerprint order and walks each run forward once, interpolating over
// the entries between two of them, so a universe whose every transition leads to an old
// state costs one forward pass over the runs per segment, not a random seek per transition
// (a seek in badger is about 3.5 µs; see docs/PERFORMANCE.md). A new run is merged into the one
// before it while it holds at least half as many entries, so there are O(log n) runs and an
// entry is rewritten O(log n) times.
type runSet struct {
	dir     string
	width   int // exact mode: the bytes of a state in an entry; 0 otherwise
	workers int
	runs    []*run
	made    int        // runs made so far, for file names
	batch   []runEntry // the states being added, and in exact mode their bytes
	keys    []byte
}

// run is one sorted file.
type run struct {
	path  string
	data  []byte // the file, mapped
	n     uint64
	size  int                     // bytes per entry
	shard [storeShards + 1]uint64 // the first entry of each shard (the fingerprint's top byte)
}

type runEntry struct {
	fp  uint64
	id  uint32
	key int // offset of the state in runSet.keys
}

func newRunSet(dir string, width, workers int) (*runSet, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, &sys.DiskError{Err: err}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, &sys.DiskError{Err: err}
	}
	return &runSet{dir: dir, width: width, workers: max(1, workers)}, nil
}

func (r *runSet) put(fp uint64, st model.State, id uint64) error {
	r.batch = append(r.batch, runEntry{fp: fp, id: uint32(id), key: len(r.keys)})
	r.keys = append(r.keys, st[:r.width]...)
	return nil
}

func (r *runSet) key(e runEntry) []byte { return r.keys[e.key : e.key+r.width] }

// flush writes the batch as a run.
func (r *runSet) flush() error {
	if len(r.batch) == 0 {
		return nil
	}
	b := r.batch
	compare := func(x, y runEntry) int {
		if x.fp != y.fp {
			return cmp.Compare(x.fp, y.fp)
		}
		return bytes.Compare(r.key(x), r.key(y))
	}
	slices.SortFunc(b, compare)
	for i := 1; i < len(b); i++ {
		if compare(b[i-1], b[i]) == 0 { // a corrupt checkpoint: a state saved twice
			return fmt.Errorf("the visited set holds a state twice, with ids %d and %d (a corrupt checkpoint?)", b[i-1].id, b[i].id)
		}
	}
	var count [storeShards]uint64
	for _, e := range b {
		count[e.fp>>56]++
	}
	var start [storeShards + 1]int
	for sh, c := range count {
		start[sh+1] = start[sh] + int(c)
	}
	err := r.add(&count, func(sh int, put putEntry) error {
		for _, e := range b[start[sh]:start[sh+1]] {
			if err := put(e.fp, e.id, r.key(e)); err != nil {
				return err
			}
		}
		return nil
	})
	r.batch, r.keys = r.batch[:0], r.keys[:0]
	return err
}

// putEntry writes the next entry of a run: entries go in ascending order.
type putEntry func(fp uint64, id uint32, key []byte) error

// shardFill puts the entries of one shard of a run, count[shard] of them.
type shardFill func(shard int, put putEntry) error

// add writes the entries fill puts, count[s] in shard s, as a new run, and merges the runs
// that became too alike in size.
func (r *runSet) add(count *[storeShards]uint64, fill shardFill) error {
	next, err := r.write(count, fill)
	if err != nil {
		return err
	}
	r.runs = append(r.runs, next)
	for k := len(r.runs); k >= 2 && 2*r.runs[k-1].n >= r.runs[k-2].n; k = len(r.runs) {
		merged, err := r.merge(r.runs[k-2], r.runs[k-1])
		if err != nil {
			return err
		}
		r.runs[k-2].remove()
		r.runs[k-1].remove()
		r.runs = append(r.runs[:k-2], merged)
	}
	return nil
}

// write makes a run of count[s] entries in each shard s, which fill puts, and maps it. The
// workers fill shards side by side, each writing its shards' part of the file: writing a
// run was a third of the time of numbering Dijkstra n=9's initial states, on one core.
func (r *runSet) write(count *[storeShards]uint64, fill shardFill) (*run, error) {
	r.made++
	out := &run{path: filepath.Join(r.dir, fmt.Sprintf("run-%06d", r.made)), size: 12 + r.width}
	for sh, c := range count {
		out.shard[sh+1] = out.shard[sh] + c
	}
	out.n = out.shard[storeShards]
	f, err := os.Create(out.path)
	if err != nil {
		return nil, &sys.DiskError{Err: err}
	}
	defer f.Close()
	if out.n > 0 { // the blocks now: a full disk is an error here, not a short write later
		if err = sys.Reserve(f, 0, int64(out.n)*int64(out.size)); errors.Is(err, sys.ErrNoReserve) {
			err = nil // a file system without fallocate: a full disk fails a write instead
		}
	}
	var errs []error
	if err == nil {
		errs = make([]error, r.workers)
		bufs := make([][]byte, r.workers)
		par.ForChunks(context.Background(), storeShards, 1, r.workers, func(w int, lo, _ uint64) {
			if errs[w] == nil {
				bufs[w], errs[w] = out.fillShard(f, int(lo), fill, bufs[w])
			}
		})
		err = errors.Join(errs...)
	}
	if err == nil {
		err = out.open(f)
	}
	if err != nil {
		os.Remove(out.path)
		return nil, &sys.DiskError{Err: err}
	}
	return out, nil
}

// fillShard writes what fill puts in shard sh at the shard's place in f, through buf.
func (u *run) fillShard(f *os.File, sh int, fill shardFill, buf []byte) ([]byte, error) {
	at, n := int64(u.shard[sh])*int64(u.size), u.shard[sh+1]-u.shard[sh]
	buf = buf[:0]
	flush := func() error {
		_, err := f.WriteAt(buf, at)
		at += int64(len(buf))
		buf = buf[:0]
		return err
	}
	err := fill(sh, func(fp uint64, id uint32, key []byte) error {
		if n == 0 || int(fp>>56) != sh || len(key) != u.size-12 {
			return fmt.Errorf("run %s: an entry beyond its shard's count, or of the wrong size", u.path)
		}
		n--
		buf = binary.LittleEndian.AppendUint64(buf, fp)
		buf = binary.LittleEndian.AppendUint32(buf, id)
		buf = append(buf, key...)
		if len(buf) >= 1<<20 {
			return flush()
		}
		return nil
	})
	if err == nil && n > 0 {
		err = fmt.Errorf("run %s: %d entries short in shard %d", u.path, n, sh)
	}
	if err == nil {
		err = flush()
	}
	return buf, err
}

// open maps the written file.
func (u *run) open(f *os.File) error {
	if u.n == 0 {
		return nil
	}
	data, err := sys.Map(f, 0, int(u.n)*u.size, false)
	u.data = data
	return err
}

func (u *run) remove() {
	if u.data != nil {
		sys.Unmap(u.data)
	}
	os.Remove(u.path)
}

func (u *run) fp(i uint64) uint64 { return binary.LittleEndian.Uint64(u.data[i*uint64(u.size):]) }
func (u *run) id(i uint64) uint32 { return binary.LittleEndian.Uint32(u.data[i*uint64(u.size)+8:]) }
func (u *run) key(i uint64) []byte {
	off := i*uint64(u.size) + 12
	return u.data[off : off+uint64(u.size-12)]
}

// below reports whether entry i comes before (fp, key).
func (u *run) below(i uint64, fp uint64, key []byte) bool {
	if f := u.fp(i); f != fp || u.size == 12 { // no state in the entry: fingerprints decide
		return f < fp
	}
	return bytes.Compare(u.key(i), key) < 0
}

// seek returns the first entry of from..to-1 not below (fp, key), or to. Fingerprints are
// uniform, so it guesses the place by interpolating between the entries at from and to-1 and
// gallops from the guess: the guess is off by about the square root of the distance, so a
// walk through a segment's ascending keys reads a cache line or two a key, where galloping
// from from read about log2 of the distance (BenchmarkFindShard; the misses are what a
// lookup costs, see docs/PERFORMANCE.md).
func (u *run) seek(from, to uint64, fp uint64, key []byte) uint64 {
	if from == to || !u.below(from, fp, key) {
		return from
	}
	last := to - 1
	if u.below(last, fp, key) {
		return to
	}
	// below(lo) and not below(hi): the answer is in lo+1..hi.
	lo, hi := from, last
	guess := u.guess(lo, hi, fp)
	step := uint64(1)
	if u.below(guess, fp, key) {
		for lo = guess; step < hi-lo && u.below(lo+step, fp, key); step *= 2 {
			lo += step
		}
		if step < hi-lo {
			hi = lo + step
		}
	} else {
		for hi = guess; step < hi-lo && !u.below(hi-step, fp, key); step *= 2 {
			hi -= step
		}
		if step < hi-lo {
			lo = hi - step
		}
	}
	return lo + 1 + uint64(sort.Search(int(hi-lo-1), func(k int) bool { return !u.below(lo+1+uint64(k), fp, key) }))
}

// guess is where, between entries lo and hi, fp would be if fingerprints were spread
// evenly: past lo, not past hi.
func (u *run) guess(lo, hi, fp uint64) uint64 {
	g := lo + 1
	if flo, fhi := u.fp(lo), u.fp(hi); fhi > flo && fp > flo {
		g += uint64(float64(fp-flo) / float64(fhi-flo) * float64(hi-lo-1))
	}
	return min(g, hi)
}

// release hands the pages of entries lo..hi-1 back to the page cache: the resident set stays
// small however large the runs.
func (u *run) release(lo, hi uint64) {
	if u.data == nil || lo >= hi {
		return
	}
	page := uint64(os.Getpagesize())
	start := lo * uint64(u.size) / page * page
	end := min((hi*uint64(u.size)+page-1)/page*page, uint64(len(u.data)))
	sys.DropPages(u.data[start:end])
}

// merge writes the union of two runs (they share no state) as one, shard by shard.
func (r *runSet) merge(a, b *run) (*run, error) {
	var count [storeShards]uint64
	for sh := range count {
		count[sh] = a.shard[sh+1] - a.shard[sh] + b.shard[sh+1] - b.shard[sh]
	}
	return r.write(&count, func(sh int, put putEntry) error {
		i, j := a.shard[sh], b.shard[sh]
		done := i + j // entries read, as of the last release of the inputs' pages
		defer func() { a.release(a.shard[sh], a.shard[sh+1]); b.release(b.shard[sh], b.shard[sh+1]) }()
		for i < a.shard[sh+1] || j < b.shard[sh+1] {
			if i+j-done >= 1<<20 { // a shard of states with their bytes can be large
				a.release(a.shard[sh], i)
				b.release(b.shard[sh], j)
				done = i + j
			}
			var err error
			if j == b.shard[sh+1] || i < a.shard[sh+1] && a.below(i, b.fp(j), b.key(j)) {
				err = put(a.fp(i), a.id(i), a.key(i))
				i++
			} else {
				err = put(b.fp(j), b.id(j), b.key(j))
				j++
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// resolve gives their ids to the pending states of hot that are in a run, and marks them
// inCold. Workers take whole shards, each looked up as a batch's shard is (findShard).
func (r *runSet) resolve(hot *memStore) (uint64, error) {
	if len(r.runs) == 0 {
		return 0, nil
	}
	var found atomic.Uint64
	scratch := make([][]query, r.workers)
	par.ForChunks(context.Background(), storeShards, 1, r.workers, func(w int, lo, hi uint64) {
		for s := int(lo); s < int(hi); s++ {
			t := hot.shards[s].table.Load()
			var q []query
			for j, sl := range t.slots {
				if sl.fp != 0 && !sl.isAssigned() {
					q = append(q, query{sl.fp, uint32(j)})
				}
			}
			key := func(j uint32) []byte { return t.keys[int(j)*hot.width : (int(j)+1)*hot.width] }
			scratch[w] = r.findShard(s, q, key, scratch[w], func(start, end int, id uint32, ok bool) {
				if ok { // pending states are distinct: a group is one slot
					sl := &t.slots[q[start].i]
					sl.a, sl.b = id, assigned|inCold
					found.Add(1)
				}
			})
		}
	})
	return found.Load(), nil
}

func (r *runSet) close() {
	for _, u := range r.runs {
		u.remove()
	}
	os.RemoveAll(r.dir)
}
