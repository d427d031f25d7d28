package markov

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker/internal/par"
)

// A hand-made MDP: 0 has choices {→1} and {→0, →2}; 1 has {→1}; 2 has {→0}. The end
// components are {1} (its self-loop) and {0, 2} (the second choice of 0 and 2's). Node 3 is
// not reached.
func TestMaximalEndComponents(t *testing.T) {
	m := &MDP{Nodes: 4, Choices: []uint64{0, 2, 3, 4, 4}, Outcomes: []uint64{0, 1, 3, 4, 5}, To: []uint32{1, 0, 2, 1, 0},
		Reached: par.NewBitmap(4)}
	for u := range uint64(3) {
		m.Reached.Set(u)
	}
	ec := MaximalEndComponents(context.Background(), m)
	if ec.Comp[1] < 0 || ec.Comp[0] < 0 || ec.Comp[0] != ec.Comp[2] || ec.Comp[0] == ec.Comp[1] || ec.Comp[3] != -1 {
		t.Fatalf("components %v", ec.Comp)
	}
	if ec.Stay.Has(0) || !ec.Stay.Has(1) || !ec.Stay.Has(2) || !ec.Stay.Has(3) {
		t.Fatal("the choices that stay")
	}
	nodes, outs := ec.LoopIn(m, 2)
	if len(nodes) != 2 || nodes[0] != 0 || nodes[1] != 2 || outs[0] != 4 || outs[1] != 2 {
		t.Fatalf("loop %v %v", nodes, outs)
	}
}
