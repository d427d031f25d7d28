package checker

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

// spillStore is the visited set beyond memory: the states of recent BFS levels in a memStore
// (most transitions of a BFS lead there), the older ones in badger. When the memory part
// outgrows its budget after a commit, the states before the current level move to badger in
// one write batch. A lookup that misses in memory asks badger, whose per-table Bloom filters
// answer most misses without reading the disk. Only committed states move, so pending ones
// and their notes are always in memory.
type spillStore struct {
	hot    *memStore
	broken firstError // a read that failed: the run stops at the next commit
	db     *badger.DB
	dir    string // where badger lives; "" until the run may spill
	budget uint64 // bytes the memory part may take
	cold   uint64 // states in badger
}

// newSpillStore makes the store; budget bounds its memory part. Its badger database is
// opened in dir (which may be set later, by onDemand) at the first spill.
func newSpillStore(dir string, exact bool, width int, budget uint64) *spillStore {
	return &spillStore{hot: newMemStore(exact, width), dir: dir, budget: budget}
}

// open opens the badger database.
func (s *spillStore) open() error {
	dir := s.dir
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("visited set on disk: %w", err)
	}
	// Many small keys, written in batches, read at random: no compression (the keys are
	// hashes), two memtables and two caches of at most 32 and 64 MiB, or an eighth of the
	// memory part's budget (badger's memory is on the heap, under the same budget), and no
	// conflict detection (one writer, between segments).
	cache := int64(min(max(s.budget/8, 8<<20), 64<<20))
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
		return fmt.Errorf("visited set on disk: %w", err)
	}
	s.db = db
	return nil
}

func (s *spillStore) close() {
	if s.db != nil {
		s.db.Close()
		os.RemoveAll(s.dir)
	}
}

// key is a state's key in badger: its fingerprint (as the memory part stores it), and in
// exact mode the state after it.
func (s *spillStore) key(fp uint64, st State) []byte {
	if fp == 0 {
		fp = 1
	}
	k := make([]byte, 8, 8+s.hot.width)
	binary.BigEndian.PutUint64(k, fp)
	return append(k, st[:s.hot.width]...)
}

func (s *spillStore) Visit(fp uint64, st State, note Note) Seen {
	if s.cold == 0 {
		return s.hot.Visit(fp, st, note)
	}
	if seen, ok := s.hot.lookup(fp, st); ok {
		return seen
	}
	if id, ok := s.coldID(fp, st); ok {
		return Seen{ID: id, Assigned: true}
	}
	// Another worker may have added it since the lookup: Visit finds it pending then.
	return s.hot.Visit(fp, st, note)
}

// coldID looks the state up in badger. A read error is a missing state for this call, which
// would make it new: so it is not swallowed but recorded and stops the run at the commit.
func (s *spillStore) coldID(fp uint64, st State) (uint64, bool) {
	var id uint64
	found := false
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(s.key(fp, st))
		if err != nil {
			return err
		}
		found = true
		return item.Value(func(v []byte) error {
			id = uint64(binary.LittleEndian.Uint32(v))
			return nil
		})
	})
	if err != nil && !errors.Is(err, badger.ErrKeyNotFound) {
		s.broken.set(err)
	}
	return id, found
}

func (s *spillStore) Number(fp uint64, st State, next uint64) (uint64, Note, bool) {
	return s.hot.Number(fp, st, next)
}

func (s *spillStore) Len() uint64 { return s.hot.Len() + s.cold }

func (s *spillStore) spillTo(dir string) { s.dir = dir }

func (s *spillStore) failed() error {
	if err := s.broken.get(); err != nil {
		return fmt.Errorf("visited set on disk: %w", err)
	}
	return nil
}

// settle moves older states to badger if the memory part is over its budget. It keeps the
// states numbered from the first of keeps (most kept first) whose states fit in three
// quarters of the budget, or none if none does: the more recent levels stay, the fewer lookups
// go to badger.
func (s *spillStore) settle(keeps ...uint64) error {
	if err := s.failed(); err != nil {
		return err
	}
	if s.dir == "" || s.hot.bytes() <= s.budget {
		return nil
	}
	if s.db == nil {
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
	wb := s.db.NewWriteBatch()
	defer wb.Cancel()
	var moved uint64
	var err error
	s.hot = s.hot.keep(keep, func(fp uint64, st State, id uint64) {
		v := binary.LittleEndian.AppendUint32(nil, uint32(id))
		if err == nil {
			err = wb.Set(s.key(fp, st), v)
		}
		moved++
	})
	if err == nil {
		err = wb.Flush()
	}
	if err != nil {
		return fmt.Errorf("visited set on disk: %w", err)
	}
	s.cold += moved
	return nil
}
