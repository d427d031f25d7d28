package model

// Batch holds successors (Behaviour.Batch): their configurations one after the other, schema
// width bytes each, and their steps.
type Batch struct {
	States []byte
	Steps  []BatchStep
}

// BatchStep is what a batch keeps of a step, a move of one process (the central daemon's), in
// 8 bytes: 16 made the dense store's hot loop a quarter slower (Dijkstra n=8).
type BatchStep struct {
	Index uint32
	Moves uint16 // process actions, as Step.MoveCount
	Ticks uint8
	Proc  uint8 // the moving process, or 255 from the 255th on
}

// Movers is the step's moving processes, as Step.Movers.
func (st BatchStep) Movers() uint64 {
	if st.Proc < MaxFairProcs {
		return 1 << st.Proc
	}
	return 0
}

// batchProc is p as a BatchStep holds it.
func batchProc(p int) uint8 { return uint8(min(p, 255)) }

// Central appends to the batch a copy of s as the next successor, a move of process p, and
// returns the copy for the move to write (CentralBatch).
func (b *Batch) Central(s State, p int) State {
	at := len(b.States)
	b.States = append(b.States, s...)
	b.Steps = append(b.Steps, BatchStep{Index: uint32(len(b.Steps)), Moves: 1, Proc: batchProc(p)})
	return State(b.States[at : at+len(s)])
}

// CentralBatch is implemented by protocols that write their successors under the central
// daemon themselves, in its order (process by process, rule by rule), each a move of one
// process and no tick: the daemon's batch then makes no call per process and per move. The
// protocol must be untimed (not Clocked). TestBatchIsSuccessors holds each to its Enabled and
// Fire.
type CentralBatch interface {
	// AppendCentral appends the successors of s to out, each with Batch.Central.
	AppendCentral(s State, out *Batch)
}

// AppendSuccessors writes the central daemon's successors (one call of Enabled a process and
// of Fire a move, none per yield); the other daemons use Successors.
func (m *daemonModel) AppendSuccessors(s State, out *Batch) bool {
	if m.daemon != Central || m.random != nil {
		return false
	}
	if c, ok := m.proto.(CentralBatch); ok && m.clock < 0 {
		c.AppendCentral(s, out)
		return true
	}
	sc, done := m.buffers()
	defer done()
	w, idx := len(s), uint32(0)
	for p := 0; p < m.procs; p++ {
		sc.rules = m.proto.Enabled(s, p, sc.rules[:0])
		ticks := uint8(0)
		if p == m.clock {
			ticks = 1
		}
		for _, r := range sc.rules {
			sc.moves = append(sc.moves[:0], Move{Proc: p, Rule: r})
			at := len(out.States)
			out.States = append(out.States, s...)
			m.proto.Fire(s, sc.moves, out.States[at:at+w])
			out.Steps = append(out.Steps, BatchStep{Index: idx, Moves: 1, Ticks: ticks, Proc: batchProc(p)})
			idx++
		}
	}
	return true
}
