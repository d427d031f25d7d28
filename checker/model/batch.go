package model

// Batched is implemented by models that can write every successor of a state at once, with
// no call per successor: the explorer's hot loops use it when they need no more of a step
// than its index, moves and ticks (no action invariant, no fairness units).
type Batched interface {
	// AppendSuccessors appends the successors of s, in Successors' order, to out, and
	// reports false, appending nothing, if it cannot for this model (then Successors must be
	// used).
	AppendSuccessors(s State, out *Batch) bool
}

// Batch holds successors: their configurations one after the other, schema width bytes
// each, and their steps.
type Batch struct {
	States []byte
	Steps  []BatchStep
}

// BatchStep is what a batch keeps of a step.
type BatchStep struct {
	Index uint32
	Moves uint16 // process actions, as Step.MoveCount
	Ticks uint16
}

// AppendSuccessors writes the central daemon's successors (one call of Enabled a process and
// of Fire a move, none per yield); the other daemons use Successors.
func (m *daemonModel) AppendSuccessors(s State, out *Batch) bool {
	if m.daemon != Central {
		return false
	}
	sc, done := m.buffers()
	defer done()
	w, idx := len(s), uint32(0)
	for p := 0; p < m.procs; p++ {
		sc.rules = m.proto.Enabled(s, p, sc.rules[:0])
		ticks := uint16(0)
		if p == m.clock {
			ticks = 1
		}
		for _, r := range sc.rules {
			sc.moves = append(sc.moves[:0], Move{p, r})
			at := len(out.States)
			out.States = append(out.States, s...)
			m.proto.Fire(s, sc.moves, out.States[at:at+w])
			out.Steps = append(out.Steps, BatchStep{Index: idx, Moves: 1, Ticks: ticks})
			idx++
		}
	}
	return true
}
