package universe

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/model"
)

// Universe is every configuration of a schema: the product of its domains. Its mixed-radix rank
// (variable 0 is the least significant digit) is a perfect hash, which is what lets the dense
// store replace a hash table by arrays indexed by rank.
type Universe struct {
	schema *model.Schema
	radix  []uint64
	weight []uint64
	size   uint64
}

// New fails if the universe has 2^64 configurations or more.
func New(s *model.Schema) (*Universe, error) {
	u := &Universe{schema: s, size: 1}
	for _, v := range s.Vars {
		hi, lo := bits.Mul64(u.size, uint64(v.Domain.Size))
		if hi != 0 {
			return nil, fmt.Errorf("the universe of this schema has more than 2^64 configurations")
		}
		u.radix = append(u.radix, uint64(v.Domain.Size))
		u.weight = append(u.weight, u.size)
		u.size = lo
	}
	return u, nil
}

// Size is the number of configurations.
func (u *Universe) Size() uint64 { return u.size }

// Rank maps a configuration to 0..Size-1.
func (u *Universe) Rank(s model.State) uint64 {
	var r uint64
	for i, w := range u.weight {
		r += uint64(s[i]) * w
	}
	return r
}

// Unrank writes the configuration of rank r into dst.
func (u *Universe) Unrank(r uint64, dst model.State) {
	for i, k := range u.radix {
		dst[i] = byte(r % k)
		r /= k
	}
}

// Next advances s to the configuration of the next rank, as an odometer does; it reports false
// when s was the last one. A sequential scan with Next costs O(1) amortised per configuration.
func (u *Universe) Next(s model.State) bool {
	for i, k := range u.radix {
		if uint64(s[i])+1 < k { // not s[i]++ first: a byte at 255 would wrap before the test
			s[i]++
			return true
		}
		s[i] = 0
	}
	return false
}

// RankFrom is the rank of t given a valid configuration s of rank rs: only the bytes where t
// differs from s contribute, found eight at a time, so a step that changes one variable costs
// one multiplication instead of one per variable. It reports false if t is not a configuration
// of the universe (wrong width, or a changed value outside its domain): a model bug that would
// otherwise be silently ranked as some other configuration.
func (u *Universe) RankFrom(s model.State, rs uint64, t model.State) (uint64, bool) {
	if len(t) != len(s) {
		return 0, false
	}
	r := rs
	i := 0
	for ; i+8 <= len(t); i += 8 {
		for x := load64(t[i:]) ^ load64(s[i:]); x != 0; {
			b := bits.TrailingZeros64(x) / 8
			j := i + b
			if uint64(t[j]) >= u.radix[j] {
				return 0, false
			}
			r += uint64(t[j])*u.weight[j] - uint64(s[j])*u.weight[j] // modulo 2^64, exact in sum
			x &^= 0xff << (uint(b) * 8)
		}
	}
	for ; i < len(t); i++ {
		if t[i] != s[i] {
			if uint64(t[i]) >= u.radix[i] {
				return 0, false
			}
			r += uint64(t[i])*u.weight[i] - uint64(s[i])*u.weight[i]
		}
	}
	return r, true
}

func load64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

// Formula writes the size as a product of powers of the domain sizes, e.g. "8^8" or "3^2·5".
func (u *Universe) Formula() string {
	var parts []string
	for i := 0; i < len(u.radix); {
		j := i
		for j < len(u.radix) && u.radix[j] == u.radix[i] {
			j++
		}
		if j-i == 1 {
			parts = append(parts, strconv.FormatUint(u.radix[i], 10))
		} else {
			parts = append(parts, fmt.Sprintf("%d^%d", u.radix[i], j-i))
		}
		i = j
	}
	return strings.Join(parts, "·")
}
