package explore

import (
	"io"
	"unsafe"

	"github.com/mc-checker/mc/checker/internal/mapped"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/sys"
)

// The explicit graph keeps one entry per node or per edge in columns: append-only arrays in
// pages of pageLen entries. A single slice would be copied, and for a moment held twice, each
// time it doubles; at hundreds of millions of entries that copy is what exhausts memory. A
// page is never moved once allocated. Pages come from anonymous memory outside the Go heap
// (sys.AllocAnon: the collector's pacing would otherwise let garbage grow to the columns'
// size), from the heap where the system has none, or, for a graph on disk, from an arena: a
// file mapped into memory.

const (
	pageBits  = 16
	pageLen   = 1 << pageBits
	pageMask  = pageLen - 1
	firstPage = 64 // on the heap the first page grows from here, so that tiny graphs stay tiny
)

// column is an append-only array of entries of per T each (0 means 1: an entry is one T).
// T holds no pointers: a page may be a file.
type column[T any] struct {
	pages [][]T
	n     uint64
	per   int
	disk  *mapped.Arena // nil: pages in anonymous memory or on the heap
	anon  *anonPages    // where anonymous pages are recorded, to be freed; nil: the heap
	err   error         // the first page the arena could not give (a full disk); later entries are lost
}

// anonPages are the anonymous pages of a graph's columns: Release frees them, and a cleanup
// does if the graph is dropped without (a graph that a test or a caller of BFS forgets).
type anonPages struct {
	pages [][]byte
}

// free gives the pages back, in the background (sys.FreeAnonLater): a run releases its graph
// as it ends, and the next run of a sweep need not wait for the kernel.
func (a *anonPages) free() {
	sys.FreeAnonLater(a.pages...)
	a.pages = nil
}

func (c *column[T]) len() uint64   { return c.n }
func (c *column[T]) at(i uint64) T { return c.pages[i>>pageBits][i&pageMask] }
func (c *column[T]) last() T       { return c.at(c.n - 1) }
func (c *column[T]) width() int    { return max(c.per, 1) }

// entry is entry i of a column of per T an entry.
func (c *column[T]) entry(i uint64) []T {
	w := c.width()
	off := int(i&pageMask) * w
	return c.pages[i>>pageBits][off : off+w]
}

func (c *column[T]) push(v T) {
	if c.room() {
		last := len(c.pages) - 1
		c.pages[last] = append(c.pages[last], v)
		c.n++
	}
}

func (c *column[T]) pushEntry(e []T) {
	if c.room() {
		last := len(c.pages) - 1
		c.pages[last] = append(c.pages[last], e...)
		c.n++
	}
}

// grow appends n zero entries, their pages allocated, and reports whether it could: the
// caller then writes them, from any goroutine, each entry by one (set, entry). It is how a
// commit appends a segment's entries in parallel: the pages are the serial part.
func (c *column[T]) grow(n uint64) bool {
	w := c.width()
	for left := n; left > 0; {
		if !c.room() {
			return false
		}
		last := len(c.pages) - 1
		p := c.pages[last]
		k := min(left, uint64(pageLen-len(p)/w))
		if need := len(p) + int(k)*w; need > cap(p) { // the small first page, on the heap
			full := make([]T, len(p), pageLen*w)
			copy(full, p)
			p = full
		}
		c.pages[last] = p[:len(p)+int(k)*w]
		c.n += k
		left -= k
	}
	return true
}

// set writes entry i of a column of one T an entry.
func (c *column[T]) set(i uint64, v T) { c.pages[i>>pageBits][i&pageMask] = v }

// room makes sure the last page can take one more entry; false if no page could be had.
func (c *column[T]) room() bool {
	last := len(c.pages) - 1
	if last >= 0 && len(c.pages[last]) < pageLen*c.width() {
		return true
	}
	p, err := c.newPage(last < 0)
	if err != nil {
		c.err = err
		return false
	}
	c.pages = append(c.pages, p)
	return true
}

// newPage is an empty page for pageLen entries of per T each: from the arena, anonymous
// memory, or the heap (the first one small, and on the heap).
func (c *column[T]) newPage(first bool) ([]T, error) {
	per := c.width()
	var zero T
	size := pageLen * per * int(unsafe.Sizeof(zero))
	var b []byte
	switch {
	case c.disk != nil:
		var err error
		if b, err = c.disk.Alloc(size); err != nil {
			return nil, err
		}
	case first:
		return make([]T, 0, firstPage*per), nil
	case c.anon != nil:
		if b = sys.AllocAnon(size); b != nil {
			c.anon.pages = append(c.anon.pages, b)
		}
	}
	if b == nil {
		return make([]T, 0, pageLen*per), nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), pageLen*per)[:0], nil
}

// Column is what the graph does with each of its columns alike: give it a file, ask whether
// it lost entries, save and load it.
type Column interface {
	attach(*mapped.Arena)
	useAnon(*anonPages)
	release()
	failure() error
	// Save writes the entries as raw bytes.
	Save(io.Writer) error
	// Load reads n entries that Save wrote into the empty column.
	Load(r io.Reader, n uint64) error
	// Bytes is what its entries take.
	Bytes() uint64
}

func (c *column[T]) Bytes() uint64 {
	var zero T
	return c.n * uint64(c.width()) * uint64(unsafe.Sizeof(zero))
}

func (c *column[T]) attach(a *mapped.Arena) { c.disk = a }
func (c *column[T]) useAnon(a *anonPages)   { c.anon = a }

// release drops the column's entries; its anonymous pages are freed by their anonPages.
func (c *column[T]) release()       { c.pages, c.n = nil, 0 }
func (c *column[T]) failure() error { return c.err }

// Save writes the entries as raw bytes: they are plain integers.
func (c *column[T]) Save(w io.Writer) error {
	for _, p := range c.pages {
		if _, err := w.Write(par.Bytes(p)); err != nil {
			return err
		}
	}
	return nil
}

// Load reads n entries into the empty column, in full pages, from the heap or its arena.
func (c *column[T]) Load(r io.Reader, n uint64) error {
	for left := n; left > 0; {
		k := min(left, pageLen)
		p, err := c.newPage(false)
		if err != nil {
			return err
		}
		p = p[:int(k)*c.width()]
		if _, err := io.ReadFull(r, par.Bytes(p)); err != nil {
			return err
		}
		c.pages, left = append(c.pages, p), left-k
	}
	c.n = n
	return nil
}
