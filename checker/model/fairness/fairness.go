package fairness

import "github.com/mc-checker/mc/checker/model"

// Units is what weak fairness reads from a model: how many units there are and their
// names, which units are enabled in a state, and which units a step serves. Use Of,
// which gives the processes as units to a model that names no others.
type Units interface {
	Units() []string
	// EnabledUnits has bit u set iff unit u is enabled in s.
	EnabledUnits(s model.State) uint64
	// Served has bit u set iff the step serves unit u; st.Moves must be set.
	Served(st model.Step) uint64
}

// Named is the fairness of a model that names units of its own, or nil for one whose
// units are its processes: Served(nil, st) is then st.Movers(), which keeps an interface call
// off the explorer's hot path.
func Named(m model.Model) Units {
	if f, ok := m.(Units); ok && f.Units() != nil {
		return f
	}
	return nil
}

// Of is m's fairness: the units its protocol names, or its processes; ok is false for
// a model without processes.
func Of(m model.Model) (f Units, ok bool) {
	if f := Named(m); f != nil {
		return f, true
	}
	p, ok := m.(model.Processes)
	if !ok {
		return nil, false
	}
	return processUnits{p}, true
}

// Served is the fairness units that step st serves under f: its movers when f is nil (see
// Named).
func Served(f Units, st model.Step) uint64 {
	if f == nil {
		return st.Movers()
	}
	return f.Served(st)
}

// processUnits is weak fairness per process.
type processUnits struct{ p model.Processes }

func (u processUnits) Units() []string {
	names := make([]string, u.p.Procs())
	sch := &model.Schema{} // unnamed: P0, P1, …
	if m, ok := u.p.(model.Model); ok {
		sch = m.Schema()
	}
	for i := range names {
		names[i] = sch.ProcName(i)
	}
	return names
}

func (u processUnits) EnabledUnits(s model.State) uint64 { return u.p.EnabledMask(s) }
func (u processUnits) Served(st model.Step) uint64       { return st.Movers() }

// Names lists the units of mask by name.
func Names(f Units, mask uint64) []string { return maskNames(f.Units(), mask) }

// maskNames lists the names whose bits mask has.
func maskNames(names []string, mask uint64) []string {
	var out []string
	for i, name := range names {
		if i < model.MaxFairProcs && mask&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return out
}
