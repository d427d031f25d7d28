package mapped

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/mc-checker/mc/checker/internal/sys"
)

// Arena hands out the pages of a column from a file, mapped into memory in extents of
// arenaExtent bytes (few mappings, however large the graph). Blocks are reserved with
// fallocate before they are mapped, so a full disk is an error here, never a SIGBUS when a
// page is first written. The mappings are shared: what is written is the file's content,
// and dropping pages from the process (release) loses nothing.
type Arena struct {
	f       *os.File
	size    int64 // bytes reserved in the file
	mu      sync.Mutex
	extents [][]byte // guarded by mu: release runs beside Alloc
	free    []byte   // the unused tail of the last extent
}

const arenaExtent = 64 << 20

func newArena(dir, name string) (*Arena, error) {
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_RDWR|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, &sys.DiskError{Err: err}
	}
	return &Arena{f: f}, nil
}

// Alloc returns n zeroed bytes of the file, mapped. Only one goroutine allocates.
func (a *Arena) Alloc(n int) ([]byte, error) {
	if n > len(a.free) {
		size := max(arenaExtent, n)
		if err := sys.Reserve(a.f, a.size, int64(size)); err != nil {
			return nil, &sys.DiskError{Err: fmt.Errorf("%s: %w", a.f.Name(), err)}
		}
		b, err := sys.Map(a.f, a.size, size, true)
		if err != nil {
			return nil, &sys.DiskError{Err: fmt.Errorf("map %s: %w", a.f.Name(), err)}
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

// release drops the mapped pages from the process's memory; the kernel's page cache keeps
// them, and the next access maps them again.
func (a *Arena) release() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, e := range a.extents {
		sys.DropPages(e)
	}
}

// close unmaps the file and removes it: a graph on disk lives as long as its run.
func (a *Arena) close() {
	for _, e := range a.extents {
		sys.Unmap(e)
	}
	a.f.Close()
	os.Remove(a.f.Name())
}
