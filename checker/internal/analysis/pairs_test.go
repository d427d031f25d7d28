package analysis

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// The rounds search's memo answers as a map does, through its growth, for pairs that share a
// node or an owed set, node 0 and owed set 0 included; and workers that put the same pairs
// at once (as a search does, each pair's value the same) leave each pair once.
func TestPairMemo(t *testing.T) {
	value := func(k roundKey) uint32 { return uint32(k.node*31+k.owed) % 1000 }
	keys := make([]roundKey, 60_000)
	rng := rand.New(rand.NewPCG(3, 4))
	want := map[roundKey]uint32{}
	for i := range keys {
		keys[i] = roundKey{uint64(rng.IntN(6000)), uint64(rng.IntN(16))}
		if i%7 == 0 {
			keys[i] = roundKey{0, uint64(i % 3)}
		}
		want[keys[i]] = value(keys[i])
	}
	var memo pairMemo
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 9))
			for range keys {
				k := keys[r.IntN(len(keys))]
				memo.put(k, value(k))
				probe := roundKey{uint64(r.IntN(12000)), uint64(r.IntN(32))}
				if got, ok := memo.get(probe); ok && got != value(probe) {
					t.Errorf("get %v: %d, want %d", probe, got, value(probe))
				}
			}
		}()
	}
	wg.Wait()
	for _, k := range keys {
		memo.put(k, value(k))
	}
	if memo.len() != len(want) {
		t.Fatalf("%d pairs, want %d", memo.len(), len(want))
	}
	for k, w := range want {
		if got, ok := memo.get(k); !ok || got != w {
			t.Fatalf("get %v: %d %v, want %d", k, got, ok, w)
		}
	}
	if _, ok := memo.get(roundKey{99_999, 1}); ok {
		t.Fatal("found a pair never put")
	}
}
