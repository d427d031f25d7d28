package model

// Local is a fact about one process: it reads only the variables of p and of its neighbours
// (Protocol.Neighbors), as a guard does. That is what lets the symbolic engine tabulate it
// over p's view instead of evaluating it on every configuration.
type Local func(s State, p int) bool

// Form is a predicate with a structure the symbolic engine can build: a census of a local
// fact (Count), or a Boolean combination of forms (Not, All, Any). Every Form is also an
// ordinary predicate (Holds), which the explicit engine evaluates: an entry that states its
// legitimate set as a Form gives both engines one definition.
type Form interface {
	Holds(s State) bool
	isForm()
}

// Count holds when the number of processes p in 0..Procs-1 with Local(s, p) is within
// Min..Max: "exactly one machine is privileged" is Count{n, privileged, 1, 1}, "no process is
// enabled" Count{n, enabled, 0, 0}, "every node is coloured properly" Count{n, proper, n, n}.
type Count struct {
	Procs    int
	Local    Local
	Min, Max int
}

// Not holds when Of does not.
type Not struct{ Of Form }

// All holds when every form of it holds (the empty All is true).
type All []Form

// Any holds when some form of it holds (the empty Any is false).
type Any []Form

func (c Count) Holds(s State) bool {
	k := 0
	for p := range c.Procs {
		if c.Local(s, p) {
			k++
			if k > c.Max {
				return false
			}
		}
	}
	return k >= c.Min
}

func (n Not) Holds(s State) bool { return !n.Of.Holds(s) }

func (a All) Holds(s State) bool {
	for _, f := range a {
		if !f.Holds(s) {
			return false
		}
	}
	return true
}

func (a Any) Holds(s State) bool {
	for _, f := range a {
		if f.Holds(s) {
			return true
		}
	}
	return false
}

func (Count) isForm() {}
func (Not) isForm()   {}
func (All) isForm()   {}
func (Any) isForm()   {}

// Daemonized is implemented by a protocol's model under a daemon (Daemonize): the symbolic
// engine builds its transition relation from the protocol's rules over each process's view.
type Daemonized interface {
	Protocol() Protocol
	Daemon() Daemon
}
