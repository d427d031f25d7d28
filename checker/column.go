package checker

// The explicit graph keeps one item per node or per edge in columns: append-only arrays in
// pages of pageLen items. A single slice would be copied, and for a moment held twice, each
// time it doubles; at hundreds of millions of items that copy is what exhausts memory. A page
// is never moved once allocated.

const (
	pageBits  = 16
	pageLen   = 1 << pageBits
	pageMask  = pageLen - 1
	firstPage = 64 // the first page grows from here, so that tiny graphs stay tiny
)

// column is an append-only array of T in pages.
type column[T any] struct {
	pages [][]T
	n     uint64
}

func (c *column[T]) len() uint64   { return c.n }
func (c *column[T]) at(i uint64) T { return c.pages[i>>pageBits][i&pageMask] }
func (c *column[T]) last() T       { return c.at(c.n - 1) }

func (c *column[T]) push(v T) {
	last := len(c.pages) - 1
	if last < 0 || len(c.pages[last]) == pageLen {
		c.pages = append(c.pages, make([]T, 0, pageCap(last < 0)))
		last++
	}
	c.pages[last] = append(c.pages[last], v)
	c.n++
}

// pageCap is the capacity a new page starts with: all pages but the first are full-sized.
func pageCap(first bool) int {
	if first {
		return firstPage
	}
	return pageLen
}

// stateColumn holds the configurations of the nodes, width bytes each, pageLen per page.
type stateColumn struct {
	width int
	pages [][]byte
	n     uint64
}

func (c *stateColumn) len() uint64 { return c.n }

func (c *stateColumn) at(i uint64) State {
	off := int(i&pageMask) * c.width
	return State(c.pages[i>>pageBits][off : off+c.width])
}

func (c *stateColumn) push(s State) {
	last := len(c.pages) - 1
	if last < 0 || len(c.pages[last]) == pageLen*c.width {
		c.pages = append(c.pages, make([]byte, 0, pageCap(last < 0)*c.width))
		last++
	}
	c.pages[last] = append(c.pages[last], s...)
	c.n++
}
