package model

// Weak fairness is stated over units: a unit that is enabled in every state from some point
// on is eventually served. By default the units are the processes (a process is served when it
// moves). A message-passing protocol may name other units (FairUnits): the delivery of each
// message and of a token, while its requests come from an environment that fairness never
// forces, which is how the papers state liveness "under message fairness".

// FairUnits is implemented by protocols whose weak fairness is not per process. Units names
// the units (at most MaxFairProcs); RuleUnit is the unit that rule r of process p serves, or -1
// for a rule of the environment that no fairness assumption forces. A daemon's model reads
// them to serve Fairness.
type FairUnits interface {
	Units() []string
	RuleUnit(p, r int) int
}

// Fairness is what weak fairness reads from a model: how many units there are and their
// names, which units are enabled in a state, and which units a step serves. Use FairnessOf,
// which gives the processes as units to a model that names no others.
type Fairness interface {
	Units() []string
	// EnabledUnits has bit u set iff unit u is enabled in s.
	EnabledUnits(s State) uint64
	// Served has bit u set iff the step serves unit u; st.Moves must be set.
	Served(st Step) uint64
}

// NamedUnits is the fairness of a model that names units of its own, or nil for one whose
// units are its processes: Served(nil, st) is then st.Movers(), which keeps an interface call
// off the explorer's hot path.
func NamedUnits(m Model) Fairness {
	if f, ok := m.(Fairness); ok && f.Units() != nil {
		return f
	}
	return nil
}

// FairnessOf is m's fairness: the units its protocol names, or its processes; ok is false for
// a model without processes.
func FairnessOf(m Model) (f Fairness, ok bool) {
	if f := NamedUnits(m); f != nil {
		return f, true
	}
	p, ok := m.(Processes)
	if !ok {
		return nil, false
	}
	return processUnits{p}, true
}

// Served is the fairness units that step st serves under f: its movers when f is nil (see
// NamedUnits).
func Served(f Fairness, st Step) uint64 {
	if f == nil {
		return st.Movers()
	}
	return f.Served(st)
}

// processUnits is weak fairness per process.
type processUnits struct{ p Processes }

func (u processUnits) Units() []string {
	names := make([]string, u.p.Procs())
	sch := &Schema{} // unnamed: P0, P1, …
	if m, ok := u.p.(Model); ok {
		sch = m.Schema()
	}
	for i := range names {
		names[i] = sch.ProcName(i)
	}
	return names
}

func (u processUnits) EnabledUnits(s State) uint64 { return u.p.EnabledMask(s) }
func (u processUnits) Served(st Step) uint64       { return st.Movers() }

// UnitNames lists the units of mask by name.
func UnitNames(f Fairness, mask uint64) []string {
	var out []string
	for i, name := range f.Units() {
		if i < MaxFairProcs && mask&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return out
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
