package model

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// State is a configuration in its fixed-width encoding: one byte per schema variable, holding
// the variable's value as an index into its domain. Equal configurations have equal bytes, so a
// State is its own exact key and its xxhash is its fingerprint.
type State []byte

// Clone returns a copy of s that does not alias it.
func (s State) Clone() State { return append(State(nil), s...) }

// Equal reports whether s and t are the same configuration.
func (s State) Equal(t State) bool { return string(s) == string(t) }

// Fingerprint is the 64-bit xxhash of the encoding, the key of the hashed stores.
func (s State) Fingerprint() uint64 { return xxhash.Sum64(s) }

// Owner says who may write a variable: a process, or nobody in particular (Global).
type Owner int

// Global owns the variables that belong to no process.
const Global Owner = -1

// Domain is a finite set of values 0..Size-1, optionally with a name for each value.
type Domain struct {
	Size  int
	Names []string // len 0, or len Size
}

// Range is the domain 0..k-1 shown as numbers.
func Range(k int) Domain { return Domain{Size: k} }

// Enum is a domain whose values are shown by name.
func Enum(names ...string) Domain { return Domain{Size: len(names), Names: names} }

// Name renders value v of the domain.
func (d Domain) Name(v byte) string {
	if int(v) < len(d.Names) {
		return d.Names[v]
	}
	return strconv.Itoa(int(v))
}

// Parse reads a value written as its name or its number.
func (d Domain) Parse(text string) (byte, error) {
	for i, n := range d.Names {
		if n == text {
			return byte(i), nil
		}
	}
	v, err := strconv.Atoi(text)
	if err != nil || v < 0 || v >= d.Size {
		return 0, fmt.Errorf("value %q is not in the domain 0..%d", text, d.Size-1)
	}
	return byte(v), nil
}

// Var is one variable of the schema. The process that owns it writes it; its neighbours may
// read it. A variable of messages in transit (Link) is written by its receiver too, which
// consumes them: package channel declares such variables.
type Var struct {
	Name   string
	Owner  Owner
	Domain Domain
	// Targets, when set, says that the variable names processes, as a parent pointer does:
	// value v names process Targets[v], or nobody (⊥) where Targets[v] is -1. Pictures of
	// configurations draw it as an arrow; the checker itself never reads it. nil: a plain value.
	Targets []int
	// Doc says what the variable holds, in a few words, for the legend under a trace table
	// (package legend). Variables of one Doc share an entry, which a Doc that starts with a
	// pattern of their names and a colon names by the pattern: "tAB: parent A's timer on its
	// edge to child B". "": the legend says whose the variable is, from its owner and name.
	Doc string
	// Link, when set, makes the variable one of messages in transit from its Owner (package
	// channel declares them); nil: a variable of its owner's alone.
	Link *Link
}

// Link is what a variable of messages in transit says of them: the process that receives
// them, which may write the variable too (to consume a message) and read it; and, on a timed
// channel, their age. A message of the network, between any two processes, is received by
// Global, any process: its variable, owned by Global too, every process may read and write.
type Link struct {
	Receiver Owner
	// Timed marks a timed channel's variable, which holds the messages Age ticks old.
	Timed bool
	Age   int
}

// Schema lists a protocol's variables once; the encoding, the universe, the faults and the
// pretty-printing of states are all derived from it.
type Schema struct {
	Vars  []Var
	procs int
	names []string // the processes' names, "" for those known by number (ProcName)
	// top is the largest value of each variable: Valid, which the explorer asks of every
	// successor, reads these bytes in order rather than a Var (a few cache lines) each.
	top []byte
}

// MaxDomain is the largest domain a variable may have: values are stored in one byte.
const MaxDomain = 256

