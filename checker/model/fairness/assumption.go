package fairness

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
)

// Assumption is a temporal property's fairness (its model.Fair clauses) resolved on a model:
// its units, which of them are strongly fair, and which units a move serves. A unit is
// enabled in a configuration when some step from it serves the unit; under every daemon of
// model.Daemonize that is when one of its rules is enabled, since each enabled action moves
// in some step. It is read by one goroutine at a time.
type Assumption struct {
	names  []string
	strong uint64
	unit   []int      // process p's unit, or -1
	rules  [][]uint64 // rules[p][r]: the rule units a move of action r of p serves
}

// Resolve builds the assumption of clauses on m, a model of processes. Per-rule clauses need
// the protocol's actions listed (model.Listed, which a protocol file is).
func Resolve(m model.Model, clauses []model.Fair) (*Assumption, error) {
	a := &Assumption{}
	if len(clauses) == 0 {
		return a, nil
	}
	procs, ok := model.ProcessesOf(m)
	if !ok {
		return nil, fmt.Errorf("fairness needs a model made of processes")
	}
	n := procs.Procs()
	a.unit = make([]int, n)
	for p := range a.unit {
		a.unit[p] = -1
	}
	perProcess := false
	for _, c := range clauses {
		var err error
		switch {
		case c.PerRule || c.Rule != "":
			err = a.addRules(m, procs, c)
		case perProcess:
			err = fmt.Errorf("two clauses of fairness per process: give one, weak or strong")
		default:
			perProcess = true
			for p := range n {
				if err = a.add(m.Schema().ProcName(p), c.Strong); err != nil {
					break
				}
				a.unit[p] = len(a.names) - 1
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return a, nil
}

// add appends a unit.
func (a *Assumption) add(name string, strong bool) error {
	if len(a.names) == model.MaxFairProcs {
		return fmt.Errorf("fairness tracks at most %d units, and this assumption has more", model.MaxFairProcs)
	}
	if strong {
		a.strong |= 1 << len(a.names)
	}
	a.names = append(a.names, name)
	return nil
}

// addRules adds one unit per process and rule (c.Rule's, or every rule's) that it has.
func (a *Assumption) addRules(m model.Model, procs model.Processes, c model.Fair) error {
	pr, _, ok := model.ProtocolOf(m)
	var fp model.Listed
	if ok {
		fp, ok = model.ListedOf(pr)
	}
	if !ok {
		return fmt.Errorf("fairness per rule needs a protocol under a daemon that lists its rules (model.Listed), as a protocol file does")
	}
	n := procs.Procs()
	if a.rules == nil {
		a.rules = make([][]uint64, n)
		for p := range n {
			a.rules[p] = make([]uint64, fp.Rules(p))
		}
	}
	found := false
	for p := range n {
		units := map[string]int{}
		for r := range fp.Rules(p) {
			base := RuleBase(procs.RuleName(p, r))
			if c.Rule != "" && base != c.Rule {
				continue
			}
			found = true
			u, seen := units[base]
			if !seen {
				if err := a.add(base+" at "+m.Schema().ProcName(p), c.Strong); err != nil {
					return err
				}
				u = len(a.names) - 1
				units[base] = u
			}
			a.rules[p][r] |= 1 << u
		}
	}
	if !found {
		return fmt.Errorf("fairness to rule %s: no process has a rule of that name", c.Rule)
	}
	return nil
}

// RuleBase is the rule of an action's name: accept(p3) is an action of rule accept.
func RuleBase(action string) string {
	if i := strings.IndexByte(action, '('); i >= 0 {
		return action[:i]
	}
	return action
}

// Units names the units, in order; none for an unfair assumption.
func (a *Assumption) Units() []string { return a.names }

// Strong has the bits of the strongly fair units.
func (a *Assumption) Strong() uint64 { return a.strong }

// Served has the bits of the units step st serves.
func (a *Assumption) Served(st model.Step) uint64 {
	if st.Fault || len(a.names) == 0 {
		return 0
	}
	var mask uint64
	for _, mv := range st.Moves {
		if mv.Proc < 0 || mv.Proc >= len(a.unit) {
			continue
		}
		if u := a.unit[mv.Proc]; u >= 0 {
			mask |= 1 << u
		}
		if a.rules != nil && mv.Rule >= 0 && mv.Rule < len(a.rules[mv.Proc]) {
			mask |= a.rules[mv.Proc][mv.Rule]
		}
	}
	return mask
}

// Steps is what the units see of s: the units some step serves (the enabled ones), and the
// units each step serves, by Step.Index, in served (reused).
func (a *Assumption) Steps(m model.Model, s model.State, served []uint64) (uint64, []uint64) {
	served = served[:0]
	var enabled uint64
	m.Successors(s, func(st model.Step, _ model.State) bool {
		for len(served) <= st.Index {
			served = append(served, 0)
		}
		u := a.Served(st)
		served[st.Index] = u
		enabled |= u
		return true
	})
	return enabled, served
}

// Names lists the units of mask by name.
func (a *Assumption) Names(mask uint64) []string { return maskNames(a.names, mask) }
