package model

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

// A pointer's targets must name a process or nobody, one a value.
func TestPointerTargets(t *testing.T) {
	for _, c := range []struct {
		targets []int
		ok      bool
	}{{[]int{-1, 0, 1}, true}, {[]int{0, 1}, false}, {[]int{0, 1, 2}, false}, {[]int{-2, 0, 1}, false}} {
		b := NewBuilder(2)
		b.Pointer("p0", 0, Range(3), c.targets)
		if _, err := b.Schema(); (err == nil) != c.ok {
			t.Errorf("targets %v: error %v", c.targets, err)
		}
	}
}
