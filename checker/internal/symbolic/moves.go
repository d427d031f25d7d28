package symbolic

import (
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
)

// worstMoves is the worst case in moves under a daemon that moves several processes a step:
// the least fixpoint of M_k = legit ∪ (moving ∩ ⋂_w AX_w M_{k-w}), where AX_w quantifies over
// the steps of w moves and M_j is empty for j < 0. M_k holds the configurations every
// execution of which reaches the legitimate set within k moves; the worst case is the first k
// with M_k every configuration (convergence holds, so there is one).
func (ru *run) worstMoves() (uint64, *model.Trace, error) {
	m := ru.e.m
	layers := []bdd.Node{ru.legit}
	for layers[len(layers)-1] != bdd.True {
		if err := ru.interrupted(); err != nil {
			return 0, nil, err
		}
		k := len(layers)
		next := ru.r.moving
		for w := 1; w < len(ru.r.byMoves) && next != bdd.False; w++ {
			t := ru.r.byMoves[w]
			if t == bdd.False {
				continue
			}
			reach := bdd.False // M_{k-w}
			if k-w >= 0 {
				reach = layers[k-w]
			}
			next = m.And(next, m.Not(ru.r.preBy(t, m.Not(reach))))
		}
		layers = append(layers, m.Or(ru.legit, next))
		ru.out.Iterations++
		ru.collect(layers...)
	}
	worst := uint64(len(layers) - 1)
	t, err := ru.heaviest(layers)
	if err != nil {
		return 0, nil, err
	}
	return worst, t, nil
}

// heaviest is an execution of as many moves as the last layer's index: from a configuration
// of value v (its first layer), a step of w moves to one of value v - w, down to 0.
func (ru *run) heaviest(layers []bdd.Node) (*model.Trace, error) {
	k := len(layers) - 1
	s := ru.e.pick(ru.lastLayer(layers))
	t := path([]model.State{s}, []int{})
	moves := 0
	for v := k; v > 0; {
		var next succ
		found := false
		for _, st := range ru.successors(s) {
			if st.moves <= v && ru.layerOf(layers, st.state) == v-st.moves {
				next, found = st, true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("worst case in moves: no step of the model from %s keeps to the layers", ru.in.Model.Schema().Format(s))
		}
		s, v, moves = next.state, v-next.moves, moves+next.moves
		t.States, t.Steps = append(t.States, s), append(t.Steps, next.index)
	}
	if moves != k {
		return nil, fmt.Errorf("worst case in moves: a witness of %d moves for %d", moves, k)
	}
	return t, nil
}
