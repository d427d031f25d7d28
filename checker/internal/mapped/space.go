package mapped

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/mc-checker/mc/checker/internal/sys"
)

// Space is the set of arenas of one graph, and a watcher that keeps the process's resident
// memory under a mark by releasing their pages.
type Space struct {
	mark   uint64 // the resident bytes past which the mapped pages are released
	dir    string
	lock   *os.File
	mu     sync.Mutex
	arenas []*Arena
	stop   chan struct{}
	done   chan struct{}
}

// NewSpace keeps a graph's columns in dir/graph, which it locks, and the resident memory
// under 70% of limit.
func NewSpace(dir string, limit uint64) (*Space, error) {
	if !sys.CanMap {
		return nil, fmt.Errorf("a graph on disk is %w", sys.ErrUnsupported)
	}
	dir = filepath.Join(dir, "graph")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("graph on disk: %w", err)
	}
	lock, err := sys.LockDir(dir)
	if err != nil {
		return nil, err
	}
	// A margin for what is mapped between two looks: a fault maps a whole large folio of
	// the page cache (about 1 MiB here, measured), so random reads map fast.
	s := &Space{mark: limit / 10 * 7, dir: dir, lock: lock, stop: make(chan struct{}), done: make(chan struct{})}
	go s.watch()
	return s, nil
}

// Arena is a new arena, the file dir/graph/name.
func (s *Space) Arena(name string) (*Arena, error) {
	a, err := newArena(s.dir, name)
	if err == nil {
		s.mu.Lock()
		s.arenas = append(s.arenas, a)
		s.mu.Unlock()
	}
	return a, err
}

// watch releases the mapped pages whenever the resident memory passes the mark. On busy
// cores it runs when the scheduler preempts a worker, about every 10 ms: readers of the
// graph also call Relieve as they go.
func (s *Space) watch() {
	defer close(s.done)
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
			s.Relieve()
		}
	}
}

// Relieve releases the mapped pages if the resident memory is past the mark, unless a
// release is under way.
func (s *Space) Relieve() {
	if sys.ResidentBytes() <= s.mark || !s.mu.TryLock() {
		return
	}
	defer s.mu.Unlock()
	for _, a := range s.arenas {
		a.release()
	}
}

// Close stops the watcher and removes the files.
func (s *Space) Close() {
	close(s.stop)
	<-s.done
	for _, a := range s.arenas {
		a.close()
	}
	os.Remove(s.lock.Name())
	s.lock.Close()
	os.Remove(s.dir)
}