// NewSchema validates the variables and indexes them by owner.
func NewSchema(procs int, vars ...Var) (*Schema, error) {
	s := &Schema{Vars: vars, procs: procs}
	seen := map[string]bool{}
	for _, v := range vars {
		switch {
		case v.Domain.Size < 1 || v.Domain.Size > MaxDomain:
			return nil, fmt.Errorf("variable %s: domain size %d is outside 1..%d", v.Name, v.Domain.Size, MaxDomain)
		case len(v.Domain.Names) != 0 && len(v.Domain.Names) != v.Domain.Size:
			return nil, fmt.Errorf("variable %s: %d value names for a domain of %d", v.Name, len(v.Domain.Names), v.Domain.Size)
		case v.Owner != Global && (v.Owner < 0 || int(v.Owner) >= procs):
			return nil, fmt.Errorf("variable %s: owner %d is not a process of 0..%d", v.Name, v.Owner, procs-1)
		case v.Link != nil && v.Link.Receiver != Global && (v.Link.Receiver < 0 || int(v.Link.Receiver) >= procs):
			return nil, fmt.Errorf("variable %s: receiver %d is not a process of 0..%d", v.Name, v.Link.Receiver, procs-1)
		case seen[v.Name]:
			return nil, fmt.Errorf("variable %s is declared twice", v.Name)
		}
		if err := v.validTargets(procs); err != nil {
			return nil, err
		}
		seen[v.Name] = true
		s.top = append(s.top, byte(v.Domain.Size-1))
	}
	return s, nil
}

// validTargets checks that a pointer names a process, or nobody, for each of its values.
func (v Var) validTargets(procs int) error {
	if v.Targets == nil {
		return nil
	}
	if len(v.Targets) != v.Domain.Size {
		return fmt.Errorf("variable %s: %d pointer targets for a domain of %d", v.Name, len(v.Targets), v.Domain.Size)
	}
	for i, t := range v.Targets {
		if t < -1 || t >= procs {
			return fmt.Errorf("variable %s: value %s points to %d, not a process of 0..%d (or -1, none)", v.Name, v.Domain.Name(byte(i)), t, procs-1)
		}
	}
	return nil
}

// Width is the number of bytes of an encoded state.
func (s *Schema) Width() int { return len(s.Vars) }

// Procs is the number of processes the schema was declared for.
func (s *Schema) Procs() int { return s.procs }

// NewState returns the all-zero configuration.
func (s *Schema) NewState() State { return make(State, s.Width()) }

// Valid reports whether every byte of st is in its variable's domain.
func (s *Schema) Valid(st State) error {
	if len(st) != s.Width() {
		return fmt.Errorf("state has %d variables, the schema has %d", len(st), s.Width())
	}
	for i, b := range st {
		if b > s.top[i] {
			v := s.Vars[i]
			return fmt.Errorf("variable %s = %d is outside its domain 0..%d", v.Name, b, v.Domain.Size-1)
		}
	}
	return nil
}

// Format renders st as "name=value ..." with value names.
func (s *Schema) Format(st State) string {
	var b strings.Builder
	for i, v := range s.Vars {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(v.Name)
		b.WriteByte('=')
		b.WriteString(v.Domain.Name(st[i]))
	}
	return b.String()
}

// Values renders each variable of st by its value name, in schema order.
func (s *Schema) Values(st State) []string {
	out := make([]string, len(s.Vars))
	for i, v := range s.Vars {
		out[i] = v.Domain.Name(st[i])
	}
	return out
}

// ParseValues is the inverse of Values.
func (s *Schema) ParseValues(vals []string) (State, error) {
	if len(vals) != s.Width() {
		return nil, fmt.Errorf("state has %d values, the schema has %d variables", len(vals), s.Width())
	}
	st := s.NewState()
	for i, v := range s.Vars {
		b, err := v.Domain.Parse(vals[i])
		if err != nil {
			return nil, fmt.Errorf("variable %s: %w", v.Name, err)
		}
		st[i] = b
	}
	return st, nil
}

// countable reports whether the universe of the schema, the product of its domains, has fewer
// than 2^64 configurations (universe.New fails otherwise): Init enumerates no larger one.
func (s *Schema) countable() bool {
	size := uint64(1)
	for _, v := range s.Vars {
		hi, lo := bits.Mul64(size, uint64(v.Domain.Size))
		if hi != 0 {
			return false
		}
		size = lo
	}
	return true
}

// next advances st to the configuration of the next rank in the universe (variable 0 is the
// least significant digit, as universe.Universe.Next does), and reports false when st was the
// last one.
func (s *Schema) next(st State) bool {
	for i, top := range s.top {
		if st[i] < top {
			st[i]++
			return true
		}
		st[i] = 0
	}
	return false
}
