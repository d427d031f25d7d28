package arvy

import "testing"

// Each bridge invariant holds on Algorithm 2's configuration and fails on one broken by hand:
// a second bridge, a bridge inside one semicircle, a black edge that leaves the ring.
func TestBridgeInvariantsFail(t *testing.T) {
	p, err := New(Config{N: 6, Requests: 1, NewParent: Bridge})
	if err != nil {
		t.Fatal(err)
	}
	start, err := p.Start(RingStart(6))
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range p.BridgeInvariants() {
		if !inv.Holds(start) {
			t.Errorf("Algorithm 2's configuration fails %s", inv.Name)
		}
	}
	for _, tc := range []struct {
		name  string
		edit  func(s []byte)
		fails func([]byte) bool
	}{
		{"two bridges", func(s []byte) { s[p.bridge[5]] = 1 }, func(s []byte) bool { return !p.OneBridge(s) }},
		// 3 → 2 is the bridge; 3 → 4 is inside B.
		{"a bridge inside B", func(s []byte) { s[p.parent[3]] = 4; s[p.parent[4]] = 5; s[p.parent[5]] = 5 },
			func(s []byte) bool { return !p.BridgeCrosses(s) }},
		{"an edge off the ring", func(s []byte) { s[p.parent[0]] = 2 }, func(s []byte) bool { return !p.RingInside(s) }},
		{"an edge across the semicircles", func(s []byte) { s[p.parent[5]] = 0; s[p.parent[4]] = 5 },
			func(s []byte) bool { return !p.RingInside(s) }},
	} {
		s := start.Clone()
		tc.edit(s)
		if !tc.fails(s) {
			t.Errorf("%s: the invariant holds", tc.name)
		}
	}
}
