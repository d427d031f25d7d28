package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Process names. A protocol on a topology file names its processes as the file names its
// nodes (paris, lyon, …); traces, pictures and errors then say paris where they would say
// P0. A process left unnamed, as every process of a generated topology is, keeps its number:
// P0, P1, …

// NameProcs names the processes in order (Schema.ProcName); a "" name, or a process past the
// end of names, keeps its number. Schema reports two processes of one name as an error.
func (b *Builder) NameProcs(names ...string) { b.names = names }

// nameProcs sets the names a Builder was given, after checking that they tell the
// processes apart.
func (s *Schema) nameProcs(names []string) error {
	if len(names) > s.procs {
		return fmt.Errorf("%d process names for %d processes", len(names), s.procs)
	}
	s.names = names
	seen := map[string]int{}
	for p := range s.procs {
		name := s.ProcName(p)
		if q, ok := seen[name]; ok {
			return fmt.Errorf("processes %d and %d are both named %s", q, p, name)
		}
		seen[name] = p
	}
	return nil
}

// ProcName is how traces, pictures and errors name process p: its name, quoted when it holds
// spaces or other characters that would run into what surrounds it ("p 0"), or P<p> for an
// unnamed process.
func (s *Schema) ProcName(p int) string {
	if p < 0 || p >= len(s.names) || s.names[p] == "" {
		return "P" + strconv.Itoa(p)
	}
	name := s.names[p]
	if strings.IndexFunc(name, plainRune) < 0 {
		return name
	}
	return strconv.Quote(name)
}

// plainRune is true of a rune a name may not hold unquoted: not a letter, a digit, or one of
// the punctuation a node name commonly holds.
func plainRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_-.'", r)
}

// Named reports whether some process has a name of its own.
func (s *Schema) Named() bool {
	for _, n := range s.names {
		if n != "" {
			return true
		}
	}
	return false
}

// Extend is a schema of s's processes, with their names, whose variables are s's followed by
// vars: the schema of a model built over another, such as a model with faults (its budget
// and its start are variables of its own).
func (s *Schema) Extend(vars ...Var) (*Schema, error) {
	ext, err := NewSchema(s.procs, append(slices.Clone(s.Vars), vars...)...)
	if err != nil {
		return nil, err
	}
	ext.names = s.names
	return ext, nil
}

// procName names process p in the model's errors.
func (m *daemonModel) procName(p int) string { return m.proto.Schema().ProcName(p) }
