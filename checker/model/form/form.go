package form

import "github.com/mc-checker/mc/checker/model"

// Local is a fact about one process: it reads only the variables of p and of its neighbours
// (model.Protocol.Neighbors), as a guard does. That is what lets the symbolic engine tabulate
// it over p's view instead of evaluating it on every configuration.
type Local func(s model.State, p int) bool

// Count holds when the number of processes p in 0..Procs-1 with Local(s, p) is within
// Min..Max: "exactly one machine is privileged" is Count{n, privileged, 1, 1}, "no process is
// enabled" Count{n, enabled, 0, 0}, "every node is coloured properly" Count{n, proper, n, n}.
type Count struct {
	Procs    int
	Local    Local
	Min, Max int
}

// Not holds when Of does not.
type Not struct{ Of model.Form }

// All holds when every form of it holds (the empty All is true).
type All []model.Form

// Any holds when some form of it holds (the empty Any is false).
type Any []model.Form

func (c Count) Holds(s model.State) bool {
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

func (n Not) Holds(s model.State) bool { return !n.Of.Holds(s) }

func (a All) Holds(s model.State) bool {
	for _, f := range a {
		if !f.Holds(s) {
			return false
		}
	}
	return true
}

func (a Any) Holds(s model.State) bool {
	for _, f := range a {
		if f.Holds(s) {
			return true
		}
	}
	return false
}

// And is the conjunction of fs, with the members of an All among them in its place, so that
// a chain of conjunctions is one All rather than a tree of them.
func And(fs ...model.Form) All {
	out := All{}
	for _, f := range fs {
		if a, ok := f.(All); ok {
			out = append(out, a...)
		} else {
			out = append(out, f)
		}
	}
	return out
}

// Or is the disjunction of fs, with the members of an Any among them in its place.
func Or(fs ...model.Form) Any {
	out := Any{}
	for _, f := range fs {
		if a, ok := f.(Any); ok {
			out = append(out, a...)
		} else {
			out = append(out, f)
		}
	}
	return out
}
