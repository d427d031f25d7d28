package model

// Weak fairness is stated over units: a unit that is enabled in every state from some point
// on is eventually served. By default the units are the processes (a process is served when it
// moves). A message-passing protocol may name other units (FairUnits): the delivery of each
// message and of a token, while its requests come from an environment that fairness never
// forces, which is how the papers state liveness "under message fairness".

// FairUnits is implemented by protocols whose weak fairness is not per process. Units names
// the units (at most MaxFairProcs); RuleUnit is the unit that rule r of process p serves, or -1
// for a rule of the environment that no fairness assumption forces. A daemon's model reads
// them to serve weak fairness (fairness.Of).
type FairUnits interface {
	Units() []string
	RuleUnit(p, r int) int
}

// Units of a daemon's model: its protocol's, or nil (the processes).
func (m *daemonModel) Units() []string {
	if m.units != nil {
		return m.units.Units()
	}
	return nil
}

// EnabledUnits has the bit of every unit one of whose rules is enabled in s.
func (m *daemonModel) EnabledUnits(s State) uint64 {
	u := m.units
	if u == nil {
		return m.EnabledMask(s)
	}
	sc, done := m.buffers()
	defer done()
	var mask uint64
	for p := range m.procs {
		sc.rules = m.proto.Enabled(s, p, sc.rules[:0])
		for _, r := range sc.rules {
			if i := u.RuleUnit(p, r); i >= 0 && i < MaxFairProcs {
				mask |= 1 << i
			}
		}
	}
	return mask
}

// Served has the bit of every unit a move of the step serves.
func (m *daemonModel) Served(st Step) uint64 {
	u := m.units
	if u == nil {
		return st.Movers()
	}
	var mask uint64
	for _, mv := range st.Moves {
		if i := u.RuleUnit(mv.Proc, mv.Rule); i >= 0 && i < MaxFairProcs {
			mask |= 1 << i
		}
	}
	return mask
}
