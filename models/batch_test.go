package models_test

import (
	"bytes"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
)

// A protocol's batch of successors under the central daemon (model.Behaviour.Batch, which the
// dense store uses) is exactly what Successors yields: the same configurations, step indices,
// moves, ticks and moving processes, in the same order, on the first 3,000 states a BFS meets in every model of
// the catalogue. The other daemons decline the batch, and so does every daemon for a
// randomized protocol.
func TestBatchIsSuccessors(t *testing.T) {
	small := map[string][]string{"dijkstra": {"n=4", "K=3"}, "arrow": {"n=4", "F=2"}, "ssarrow": {"n=2"}}
	for _, e := range models.All() {
		params, err := e.Values(small[e.Name])
		if err != nil {
			t.Fatal(err)
		}
		trees, err := models.Trees("path", params["n"])
		if err != nil {
			t.Fatal(err)
		}
		inst, err := e.Build(params, trees[0])
		if err != nil {
			t.Fatal(err)
		}
		m, err := model.Daemonize(inst.Protocol, model.Central, model.From(inst.Init))
		if err != nil {
			t.Fatal(err)
		}
		if _, random := inst.Protocol.(model.Randomized); random {
			// A randomized protocol's steps carry probabilities, which a batch does not keep.
			var b model.Batch
			if model.BehaviourOf(m).Batch(inst.Protocol.Schema().NewState(), &b) {
				t.Errorf("%s: the central daemon wrote a batch for a randomized protocol", e.Name)
			}
			continue
		}
		sameSuccessors(t, e.Name, m)
		if !e.Asynchronous {
			d, _ := model.Daemonize(inst.Protocol, model.Distributed, model.From(inst.Init))
			var b model.Batch
			if model.BehaviourOf(d).Batch(inst.Protocol.Schema().NewState(), &b) || len(b.States) > 0 {
				t.Errorf("%s: the distributed daemon wrote a batch", e.Name)
			}
		}
	}
}

func sameSuccessors(t *testing.T, name string, m model.Model) {
	t.Helper()
	seen := map[string]bool{}
	var queue []model.State
	m.Init(func(s model.State) bool {
		if !seen[string(s)] {
			seen[string(s)] = true
			queue = append(queue, s.Clone())
		}
		return len(queue) < 3000
	})
	var b model.Batch
	for i := 0; i < len(queue) && i < 3000; i++ {
		s := queue[i]
		b.States, b.Steps = b.States[:0], b.Steps[:0]
		if !model.BehaviourOf(m).Batch(s, &b) {
			t.Fatalf("%s: the central daemon declined the batch", name)
		}
		k, w := 0, len(s)
		m.Successors(s, func(st model.Step, next model.State) bool {
			want := model.BatchStep{Index: uint32(st.Index), Moves: uint16(st.MoveCount()), Ticks: uint8(st.Ticks), Proc: uint8(st.Moves[0].Proc)}
			switch {
			case k >= len(b.Steps):
				t.Fatalf("%s: from %v the batch has %d successors, Successors more", name, s, len(b.Steps))
			case b.Steps[k] != want || !bytes.Equal(b.States[k*w:(k+1)*w], next):
				t.Fatalf("%s: from %v successor %d is %v %+v in the batch, %v %+v in Successors", name, s, k, b.States[k*w:(k+1)*w], b.Steps[k], next, want)
			}
			if !seen[string(next)] {
				seen[string(next)] = true
				queue = append(queue, next.Clone())
			}
			k++
			return true
		})
		if k != len(b.Steps) {
			t.Fatalf("%s: from %v the batch has %d successors, Successors %d", name, s, len(b.Steps), k)
		}
	}
}
