package checker

import "unsafe"

// The explicit graph keeps one item per node or per edge in columns: append-only arrays in
// pages of pageLen items. A single slice would be copied, and for a moment held twice, each
// time it doubles; at hundreds of millions of items that copy is what exhausts memory. A page
// is never moved once allocated. Pages come from the heap or, for a graph on disk, from an
// arena: a file mapped into memory.

const (
	pageBits  = 16
	pageLen   = 1 << pageBits
	pageMask  = pageLen - 1
	firstPage = 64 // on the heap the first page grows from here, so that tiny graphs stay tiny
)

// column is an append-only array of T in pages. T holds no pointers: a page may be a file.
type column[T any] struct {
	pages [][]T
	n     uint64
	disk  *arena // nil: pages on the heap
	err   error  // the first page the arena could not give (a full disk); later items are lost
}

func (c *column[T]) len() uint64   { return c.n }
func (c *column[T]) at(i uint64) T { return c.pages[i>>pageBits][i&pageMask] }
func (c *column[T]) last() T       { return c.at(c.n - 1) }

func (c *column[T]) push(v T) {
	last := len(c.pages) - 1
	if last < 0 || len(c.pages[last]) == pageLen {
		p, err := newPage[T](c.disk, last < 0, 1)
		if err != nil {
			c.err = err
			return
		}
		c.pages = append(c.pages, p)
		last++
	}
	c.pages[last] = append(c.pages[last], v)
	c.n++
}

// newPage is an empty page for pageLen items of per T each: from the arena, or from the heap
// (the first one small).
func newPage[T any](disk *arena, first bool, per int) ([]T, error) {
	if disk == nil {
		if first {
			return make([]T, 0, firstPage*per), nil
		}
		return make([]T, 0, pageLen*per), nil
	}
	var zero T
	b, err := disk.alloc(pageLen * per * int(unsafe.Sizeof(zero)))
	if err != nil {
		return nil, err
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), pageLen*per)[:0], nil
}

// stateColumn holds the configurations of the nodes, width bytes each, pageLen per page.
type stateColumn struct {
	width int
	pages [][]byte
	n     uint64
	disk  *arena
	err   error
}

func (c *stateColumn) len() uint64 { return c.n }

func (c *stateColumn) at(i uint64) State {
	off := int(i&pageMask) * c.width
	return State(c.pages[i>>pageBits][off : off+c.width])
}

func (c *stateColumn) push(s State) {
	last := len(c.pages) - 1
	if last < 0 || len(c.pages[last]) == pageLen*c.width {
		p, err := newPage[byte](c.disk, last < 0, c.width)
		if err != nil {
			c.err = err
			return
		}
		c.pages = append(c.pages, p)
		last++
	}
	c.pages[last] = append(c.pages[last], s...)
	c.n++
}
