package checker

import (
	"slices"
	"testing"
)

// TestEveryCheckHasOneFamily: the explicit engines decide every check, each by exactly one
// family, and the symbolic engine's family decides checks that exist.
func TestEveryCheckHasOneFamily(t *testing.T) {
	for _, c := range AllChecks {
		n := 0
		for _, f := range (&checking{}).families() {
			if slices.Contains(f.checks(), c) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d explicit families decide it, want 1", c, n)
		}
	}
	for _, c := range (symbolicEngine{}).checks() {
		if !slices.Contains(AllChecks, c) {
			t.Errorf("the symbolic engine's family decides %q, which is no check", c)
		}
	}
}
