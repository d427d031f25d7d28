package store

import (
	"sync"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// A pending state keeps the note of its first visit until it is numbered; then every visit
// and numbering returns its id. Two states with one fingerprint are one state to the hashed

// Workers visiting the same states at once, in different orders, while the shards grow from
// 64 slots: each state is new to exactly one Visit, every other Visit of it returns that
// Visit's note, and in exact mode two states with one fingerprint stay two states.
func TestConcurrentVisits(t *testing.T) {
	const workers = 8
	for _, tc := range []struct {
		exact   bool
		states  int
		cluster bool // every fingerprint starts its search at slot 0 of one of 4 shards
	}{{false, 40000, false}, {true, 40000, false}, {false, 2000, true}} {
		exact, states := tc.exact, tc.states
		s := newMemStore(exact, 4)
		seen := make([][]Seen, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				seen[w] = make([]Seen, states)
				for k := range states {
					i := (k*[workers]int{1, 3, 7, 11, 13, 17, 19, 23}[w] + w*977) % states // a permutation: prime to 40000 and 2000
					st := model.State{byte(i), byte(i >> 8), byte(i >> 16), 0}
					fp := uint64(i) * 0x9e3779b97f4a7c15
					if exact && i%2 == 1 { // pairs of states share a fingerprint
						fp = uint64(i-1) * 0x9e3779b97f4a7c15
					}
					if tc.cluster { // the slots every Visit races for are the same few
						fp = uint64(i%4)<<56 | uint64(i+1)<<32
					}
					seen[w][i] = s.Visit(fp, st, Note{Chunk: uint32(w), Offset: uint32(i)})
				}
			}()
		}
		wg.Wait()
		distinct := states // in exact mode too: states that share a fingerprint stay apart
		news := 0
		for i := range states {
			var first Note
			found := false
			for w := range workers {
				if seen[w][i].New {
					if found {
						t.Fatalf("exact=%v: state %d new to two Visits", exact, i)
					}
					first, found = seen[w][i].Note, true
					news++
				}
			}
			if !found {
				t.Fatalf("exact=%v: state %d new to no Visit", exact, i)
			}
			for w := range workers {
				if got := seen[w][i]; got.Assigned || got.Note != first {
					t.Fatalf("exact=%v: state %d: worker %d saw %+v, the first Visit put %+v", exact, i, w, got, first)
				}
			}
		}
		if news != distinct || s.Len() != uint64(distinct) {
			t.Fatalf("exact=%v: %d new, %d stored; want %d", exact, news, s.Len(), distinct)
		}
		s.Close()
	}
}
