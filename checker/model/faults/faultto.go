package faults

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// FaultTo finds the fault step from s to t (model.FaultFinder), without numbering the faults
// of a process, which may be more than an int holds: t is s with one fault spent, the start
// kept, and the fault variables of one process rewritten, each to one of its candidates or
// kept, at least one changed (with OneVariable, one variable or record), where a fault may
// hit (a process can move, or the run has reached its end: see With).
func (f *faulty) FaultTo(s, t model.State) (model.Step, error) {
	width, w := f.schema.Width(), f.base.Schema().Width()
	if len(s) != width || len(t) != width {
		return model.Step{}, fmt.Errorf("a configuration of %d variables, the model's have %d", min(len(s), len(t)), width)
	}
	left := s[width-1]
	switch {
	case left == 0:
		return model.Step{}, errors.New("a fault, and no fault is left")
	case t[width-1] != left-1:
		return model.Step{}, fmt.Errorf("a fault spends one: the faults left go from %d to %d", left, t[width-1])
	case !bytes.Equal(s[w:width-1], t[w:width-1]):
		return model.Step{}, errors.New("a fault changed the configuration the run started from")
	case !f.ended(s) && !f.canMove(s[:w]):
		return model.Step{}, errors.New("a fault where no process can move, outside the end: the run has failed there already")
	}
	p, err := f.faultedProcess(s[:w], t[:w])
	if err != nil {
		return model.Step{}, err
	}
	return model.Step{Index: model.FaultStep, Choice: model.FaultStep, Moves: []model.Move{{Proc: p, Rule: Rule}}, Fault: true}, nil
}

// faultedProcess is the process whose fault turns s into t, base configurations.
func (f *faulty) faultedProcess(s, t model.State) (int, error) {
	vars := f.base.Schema().Vars
	p := -1
	for v := range s {
		if s[v] == t[v] {
			continue
		}
		switch owner := int(vars[v].Owner); {
		case vars[v].Owner == model.Global:
			return 0, fmt.Errorf("a fault changed %s, which no process owns", vars[v].Name)
		case p >= 0 && owner != p:
			return 0, fmt.Errorf("a fault changed variables of processes %d and %d", p, owner)
		default:
			p = owner
		}
	}
	if p < 0 {
		return 0, errors.New("a fault that changed nothing")
	}
	writable := make([]bool, len(s)) // the variables p's faults write
	changed := 0
	for _, d := range f.digits[p] {
		for _, v := range d.vars {
			writable[v] = true
		}
		if d.kept(s, t) {
			continue
		}
		if !d.holds(t) {
			return 0, fmt.Errorf("a fault wrote %s of process %d a value faults do not write", vars[d.vars[0]].Name, p)
		}
		changed++
	}
	for v := range s {
		if s[v] != t[v] && !writable[v] {
			return 0, fmt.Errorf("a fault changed %s, which faults do not write", vars[v].Name)
		}
	}
	if f.spec.OneVariable && changed > 1 {
		return 0, fmt.Errorf("a fault changed %d variables of process %d, and a fault rewrites one", changed, p)
	}
	return p, nil
}

// kept reports whether t holds the digit's variables as s does.
func (d faultDigit) kept(s, t model.State) bool {
	for _, v := range d.vars {
		if s[v] != t[v] {
			return false
		}
	}
	return true
}

// canMove reports whether a process can move from the base configuration s.
func (f *faulty) canMove(s model.State) bool {
	moved := false
	f.base.Successors(s, func(model.Step, model.State) bool {
		moved = true
		return false
	})
	return moved
}
