package compress

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"
)

// Every configuration put comes back whole from its root, for widths that fill the last leaf
// and widths that do not, and equal configurations share a root while different ones do
// not (the table is exact, not a fingerprint).
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, width := range []int{1, 7, 8, 9, 16, 25, 501, 1003} {
		tr := New(width)
		var states [][]byte
		roots := map[string]uint32{}
		for range 2000 {
			s := make([]byte, width)
			for i := range s {
				s[i] = byte(rng.IntN(3)) // few values: subtrees repeat
			}
			root, ok := tr.Put(s)
			if !ok {
				t.Fatal("full")
			}
			if r, seen := roots[string(s)]; seen && r != root {
				t.Fatalf("width %d: one configuration, roots %d and %d", width, r, root)
			}
			roots[string(s)] = root
			states = append(states, s)
		}
		if len(roots) > 1 {
			byRoot := map[uint32]string{}
			for s, r := range roots {
				if other, seen := byRoot[r]; seen && other != s {
					t.Fatalf("width %d: two configurations share root %d", width, r)
				}
				byRoot[r] = s
			}
		}
		dst := make([]byte, width)
		for _, s := range states {
			if got := tr.Get(roots[string(s)], dst); !bytes.Equal(got, s) {
				t.Fatalf("width %d: %v came back %v", width, s, got)
			}
		}
	}
}

// Workers putting the same configurations at once get the same roots, and every root decodes
// to its configuration in every goroutine (go test -race checks the synchronisation).
func TestConcurrentPuts(t *testing.T) {
	const width, n, workers = 120, 3000, 4
	rng := rand.New(rand.NewPCG(3, 4))
	states := make([][]byte, n)
	for i := range states {
		states[i] = make([]byte, width)
		for j := range states[i] {
			states[i][j] = byte(rng.IntN(4))
		}
	}
	tr := New(width)
	roots := make([][]uint32, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			roots[w] = make([]uint32, n)
			dst := make([]byte, width)
			for k := range n {
				i := (k*7 + w*13) % n // each worker its own order
				r, ok := tr.Put(states[i])
				if !ok {
					t.Error("full")
					return
				}
				roots[w][i] = r
				if !bytes.Equal(tr.Get(r, dst), states[i]) {
					t.Errorf("worker %d: configuration %d decodes wrong", w, i)
					return
				}
			}
		})
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		for i := range n {
			if roots[w][i] != roots[0][i] {
				t.Fatalf("configuration %d: root %d for worker 0, %d for worker %d", i, roots[0][i], roots[w][i], w)
			}
		}
	}
}
