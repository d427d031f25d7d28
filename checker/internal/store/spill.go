package store

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/par"
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
	broken  par.FirstError
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

// NewSpill is the visited set spilling from memory to sorted runs or, with badger, to badger;
// budget bounds its memory part. Its cold set is made in dir (which may be given later, with
// SpillTo) at the first spill.
func NewSpill(dir string, badger, exact bool, width, workers int, budget uint64) Store {
	return newSpillStore(dir, badger, exact, width, workers, budget)
}

// Spilled is the number of states in the cold set.
func (s *spillStore) Spilled() uint64 { return s.moved }

// newSpillStore makes the store; budget bounds its memory part. Its cold set is made in dir
// (which may be given later, by SpillTo) at the first spill.
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

// Close removes the cold set and frees the memory part.
func (s *spillStore) Close() {
	if s.cold != nil {
		s.cold.close()
	}
	s.hot.Close()
}

// Expect makes room in the memory part if n more states fit its budget there.
func (s *spillStore) Expect(n uint64) {
	if s.hot.bytes()+2*n*uint64(16+s.hot.width) <= s.budget {
		s.hot.Expect(n)
	}
}

// Touch touches the memory part, where most lookups end.
func (s *spillStore) Touch(fps []uint64) { s.hot.Touch(fps) }

func (s *spillStore) Visit(fp uint64, st model.State, note Note) Seen {
	if s.moved == 0 || s.point == nil {
		return s.hot.Visit(fp, st, note)
	}
	if seen, ok := s.hot.Lookup(fp, st); ok {
		return seen
	}
	// A read error is a missing state for this call, which would make it new: so it is not
	// swallowed but recorded, and stops the run at the next commit.
	id, ok, err := s.point.find(fp, st)
	if err != nil {
		s.broken.Set(err)
	}
	if ok {
		return Seen{ID: id, Assigned: true}
	}
	// Another worker may have added it since the lookup: Visit finds it pending then.
	return s.hot.Visit(fp, st, note)
}

// Resolve looks the pending states up in the sorted runs, a shard at a time.
func (s *spillStore) Resolve() (uint64, error) {
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

// Lookup finds a state in memory without adding it.
func (s *spillStore) Lookup(fp uint64, st model.State) (Seen, bool) { return s.hot.Lookup(fp, st) }

func (s *spillStore) Number(fp uint64, st model.State, next uint64) (uint64, Note, bool) {
	return s.hot.Number(fp, st, next)
}

// SpillTo gives the store the directory of its cold set.
func (s *spillStore) SpillTo(dir string) { s.dir = dir }

// Failed is the first lookup the cold set could not answer.
func (s *spillStore) Failed() error {
	if err := s.broken.Get(); err != nil {
		return fmt.Errorf("visited set on disk: %w", err)
	}
	return nil
}

// Settle moves older states to the cold set if the memory part is over its budget. It keeps
// the states numbered from the first of keeps (most kept first) whose states fit in three
// quarters of the budget, or none if none does: the more recent levels stay, the fewer lookups
// leave memory.
func (s *spillStore) Settle(keeps ...uint64) error {
	if err := s.Failed(); err != nil {
		return err
	}
	s.hot.Settle()
	if s.dir == "" || s.hot.bytes() <= s.budget {
		return nil
	}
	if s.cold == nil {
		if err := s.open(); err != nil {
			return err
		}
	}
	keep := uint64(par.NoNode)
	for i, b := range s.hot.bytesKept(keeps) {
		if b <= s.budget/4*3 {
			keep = keeps[i]
			break
		}
	}
	var err error
	old := s.hot
	s.hot = old.keep(keep, s.workers, func(fp uint64, st model.State, id uint64) {
		if err == nil {
			err = s.cold.put(fp, st, id)
		}
		s.moved++
	})
	if err == nil {
		err = s.cold.flush()
	}
	old.Close() // after the flush: the states put are slices of its tables

	if err != nil {
		return fmt.Errorf("visited set on disk: %w", err)
	}
	return nil
}
