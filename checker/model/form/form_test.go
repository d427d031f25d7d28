package form_test

import (
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
)

// And and Or flatten the conjunctions and disjunctions among their operands, and only those:
// a chain of ands is one All, whose truth is the conjunction's.
func TestAndOrFlatten(t *testing.T) {
	zero := form.Count{Procs: 2, Local: func(s model.State, p int) bool { return s[p] == 0 }, Min: 2, Max: 2}
	some := form.Count{Procs: 2, Local: func(s model.State, p int) bool { return s[p] == 0 }, Min: 1, Max: 2}
	and := form.And(form.All{zero, some}, form.Any{zero}, form.Not{Of: some})
	if len(and) != 4 {
		t.Fatalf("And: %d members, want 4 (the All's two, the Any, the Not)", len(and))
	}
	if _, ok := and[2].(form.Any); !ok {
		t.Errorf("And flattened an Any")
	}
	or := form.Or(form.Any{zero, some}, form.All{})
	if len(or) != 3 {
		t.Fatalf("Or: %d members, want 3", len(or))
	}
	for _, s := range []model.State{{0, 0}, {0, 1}, {1, 1}} {
		if and.Holds(s) { // both zero, and not one zero: never
			t.Errorf("%v: And holds", s)
		}
		if !or.Holds(s) { // the empty All is true
			t.Errorf("%v: Or does not hold", s)
		}
	}
	if len(form.And()) != 0 || !form.And().Holds(nil) || form.Or().Holds(nil) {
		t.Errorf("the empty And is true and the empty Or false")
	}
}
