package analysis

import (
	"math/rand/v2"
	"testing"
)

// The rounds search's table answers as a map does, through its growth, for pairs that share
// a node or an owed set, node 0 and owed set 0 included.
func TestPairTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var table pairTable
	want := map[roundKey]uint32{}
	for i := range 50_000 {
		k := roundKey{uint64(rng.IntN(4000)), uint64(rng.IntN(16))}
		if i%7 == 0 {
			k = roundKey{0, uint64(i % 3)}
		}
		v := uint32(rng.IntN(1000))
		table.put(k, v)
		want[k] = v
		probe := roundKey{uint64(rng.IntN(8000)), uint64(rng.IntN(32))}
		got, ok := table.get(probe)
		if w, has := want[probe]; ok != has || got != w {
			t.Fatalf("get %v: %d %v, want %d %v", probe, got, ok, w, has)
		}
	}
	if table.len() != len(want) {
		t.Fatalf("%d pairs, want %d", table.len(), len(want))
	}
	for k, w := range want {
		if got, ok := table.get(k); !ok || got != w {
			t.Fatalf("get %v: %d %v, want %d", k, got, ok, w)
		}
	}
}
