package model

import "fmt"

// Ref is a variable's handle: its index in every State of its schema, so s[ref] is its value.
type Ref int

// Builder declares a schema's variables one at a time and hands back a handle to each, so
// that a protocol keeps handles instead of counting indexes. Errors (a bad domain, a name
// declared twice) are reported once, by Schema.
//
//	b := model.NewBuilder(n)
//	x := b.Var("x0", 0, model.Range(k))
//	c := b.Channel("c0>1", 0, 1, ch.Domain())
//	sch, err := b.Schema()
type Builder struct {
	procs int
	vars  []Var
	names []string // the processes' names (NameProcs)
}

// NewBuilder starts the schema of a protocol of procs processes.
func NewBuilder(procs int) *Builder { return &Builder{procs: procs} }

// Var declares a variable owned by owner (a process, or Global).
func (b *Builder) Var(name string, owner Owner, d Domain) Ref {
	return b.Add(Var{Name: name, Owner: owner, Domain: d})
}

// Add declares v as it is.
func (b *Builder) Add(v Var) Ref {
	b.vars = append(b.vars, v)
	return Ref(len(b.vars) - 1)
}

// Pointer declares a variable owned by owner whose value v names process targets[v] (-1:
// none), such as a parent pointer: pictures draw it as an arrow (Var.Targets).
func (b *Builder) Pointer(name string, owner Owner, d Domain, targets []int) Ref {
	return b.Add(Var{Name: name, Owner: owner, Domain: d, Targets: targets})
}

// Channel declares the variable of a channel from process from to process to.
func (b *Builder) Channel(name string, from, to int, d Domain) Ref {
	return b.Add(channelVar(name, from, to, d))
}

// Network declares a variable of the network rather than of a process: a message in transit
// between any two processes, or a token that any process may hold, as in a protocol whose
// pointers need not follow the edges of the network. It is Global, and every process may
// read and write it; an asynchronous model (one event per step) is what keeps two moves from
// writing it at once.
func (b *Builder) Network(name string, d Domain) Ref { return b.Add(networkVar(name, d)) }

// TimedChannel declares the Vars() variables of a timed channel from process from to process
// to, named name@0, name@1, … by message age, and returns the handle of the first: the
// channel's window in a state is s[ref : int(ref)+c.Vars()].
func (b *Builder) TimedChannel(name string, from, to int, c Aged) Ref {
	first := Ref(len(b.vars))
	for age := range c.Vars() {
		v := channelVar(fmt.Sprintf("%s@%d", name, age), from, to, c.Domain())
		v.age = age + 1
		b.Add(v)
	}
	return first
}

// Aged is what Builder.TimedChannel reads of a timed channel (channel.Timed): how many
// variables it takes, one per message age, and the domain of each.
type Aged interface {
	Vars() int
	Domain() Domain
}

// Describe sets the Doc of the variable ref, which the legend under a trace table shows.
func (b *Builder) Describe(ref Ref, doc string) { b.vars[ref].Doc = doc }

// Len is the number of variables declared so far.
func (b *Builder) Len() int { return len(b.vars) }

// Schema validates the variables and returns the schema.
func (b *Builder) Schema() (*Schema, error) {
	s, err := NewSchema(b.procs, b.vars...)
	if err != nil {
		return nil, err
	}
	if err := s.nameProcs(b.names); err != nil {
		return nil, err
	}
	return s, nil
}
