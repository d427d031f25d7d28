package par

import (
	"math/bits"
	"sync/atomic"
)

// Bitmap is one bit per node. Set and Claim are safe for concurrent use; Has sees a bit set
// by another goroutine once that goroutine's pass is over.
type Bitmap []uint64

// NewBitmap has n bits, all clear.
func NewBitmap(n uint64) Bitmap { return make(Bitmap, (n+63)/64) }

// Has reports whether bit i is set.
func (b Bitmap) Has(i uint64) bool { return b[i/64]&(1<<(i%64)) != 0 }

// Set sets bit i.
func (b Bitmap) Set(i uint64) { atomic.OrUint64(&b[i/64], 1<<(i%64)) }

// Clear removes i (atomically, as Set adds it).
func (b Bitmap) Clear(i uint64) { atomic.AndUint64(&b[i/64], ^(uint64(1) << (i % 64))) }

// Claim sets bit i and reports whether this call set it.
func (b Bitmap) Claim(i uint64) bool {
	return atomic.OrUint64(&b[i/64], 1<<(i%64))&(1<<(i%64)) == 0
}

// Count is the number of bits set.
func (b Bitmap) Count() uint64 {
	var n uint64
	for _, w := range b {
		n += uint64(bits.OnesCount64(w))
	}
	return n
}

// Each calls fn with every bit set, in order.
func (b Bitmap) Each(fn func(i uint64)) {
	for i, word := range b {
		for ; word != 0; word &= word - 1 {
			fn(uint64(i)*64 + uint64(bits.TrailingZeros64(word)))
		}
	}
}
