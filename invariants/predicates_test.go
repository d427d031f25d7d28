package invariants_test

import (
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/invariants"
)

// odd is "process p holds an odd value".
func odd(s model.State, p int) bool { return s[p]%2 == 1 }

func TestCounting(t *testing.T) {
	for _, tc := range []struct {
		s                    model.State
		one, atLeastOne, all bool
	}{
		{model.State{0, 2, 4}, false, false, false},
		{model.State{0, 3, 4}, true, true, false},
		{model.State{1, 3, 4}, false, true, false},
		{model.State{1, 3, 5}, false, true, true},
	} {
		if invariants.ExactlyOne(3, odd)(tc.s) != tc.one || invariants.AtLeastOne(3, odd)(tc.s) != tc.atLeastOne ||
			invariants.Every(3, odd)(tc.s) != tc.all {
			t.Errorf("predicates wrong on %v", tc.s)
		}
	}
}
