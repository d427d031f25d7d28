package checker

import (
	"io"
	"sync/atomic"
)

// cells is an array of small counters, one per node, packed into 32-bit words and accessed
// atomically so that the workers of the convergence search can share it. Sixteen bits per node
// is the default (774 MB for the 387,420,489 configurations of Dijkstra n=9, K=9); a run whose
// longest path does not fit is redone with 32 bits.
type cells struct {
	words []uint32
	bits  uint   // 16 or 32
	shift uint   // log2 of the nodes per word
	low   uint64 // nodes per word - 1
	mask  uint32
}

// cellUnknown marks a node not yet labelled. A node's value is otherwise its distance + 1, or
// bad, the top of the range.
const cellUnknown = 0

func newCells(n uint64, bits uint) *cells {
	c := &cells{bits: bits, mask: uint32(uint64(1)<<bits - 1)}
	if bits == 16 {
		c.shift, c.low = 1, 1
	}
	c.words = make([]uint32, (n+c.low)>>c.shift)
	return c
}

// bad marks a node from which an execution avoids the legitimate set forever.
func (c *cells) bad() uint32 { return c.mask }

// maxValue is the largest distance + 1 that can be stored.
func (c *cells) maxValue() uint32 { return c.mask - 1 }

func (c *cells) pos(i uint64) (*uint32, uint) {
	return &c.words[i>>c.shift], uint(i&c.low) * c.bits
}

func (c *cells) get(i uint64) uint32 {
	w, sh := c.pos(i)
	return atomic.LoadUint32(w) >> sh & c.mask
}

// cas sets node i to v if it holds old.
func (c *cells) cas(i uint64, old, v uint32) bool {
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

// save writes the labels as raw words, for a checkpoint of the analysis.
func (c *cells) save(w io.Writer) error {
	_, err := w.Write(bytesOf(c.words))
	return err
}
