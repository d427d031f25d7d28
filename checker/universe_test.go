package checker

import (
	"math/rand/v2"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// A pending state keeps the note of its first visit until it is numbered; then every visit
// and numbering returns its id. Two states with one fingerprint are one state to the hashed
// store and two to the exact one.
func TestStoreNotes(t *testing.T) {
	for _, exact := range []bool{false, true} {
		st := newMemStore(exact, 2)
		for i := range 10000 {
			fp := uint64(i) * 0x9e3779b97f4a7c15
			s := model.State{byte(i), byte(i >> 8)}
			for j, note := range []Note{{5, 3}, {4, 9}, {4, 2}} {
				if seen := st.Visit(fp, s, note); seen.New != (j == 0) || seen.Assigned || seen.Note != (Note{5, 3}) {
					t.Fatalf("visit %d: %+v", j, seen)
				}
			}
			if id, note, fresh := st.Number(fp, s, uint64(i)); !fresh || id != uint64(i) || note != (Note{5, 3}) {
				t.Fatalf("numbered %d, %v, %v", id, note, fresh)
			}
			if id, _, fresh := st.Number(fp, s, 99999); fresh || id != uint64(i) {
				t.Fatal("numbered twice")
			}
			if seen := st.Visit(fp, s, Note{}); !seen.Assigned || seen.New || seen.ID != uint64(i) {
				t.Fatal("id lost")
			}
			twin := model.State{byte(i), byte(i>>8) + 100} // same fingerprint, another state
			if seen := st.Visit(fp, twin, Note{1, 1}); seen.New != exact {
				t.Fatalf("exact=%v: a fingerprint collision seen as %+v", exact, seen)
			}
		}
		want := uint64(10000)
		if exact {
			want = 20000
		}
		if st.Len() != want {
			t.Fatalf("exact=%v: len %d", exact, st.Len())
		}
	}
}

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
