package invariants_test

import (
	"testing"

	"github.com/mc-checker/mc/invariants"
)

type e = invariants.Edge

func TestDirectionlessTree(t *testing.T) {
	for _, tc := range []struct {
		n     int
		edges []e
		tree  bool
	}{
		{1, nil, true},
		{3, []e{{0, 1}, {2, 1}}, true},          // directions do not matter
		{3, []e{{0, 1}, {1, 0}}, false},         // two opposite edges are a cycle
		{3, []e{{0, 1}, {1, 2}, {2, 0}}, false}, // too many
		{4, []e{{0, 1}, {2, 3}, {1, 1}}, false}, // a self-loop, and disconnected
		{4, []e{{0, 1}, {1, 2}}, false},         // too few
	} {
		if got := invariants.DirectionlessTree(tc.n, tc.edges); got != tc.tree {
			t.Errorf("%d nodes %v: tree = %v", tc.n, tc.edges, got)
		}
		after := invariants.NewTreeAfter(tc.n, nil)
		for _, x := range tc.edges {
			after = after.With(x)
		}
		if after.Tree() != tc.tree {
			t.Errorf("%d nodes %v: incrementally, tree = %v", tc.n, tc.edges, after.Tree())
		}
	}
}

// The two sides of an edge of the directionless tree 0→1←2, 1→3: deleting 1→3 leaves
// {0,1,2} on its source side and {3} on its destination side.
func TestComponents(t *testing.T) {
	edges := []e{{0, 1}, {2, 1}, {1, 3}}
	for i, want := range []uint64{0b0001, 0b0100, 0b0111} {
		if src := invariants.SourceComponent(4, edges, i); src != want {
			t.Errorf("src of %v = %04b, want %04b", edges[i], src, want)
		}
		if dst := invariants.DestinationComponent(4, edges, i); dst != 0b1111&^want {
			t.Errorf("dst of %v = %04b", edges[i], dst)
		}
	}
}
