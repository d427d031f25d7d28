package faults

import (
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// Record is a variable of a process that spans several schema variables, such as LE(k)'s query
// (home, candidate, vote count, flag): its values are the tuples Values lists, len(Vars) bytes
// each, and not every combination of its bytes. A fault rewrites a record as one variable, to
// one of Values, so that it never writes a combination the protocol cannot hold (a ⊥ query
// with a vote count).
type Record struct {
	Name   string   // how faults name it: the record's base name, then its process (qI3)
	Vars   []int    // schema variables, all owned by one process
	Values [][]byte // its values, in a fixed order
}

// Recorded is implemented by protocols, and the models over them, whose processes own
// records: Records lists process p's.
type Recorded interface {
	Records(p int) []Record
}

// recordsOf lists process p's records if m has any, or the protocol m runs under a daemon
// (model.ProtocolOf: under WithLint, the lint, which has none).
func recordsOf(m model.Model) func(p int) []Record {
	if r, ok := m.(Recorded); ok {
		return r.Records
	}
	if p, _, ok := model.ProtocolOf(m); ok {
		if r, ok := p.(Recorded); ok {
			return r.Records
		}
	}
	return func(int) []Record { return nil }
}

// faultDigit is one variable a fault may rewrite: a schema variable (one byte) or a record.
type faultDigit struct {
	vars   []int
	values [][]byte
	// every: the values are the variable's whole domain, so a configuration always holds one
	// (the process scope then offers no "keep"); a record's values are checked state by state
	every bool
}

// faultDigits lists, for every process, the variables faults rewrite: its records chosen by
// name, and its other variables chosen by name with their candidate values. A variable of a
// record is rewritten only with its record, and naming it alone is an error.
func (f *faulty) faultDigits(records func(p int) []Record) (matched map[string]bool, err error) {
	base := f.base.Schema()
	matched = map[string]bool{}
	inRecord := map[int]string{}
	f.digits = make([][]faultDigit, base.Procs())
	for p := range base.Procs() {
		for _, r := range records(p) {
			if err := validRecord(base, p, r); err != nil {
				return nil, err
			}
			for _, v := range r.Vars {
				inRecord[v] = r.Name
			}
			if name, ok := f.chosen(r.Name); ok {
				matched[name] = true
				f.digits[p] = append(f.digits[p], faultDigit{vars: r.Vars, values: r.Values})
			}
		}
	}
	for i, v := range base.Vars {
		name, ok := f.chosen(v.Name)
		if v.Owner == model.Global || !ok {
			continue
		}
		if rec, ok := inRecord[i]; ok {
			if f.spec.Vars != nil {
				return nil, fmt.Errorf("%s is part of the variable %s: faults rewrite it whole", v.Name, rec)
			}
			continue
		}
		matched[name] = true
		var vals [][]byte
		for x := range v.Domain.Size {
			if f.spec.Values == nil || slices.Contains(f.spec.Values, byte(x)) {
				vals = append(vals, []byte{byte(x)})
			}
		}
		f.digits[v.Owner] = append(f.digits[v.Owner], faultDigit{vars: []int{i}, values: vals, every: len(vals) == v.Domain.Size})
	}
	return matched, nil
}

func validRecord(sch *model.Schema, p int, r Record) error {
	for _, v := range r.Vars {
		if v < 0 || v >= len(sch.Vars) || sch.Vars[v].Owner != model.Owner(p) {
			return fmt.Errorf("record %s: variable %d is not process %d's", r.Name, v, p)
		}
	}
	for _, val := range r.Values {
		if len(val) != len(r.Vars) {
			return fmt.Errorf("record %s: a value of %d bytes for %d variables", r.Name, len(val), len(r.Vars))
		}
		for j, x := range val {
			if int(x) >= sch.Vars[r.Vars[j]].Domain.Size {
				return fmt.Errorf("record %s: value %d of %s is outside its domain", r.Name, x, sch.Vars[r.Vars[j]].Name)
			}
		}
	}
	return nil
}

// holdsCandidate reports whether s holds one of the digit's candidate values.
func (d faultDigit) holdsCandidate(s model.State) bool {
	return d.every || d.holds(s)
}

// holds reports whether s holds one of the digit's values, looked up.
func (d faultDigit) holds(s model.State) bool {
	for _, val := range d.values {
		same := true
		for j, v := range d.vars {
			same = same && s[v] == val[j]
		}
		if same {
			return true
		}
	}
	return false
}

// write sets the digit to its value i in next, and reports whether that changed s.
func (d faultDigit) write(s, next model.State, i int) bool {
	changed := false
	for j, v := range d.vars {
		next[v] = d.values[i][j]
		changed = changed || next[v] != s[v]
	}
	return changed
}
