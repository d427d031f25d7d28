package checker

import (
	"math/rand/v2"
	"testing"
)

// Rank and Unrank are inverse; Next walks ranks in order; RankFrom agrees with Rank whatever
// bytes differ, also past the first eight variables.
func TestUniverse(t *testing.T) {
	vars := []Var{}
	for i, k := range []int{3, 5, 2, 7, 4, 3, 6, 2, 5, 3, 4} {
		vars = append(vars, Var{Name: string(rune('a' + i)), Owner: Global, Domain: Range(k)})
	}
	s, err := NewSchema(0, vars...)
	if err != nil {
		t.Fatal(err)
	}
	u, err := NewUniverse(s)
	if err != nil {
		t.Fatal(err)
	}
	if u.Size() != 3*5*2*7*4*3*6*2*5*3*4 || u.Formula() != "3·5·2·7·4·3·6·2·5·3·4" {
		t.Fatalf("size %d formula %s", u.Size(), u.Formula())
	}
	st, back := s.NewState(), s.NewState()
	for r := uint64(0); r < 5000; r++ {
		u.Unrank(r, back)
		if string(back) != string(st) || u.Rank(st) != r {
			t.Fatalf("rank %d: %v vs %v", r, st, back)
		}
		u.Next(st)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	a, b := s.NewState(), s.NewState()
	for range 10000 {
		u.Unrank(rng.Uint64N(u.Size()), a)
		u.Unrank(rng.Uint64N(u.Size()), b)
		if got, ok := u.RankFrom(a, u.Rank(a), b); !ok || got != u.Rank(b) {
			t.Fatalf("RankFrom %v → %v = %d, want %d", a, b, got, u.Rank(b))
		}
	}
}

func TestSchemaRejects(t *testing.T) {
	for name, vars := range map[string][]Var{
		"empty domain": {{Name: "x", Owner: 0, Domain: Range(0)}},
		"too large":    {{Name: "x", Owner: 0, Domain: Range(257)}},
		"bad owner":    {{Name: "x", Owner: 5, Domain: Range(2)}},
		"twice":        {{Name: "x", Owner: 0, Domain: Range(2)}, {Name: "x", Owner: 0, Domain: Range(2)}},
		"names":        {{Name: "x", Owner: 0, Domain: Domain{Size: 3, Names: []string{"a"}}}},
	} {
		if _, err := NewSchema(1, vars...); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	big := make([]Var, 65)
	for i := range big {
		big[i] = Var{Name: string(rune(0x100 + i)), Owner: Global, Domain: Range(2)}
	}
	s, _ := NewSchema(0, big...)
	if _, err := NewUniverse(s); err == nil {
		t.Error("a universe of 2^65 accepted")
	}
}

// A pending state keeps the note of its first visit until it is numbered; then every visit
// and numbering returns its id. Two states with one fingerprint are one state to the hashed
// store and two to the exact one.
func TestStoreNotes(t *testing.T) {
	for _, exact := range []bool{false, true} {
		st := newMemStore(exact, 2)
		for i := range 10000 {
			fp := uint64(i) * 0x9e3779b97f4a7c15
			s := State{byte(i), byte(i >> 8)}
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
			twin := State{byte(i), byte(i>>8) + 100} // same fingerprint, another state
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
