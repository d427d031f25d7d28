package analysis

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A configuration's word gives back what was put in it, at each width (8, 16 and 64
// processes and one past each narrow width): its enabled processes before and after it is
// labelled, its value, and its family of no set, one set, or several kept aside; the 16-bit
// value refuses a value past its width.
func TestRoundNodesKeepEveryField(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	for _, procs := range []int{3, 8, 9, 16, 17, 64} {
		const n = 500
		nodes := allocRoundNodes(n, procs)
		all := uint64(1)<<procs - 1
		if procs == 64 {
			all = ^uint64(0)
		}
		type want struct {
			en  uint64
			fam []uint64
			v   uint32
		}
		wants := make([]want, n)
		for id := range uint64(n) {
			en := rng.Uint64() & all
			nodes.init(id, en)
			if got, fam, v1 := nodes.get(id); got != en || fam != 0 || v1 != 0 {
				t.Fatalf("%d processes: node %d before its label: %b %b %d", procs, id, got, fam, v1)
			}
			w := want{en: en, v: uint32(rng.IntN(1000))}
			for range rng.IntN(4) {
				if s := rng.Uint64() & en &^ (en & -en); s != 0 { // a proper subset of E
					w.fam = append(w.fam, s)
				}
			}
			wants[id] = w
			if err := nodes.set(id, en, w.fam, w.v); err != nil {
				t.Fatal(err)
			}
		}
		for id, w := range wants {
			en, inline, v1 := nodes.get(uint64(id))
			var buf [1]uint64
			fam := nodes.family(uint64(id), inline, &buf)
			if en != w.en || v1 != w.v+1 || !slices.Equal(fam, w.fam) {
				t.Fatalf("%d processes: node %d: %b %v %d, want %b %v %d", procs, id, en, fam, v1-1, w.en, w.fam, w.v)
			}
		}
		if err := nodes.set(0, wants[0].en, nil, 1<<16); (err != nil) != (procs <= 8) {
			t.Errorf("%d processes: a value of 65,536 gives %v", procs, err)
		}
	}
}
