package model

// Ref is a variable's handle: its index in every State of its schema, so s[ref] is its value.
type Ref int

// Builder declares a schema's variables one at a time and hands back a handle to each, so
// that a protocol keeps handles instead of counting indexes. Errors (a bad domain, a name
// declared twice) are reported once, by Schema.
//
//	b := model.NewBuilder(n)
//	x := b.Var("x0", 0, model.Range(k))
//	c := channel.Declare(b, "c0>1", 0, 1, ch.Domain()) // package channel
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

// Describe sets the Doc of the variable ref, which the legend under a trace table shows.
func (b *Builder) Describe(ref Ref, doc string) { b.vars[ref].Doc = doc }

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
