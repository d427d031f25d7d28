package por

import (
	"math/rand/v2"
	"testing"

	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/models"
)

// The sets Stubborn chooses are stubborn by the definition (doc.go), checked move sequence by
// move sequence on random protocol files, whose footprints the compiler derives: from every
// configuration of a small universe, every sequence of up to three moves outside the set
// leaves each move of the set enabled or disabled as it was, and each enabled one commutes
// with the sequence; the set holds an enabled move whenever one is. 30 protocols, 60
// configurations each (8 with -short and sequences of two moves, 400 in the long tier).
func TestStubbornByBruteForce(t *testing.T) {
	n, depth, reduced := 30, 3, 0
	switch {
	case testtier.Long():
		n = 400
	case testing.Short():
		n, depth = 8, 2
	}
	for i := range n {
		pr := compiled(t, randproto.Generate(rand.New(rand.NewPCG(11, uint64(i)))))
		sets, ok := New(pr)
		if !ok {
			t.Fatalf("protocol %d: no footprints", i)
		}
		u, err := universe.New(pr.Schema())
		if err != nil || u.Size() > 3000 {
			continue
		}
		st, every := pr.Schema().NewState(), max(1, u.Size()/60) // 60 configurations a protocol, spread
		for k := uint64(0); ; k++ {
			if k%every != 0 {
				if !u.Next(st) {
					break
				}
				continue
			}
			on := sets.enabledAt(st)
			set := sets.smallest(on)
			if err := sets.check(st, set, on, depth); err != "" {
				t.Fatalf("protocol %d at %s: %s", i, pr.Schema().Format(st), err)
			}
			if n := countOn(set, on); n > 0 && n < countOn(allOf(on), on) {
				reduced++
			}
			if !u.Next(st) {
				break
			}
		}
	}
	if reduced == 0 {
		t.Fatal("no configuration had a set smaller than its enabled moves: the test shows nothing")
	}
}

// compiled is the protocol file of p, compiled as mc check FILE.gcl compiles it.
func compiled(t *testing.T, p *randproto.Protocol) model.Protocol {
	t.Helper()
	path, err := p.WriteFiles(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	entry, err := models.FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := entry.Build(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return inst.Protocol
}

// enabledAt marks the moves enabled at st.
func (s *Sets) enabledAt(st model.State) []bool {
	on := make([]bool, len(s.moves))
	for p := range len(s.first) - 1 {
		for _, r := range s.pr.Enabled(st, p, nil) {
			on[s.first[p]+r] = true
		}
	}
	return on
}

// fire is st after move t, or nil if t is not enabled there.
func (s *Sets) fire(st model.State, t int32) model.State {
	m := s.moves[t]
	if !s.enabledAt(st)[t] {
		return nil
	}
	next := st.Clone()
	s.pr.Fire(st, []model.Move{m}, next)
	return next
}

// check says how set is not stubborn at st, by the sequences of up to depth moves outside it,
// or "".
func (s *Sets) check(st model.State, set []int32, on []bool, depth int) string {
	if len(set) == 0 {
		if countOn(allOf(on), on) > 0 {
			return "no set, and a move is enabled"
		}
		return ""
	}
	if countOn(set, on) == 0 {
		return "the set holds no enabled move"
	}
	in := make([]bool, len(s.moves))
	for _, t := range set {
		in[t] = true
	}
	var walk func(x model.State, path []int32) string
	walk = func(x model.State, path []int32) string {
		if len(path) > 0 {
			now := s.enabledAt(x)
			for _, t := range set {
				if now[t] != on[t] {
					return "a move outside the set changed whether a move of the set is enabled"
				}
				if !on[t] {
					continue
				}
				after := s.fire(st, t) // t first, then the path
				for _, u := range path {
					if after = s.fire(after, u); after == nil {
						break
					}
				}
				if after == nil || !after.Equal(s.fire(x, t)) {
					return "an enabled move of the set does not commute with moves outside it"
				}
			}
		}
		if len(path) == depth {
			return ""
		}
		for u := range s.moves {
			if in[u] {
				continue
			}
			if y := s.fire(x, int32(u)); y != nil {
				if err := walk(y, append(path, int32(u))); err != "" {
					return err
				}
			}
		}
		return ""
	}
	return walk(st, nil)
}

// allOf is every move.
func allOf(on []bool) []int32 {
	out := make([]int32, len(on))
	for t := range out {
		out[t] = int32(t)
	}
	return out
}

// countOn is how many moves of set are enabled.
func countOn(set []int32, on []bool) int {
	n := 0
	for _, t := range set {
		if on[t] {
			n++
		}
	}
	return n
}
