package checker

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
	"github.com/mc-checker/mc/checker/model"
)

// spillStore is the visited set beyond memory: the states of recent BFS levels in a memStore
// (most transitions of a BFS lead there), the older ones in a coldSet: sorted runs of our own
// (runSet) or badger. When the memory part outgrows its budget after a commit, the states
// before the current level move there in one batch. Badger answers a state missing in memory
// at once, a point lookup; the runs answer all of a segment's pending states together
// (resolve), before the commit numbers them. Only committed states move, so pending ones and
// their notes are always in memory.
type spillStore struct {
	hot     *memStore
	cold    coldSet  // nil until the first spill
	point   pointSet // cold, if it answers a lookup at once (asked once, not per Visit)
	broken  firstError
	dir     string // where the cold set lives; "" until the run may spill
	badger  bool   // the cold set is badger, else sorted runs
	workers int
	budget  uint64 // bytes the memory part may take
	moved   uint64 // states in the cold set
}

// coldSet holds the states that left memory. It answers either one state at a time
// (pointSet) or a segment's pending states at once (batchSet).
type coldSet interface {
	// put adds a state; flush ends a batch of puts.
	put(fp uint64, st model.State, id uint64) error
	flush() error
	close()
}

// pointSet is a cold set that answers a lookup at once: badger.
type pointSet interface {
	find(fp uint64, st model.State) (id uint64, found bool, err error)
}

// batchSet is a cold set that answers in batches: the sorted runs. resolve gives their ids to
// the pending states of hot that the set holds, marking them inCold (which keep does not move
// again).
type batchSet interface {
	resolve(hot *memStore) (uint64, error)
}

// newSpillStore makes the store; budget bounds its memory part. Its cold set is made in dir
// (which may be set later, by onDemand) at the first spill.
func newSpillStore(dir string, badger, exact bool, width, workers int, budget uint64) *spillStore {
	return &spillStore{hot: newMemStore(exact, width), dir: dir, badger: badger, workers: max(1, workers), budget: budget}
}

func (s *spillStore) open() error {
	if !s.badger {
		r, err := newRunSet(s.dir, s.hot.width, s.workers)
		if err == nil { // not a nil *runSet in cold, which close would call
			s.cold = r
		}
		return err
	}
	b, err := openBadgerSet(s.dir, s.hot.width, s.budget)
	if err == nil {
		s.cold, s.point = b, b
	}
	return err
}

func (s *spillStore) close() {
	if s.cold != nil {
		s.cold.close()
	}
}

func (s *spillStore) Visit(fp uint64, st model.State, note Note) Seen {
	if s.moved == 0 || s.point == nil {
		return s.hot.Visit(fp, st, note)
	}
	if seen, ok := s.hot.lookup(fp, st); ok {
		return seen
	}
	// A read error is a missing state for this call, which would make it new: so it is not
	// swallowed but recorded, and stops the run at the next commit.
	id, ok, err := s.point.find(fp, st)
	if err != nil {
		s.broken.set(err)
	}
	if ok {
		return Seen{ID: id, Assigned: true}
	}
	// Another worker may have added it since the lookup: Visit finds it pending then.
	return s.hot.Visit(fp, st, note)
}

func (s *spillStore) resolve() (uint64, error) {
	batch, ok := s.cold.(batchSet)
	if s.moved == 0 || !ok {
		return 0, nil
	}
	n, err := batch.resolve(s.hot)
	if err != nil {
		return 0, fmt.Errorf("visited set on disk: %w", err)
	}
	return n, nil
}

func (s *spillStore) lookup(fp uint64, st model.State) (Seen, bool) { return s.hot.lookup(fp, st) }

func (s *spillStore) Number(fp uint64, st model.State, next uint64) (uint64, Note, bool) {
	return s.hot.Number(fp, st, next)
}

func (s *spillStore) spillTo(dir string) { s.dir = dir }

func (s *spillStore) failed() error {
	if err := s.broken.get(); err != nil {
		return fmt.Errorf("visited set on disk: %w", err)
	}
	return nil
}

