//go:build !nobadger

package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
	"github.com/mc-checker/mc/checker/model"
)

// BadgerBuilt reports whether this build has the badger cold set: go build -tags nobadger
// leaves it (and the modules it pulls in) out.
const BadgerBuilt = true

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
