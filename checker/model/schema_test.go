package model

import "testing"

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
	if s.countable() {
		t.Error("a universe of 2^65 counted")
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