// settle moves older states to the cold set if the memory part is over its budget. It keeps
// the states numbered from the first of keeps (most kept first) whose states fit in three
// quarters of the budget, or none if none does: the more recent levels stay, the fewer lookups
// leave memory.
func (s *spillStore) settle(keeps ...uint64) error {
	if err := s.failed(); err != nil {
		return err
	}
	if s.dir == "" || s.hot.bytes() <= s.budget {
		return nil
	}
	if s.cold == nil {
		if err := s.open(); err != nil {
			return err
		}
	}
	keep := uint64(noNode)
	for i, b := range s.hot.bytesKept(keeps) {
		if b <= s.budget/4*3 {
			keep = keeps[i]
			break
		}
	}
	var err error
	s.hot = s.hot.keep(keep, s.workers, func(fp uint64, st model.State, id uint64) {
		if err == nil {
			err = s.cold.put(fp, st, id)
		}
		s.moved++
	})
	if err == nil {
		err = s.cold.flush()
	}
	if err != nil {
		return fmt.Errorf("visited set on disk: %w", err)
	}
	return nil
}

// badgerSet is the cold set in badger, keyed by fingerprint (and state, in exact mode), the
// 32-bit id as value.
type badgerSet struct {
	db    *badger.DB
	dir   string
	width int
	wb    *badger.WriteBatch
}

func openBadgerSet(dir string, width int, budget uint64) (*badgerSet, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, fmt.Errorf("visited set on disk: %w", err)
	}
	// Many small keys, written in batches, read at random: no compression (the keys are
	// hashes), two memtables and two caches of at most 32 and 64 MiB, or an eighth of the
	// memory part's budget (badger's memory is on the heap, under the same budget), and no
	// conflict detection (one writer, between segments).
	cache := int64(min(max(budget/8, 8<<20), 64<<20))
	opts := badger.DefaultOptions(dir).
		WithLogger(nil).
		WithCompression(options.None).
		WithMemTableSize(min(cache, 32<<20)).
		WithNumMemtables(2).
		WithNumLevelZeroTables(4).
		WithNumLevelZeroTablesStall(8).
		WithBlockCacheSize(cache).
		WithIndexCacheSize(cache).
		WithDetectConflicts(false).
		WithNumVersionsToKeep(1).
		WithMetricsEnabled(false)
	db, err := badger.Open(opts)
	if err != nil {
		return nil, fmt.Errorf("visited set on disk: %w", err)
	}
	return &badgerSet{db: db, dir: dir, width: width}, nil
}

func (b *badgerSet) close() {
	if b.wb != nil {
		b.wb.Cancel()
	}
	b.db.Close()
	os.RemoveAll(b.dir)
}

// key is a state's key: its fingerprint (as the memory part stores it), and in exact mode
// the state after it.
func (b *badgerSet) key(fp uint64, st model.State) []byte {
	if fp == 0 {
		fp = 1
	}
	k := make([]byte, 8, 8+b.width)
	binary.BigEndian.PutUint64(k, fp)
	return append(k, st[:b.width]...)
}

func (b *badgerSet) find(fp uint64, st model.State) (uint64, bool, error) {
	var id uint64
	found := false
	err := b.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(b.key(fp, st))
		if err != nil {
			return err
		}
		found = true
		return item.Value(func(v []byte) error {
			id = uint64(binary.LittleEndian.Uint32(v))
			return nil
		})
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		err = nil
	}
	return id, found, err
}

func (b *badgerSet) put(fp uint64, st model.State, id uint64) error {
	if b.wb == nil {
		b.wb = b.db.NewWriteBatch()
	}
	return b.wb.Set(b.key(fp, st), binary.LittleEndian.AppendUint32(nil, uint32(id)))
}

func (b *badgerSet) flush() error {
	if b.wb == nil {
		return nil
	}
	wb := b.wb
	b.wb = nil
	return wb.Flush()
}
