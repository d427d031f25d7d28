package checker

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// arena hands out the pages of a column from a file, mapped into memory in extents of
// arenaExtent bytes (few mappings, however large the graph). Blocks are reserved with
// fallocate before they are mapped, so a full disk is an error here, never a SIGBUS when a
// page is first written. The mappings are shared: what is written is the file's content,
// and dropping pages from the process (release) loses nothing.
type arena struct {
	f       *os.File
	size    int64 // bytes reserved in the file
	mu      sync.Mutex
	extents [][]byte // guarded by mu: release runs beside alloc
	free    []byte   // the unused tail of the last extent
}

const arenaExtent = 64 << 20

// diskError is a failure of the graph's files (a full disk): an error of the run, not of
// its input.
type diskError struct{ err error }

func (e *diskError) Error() string { return "graph on disk: " + e.err.Error() }
func (e *diskError) Unwrap() error { return e.err }

func newArena(dir, name string) (*arena, error) {
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_RDWR|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, &diskError{err}
	}
	return &arena{f: f}, nil
}

// alloc returns n zeroed bytes of the file, mapped.
func (a *arena) alloc(n int) ([]byte, error) {
	if n > len(a.free) {
		size := max(arenaExtent, n)
		if err := reserve(a.f, a.size, int64(size)); err != nil {
			return nil, &diskError{fmt.Errorf("%s: %w", a.f.Name(), err)}
		}
		b, err := syscall.Mmap(int(a.f.Fd()), a.size, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
		if err != nil {
			return nil, &diskError{fmt.Errorf("map %s: %w", a.f.Name(), err)}
		}
		a.size += int64(size)
		a.mu.Lock()
		a.extents = append(a.extents, b)
		a.mu.Unlock()
		a.free = b
	}
	b := a.free[:n:n]
	a.free = a.free[n:]
	return b, nil
}

// reserve allocates the blocks of f from off for n bytes, so that a full disk is an error now
// rather than later. A signal can interrupt a large allocation (on tmpfs), so it retries.
func reserve(f *os.File, off, n int64) error {
	for {
		err := syscall.Fallocate(int(f.Fd()), 0, off, n)
		if err != syscall.EINTR {
			return err
		}
	}
}

// release drops the mapped pages from the process's memory; the kernel's page cache keeps
// them, and the next access maps them again.
func (a *arena) release() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, e := range a.extents {
		syscall.Madvise(e, syscall.MADV_DONTNEED)
	}
}

// close unmaps the file and removes it: a graph on disk lives as long as its run.
func (a *arena) close() {
	for _, e := range a.extents {
		syscall.Munmap(e)
	}
	a.f.Close()
	os.Remove(a.f.Name())
}

// diskSpace is the set of arenas of one graph, and a watcher that keeps the process's
// resident memory under a limit by releasing their pages.
type diskSpace struct {
	mark   uint64 // the resident bytes past which the mapped pages are released
	dir    string
	lock   *os.File
	mu     sync.Mutex
	arenas []*arena
	stop   chan struct{}
	done   chan struct{}
}

// newDiskSpace keeps the graph's columns in dir/graph, and the resident memory under limit.
func newDiskSpace(dir string, limit uint64) (*diskSpace, error) {
	dir = filepath.Join(dir, "graph")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("graph on disk: %w", err)
	}
	lock, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	// A margin for what is mapped between two looks: a fault maps a whole large folio of
	// the page cache (about 1 MiB here, measured), so random reads map fast.
	d := &diskSpace{mark: limit / 10 * 7, dir: dir, lock: lock, stop: make(chan struct{}), done: make(chan struct{})}
	go d.watch()
	return d, nil
}

func (d *diskSpace) arena(name string) (*arena, error) {
	a, err := newArena(d.dir, name)
	if err == nil {
		d.mu.Lock()
		d.arenas = append(d.arenas, a)
		d.mu.Unlock()
	}
	return a, err
}

// watch releases the mapped pages whenever the resident memory passes the mark. On busy
// cores it runs when the scheduler preempts a worker, about every 10 ms: readers of the
// graph also call relieve as they go.
func (d *diskSpace) watch() {
	defer close(d.done)
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-d.stop:
			return
		case <-tick.C:
			d.relieve()
		}
	}
}

// relieve releases the mapped pages if the resident memory is past the mark, unless a
// release is under way.
func (d *diskSpace) relieve() {
	if residentBytes() <= d.mark || !d.mu.TryLock() {
		return
	}
	defer d.mu.Unlock()
	for _, a := range d.arenas {
		a.release()
	}
}

// close stops the watcher and removes the files.
func (d *diskSpace) close() {
	close(d.stop)
	<-d.done
	for _, a := range d.arenas {
		a.close()
	}
	os.Remove(d.lock.Name())
	d.lock.Close()
	os.Remove(d.dir)
}

// onDemand moves a hashed exploration to disk once its heap passes a mark: the graph's next
// pages come from files, and the visited set may spill to badger, in dir or, if it is empty,
// a temporary directory removed at close. Until then the run is the in-memory one.
type onDemand struct {
	dir    string
	mark   uint64 // heap bytes
	budget uint64 // for the disk space's watcher
	tmp    string
	disk   *diskSpace
}

// check moves g and store to disk if the heap is past the mark; once.
func (o *onDemand) check(g *explicitGraph, store Store) error {
	if o == nil || o.disk != nil || heapAlloc() < o.mark {
		return nil
	}
	return o.move(g, store)
}

// move moves g and store to disk now.
func (o *onDemand) move(g *explicitGraph, store Store) error {
	dir := o.dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "mc-")
		if err != nil {
			return &diskError{err}
		}
		o.tmp, dir = tmp, tmp
	}
	d, err := newDiskSpace(dir, o.budget)
	if err != nil {
		return err
	}
	o.disk = d
	store.spillTo(filepath.Join(dir, "visited"))
	return g.useDisk(d)
}

// moved reports whether the run went to disk.
func (o *onDemand) moved() bool { return o != nil && o.disk != nil }

func (o *onDemand) close() {
	if o.disk != nil {
		o.disk.close()
	}
	if o.tmp != "" {
		os.RemoveAll(o.tmp)
	}
}
