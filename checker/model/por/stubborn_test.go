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
		sets := setsOf(t, pr)
		found, r := sets.bruteForce(depth)
		if found != "" {
			t.Fatalf("protocol %d %s", i, found)
		}
		reduced += r
	}
	if reduced == 0 {
		t.Fatal("no configuration had a set smaller than its enabled moves: the test shows nothing")
	}
}

// The brute force is not blind: with either rule of the definition left out of the sets
// (a disabled move's enablers, an enabled move's dependents), it finds a set that is not
// stubborn on the first few random protocols.
func TestBruteForceFindsBrokenSets(t *testing.T) {
	for name, broken := range map[string]func(*Sets, int){
		"no enablers":   func(s *Sets, t int) { s.enablers[t] = nil },
		"no dependents": func(s *Sets, t int) { s.dependents[t] = nil },
	} {
		found := ""
		for i := 0; i < 30 && found == ""; i++ {
			pr := compiled(t, randproto.Generate(rand.New(rand.NewPCG(11, uint64(i)))))
			sets := setsOf(t, pr)
			for m := range sets.moves {
				broken(sets, m)
			}
			found, _ = sets.bruteForce(2)
		}
		if found == "" {
			t.Errorf("%s: the brute force found nothing wrong", name)
		}
	}
}

// setsOf is the stubborn sets of a compiled protocol.
func setsOf(t *testing.T, pr model.Protocol) *Sets {
	t.Helper()
	foot, ok := model.FootprintsOf(pr)
	if !ok {
		t.Fatal("a compiled protocol without footprints")
	}
	return newSets(pr, foot)
}

// bruteForce checks the sets at 60 configurations spread over the protocol's universe (none
// if it has more than 3,000), by sequences of up to depth moves: it returns where and how a
// set is not stubborn, or "", and at how many configurations the set was smaller than the
// enabled moves.
func (s *Sets) bruteForce(depth int) (found string, reduced int) {
	u, err := universe.New(s.pr.Schema())
	if err != nil || u.Size() > 3000 {
		return "", 0
	}
	st, every := s.pr.Schema().NewState(), max(1, u.Size()/60)
	for k := uint64(0); ; k++ {
		if k%every == 0 {
			on := s.enabledAt(st)
			set := s.smallest(on)
			if err := s.check(st, set, on, depth); err != "" {
				return "at " + s.pr.Schema().Format(st) + ": " + err, reduced
			}
			if n := countOn(set, on); n > 0 && n < countOn(allOf(on), on) {
				reduced++
			}
		}
		if !u.Next(st) {
			return "", reduced
		}
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

// fireIfEnabled is st after move t, or nil if t is not enabled there.
func (s *Sets) fireIfEnabled(st model.State, t int32) model.State {
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
				after := s.fireIfEnabled(st, t) // t first, then the path
				for _, u := range path {
					if after = s.fireIfEnabled(after, u); after == nil {
						break
					}
				}
				if after == nil || !after.Equal(s.fireIfEnabled(x, t)) {
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
			if y := s.fireIfEnabled(x, int32(u)); y != nil {
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
