package analysis

import (
	"math/rand/v2"
	"testing"
)

func TestStackSet(t *testing.T) {
	var set stackSet
	want := map[uint64]bool{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		id := rng.Uint64N(500)
		switch {
		case want[id]:
			set.remove(id)
			delete(want, id)
		default:
			set.add(id)
			want[id] = true
		}
		probe := rng.Uint64N(500)
		if set.has(probe) != want[probe] {
			t.Fatalf("has(%d) = %v", probe, !want[probe])
		}
	}
}
