package compress

import "encoding/binary"

// Tree stores configurations of one width by tree compression (see doc.go). It is safe for
// concurrent use: Put from many goroutines, Get of any root put before a synchronisation.
type Tree struct {
	width  int
	leaves int // leaves of 8 bytes, the last padded with zeros
	t      table
}

// New is a tree for configurations of width bytes (a width of 0 is stored as one leaf of
// zeros).
func New(width int) *Tree {
	return &Tree{width: width, leaves: max(1, (width+7)/8)}
}

// Put stores s (of the tree's width) and returns its root; false when the table is full.
func (tr *Tree) Put(s []byte) (uint32, bool) {
	return tr.put(s, 0, tr.leaves)
}

// put stores the subtree of leaves lo..hi-1 of s.
func (tr *Tree) put(s []byte, lo, hi int) (uint32, bool) {
	if hi-lo == 1 {
		return tr.t.put(tr.leaf(s, lo))
	}
	mid := (lo + hi) / 2
	left, ok := tr.put(s, lo, mid)
	if !ok {
		return 0, false
	}
	right, ok := tr.put(s, mid, hi)
	if !ok {
		return 0, false
	}
	return tr.t.put(uint64(left)<<32 | uint64(right))
}

// leaf is leaf i of s as a key: its 8 bytes, zeros past the width.
func (tr *Tree) leaf(s []byte, i int) uint64 {
	if end := 8 * (i + 1); end <= tr.width {
		return binary.LittleEndian.Uint64(s[8*i : end])
	}
	var b [8]byte
	copy(b[:], s[8*i:tr.width])
	return binary.LittleEndian.Uint64(b[:])
}

// Get writes the configuration of root into dst (of the tree's width) and returns it.
func (tr *Tree) Get(root uint32, dst []byte) []byte {
	tr.get(root, 0, tr.leaves, dst)
	return dst
}

func (tr *Tree) get(id uint32, lo, hi int, dst []byte) {
	key := tr.t.key(id)
	if hi-lo == 1 {
		if end := 8 * (lo + 1); end <= tr.width {
			binary.LittleEndian.PutUint64(dst[8*lo:end], key)
			return
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], key)
		copy(dst[8*lo:tr.width], b[:])
		return
	}
	mid := (lo + hi) / 2
	tr.get(uint32(key>>32), lo, mid, dst)
	tr.get(uint32(key), mid, hi, dst)
}

// Bytes is the memory the tree holds.
func (tr *Tree) Bytes() uint64 { return tr.t.bytes() }
