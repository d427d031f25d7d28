package par

import (
	"io"
	"sync/atomic"
	"unsafe"
)

// Cells is an array of small counters, one per node, packed into 32-bit words and accessed
// atomically so that the workers of the convergence search can share it. Eight bits per node
// come first (387 MB for the 387,420,489 configurations of Dijkstra n=9, K=9, and half as many
// cache misses as 16); a run whose longest path does not fit is redone with 16, then 32 bits.
type Cells struct {
	words []uint32
	bits  uint   // 16 or 32
	shift uint   // log2 of the nodes per word
	low   uint64 // nodes per word - 1
	mask  uint32
}

// CellUnknown marks a node not yet labelled. A node's value is otherwise its label, or Bad,
// the top of the range.
const CellUnknown = 0

// NewCells has n cells of 8, 16 or 32 bits, all CellUnknown.
func NewCells(n uint64, bits uint) *Cells {
	c := &Cells{bits: bits, mask: uint32(uint64(1)<<bits - 1)}
	for per := 32 / bits; per > 1; per /= 2 {
		c.shift++
	}
	c.low = 1<<c.shift - 1
	c.words = make([]uint32, (n+c.low)>>c.shift)
	return c
}

// Bits is the width of a cell: 8, 16 or 32.
func (c *Cells) Bits() uint { return c.bits }

// Bad is the value that marks a node from which an execution avoids the legitimate set
// forever.
func (c *Cells) Bad() uint32 { return c.mask }

// MaxValue is the largest label that can be stored.
func (c *Cells) MaxValue() uint32 { return c.mask - 1 }

func (c *Cells) pos(i uint64) (*uint32, uint) {
	return &c.words[i>>c.shift], uint(i&c.low) * c.bits
}

// Get is cell i.
func (c *Cells) Get(i uint64) uint32 {
	w, sh := c.pos(i)
	return atomic.LoadUint32(w) >> sh & c.mask
}

// CAS sets cell i to v if it holds old.
func (c *Cells) CAS(i uint64, old, v uint32) bool {
	w, sh := c.pos(i)
	for {
		cur := atomic.LoadUint32(w)
		if cur>>sh&c.mask != old {
			return false
		}
		if atomic.CompareAndSwapUint32(w, cur, cur&^(c.mask<<sh)|v<<sh) {
			return true
		}
	}
}

// Save writes the cells as raw words, for a checkpoint of the analysis.
func (c *Cells) Save(w io.Writer) error {
	_, err := w.Write(Bytes(c.words))
	return err
}

// Load reads the raw words Save wrote into cells of the same size.
func (c *Cells) Load(r io.Reader) error {
	_, err := io.ReadFull(r, Bytes(c.words))
	return err
}

// Bytes views a slice of plain integers or structs of them as bytes.
func Bytes[T any](p []T) []byte {
	if len(p) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(&p[0])), len(p)*int(unsafe.Sizeof(zero)))
}
