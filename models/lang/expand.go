package lang

// A let is a macro: the compiler compiles its expression at every use, in the use's scope.
// Its work is then the size of the file's expressions with their lets expanded, and its
// recursion (and the closures') their height: both are measured before anything is compiled,
// each let once, so that a chain of lets is refused with its place rather than overflowing
// the stack or running for hours.

// maxExpanded bounds the nodes of the file's expressions with their lets expanded: a chain of
// lets that each use the previous twice doubles at each step. A file's own expressions, at
// most a megabyte, have fewer.
const maxExpanded = 1 << 20

// letIndex is the index of the let named name, or -1: a map, since a scan of the lets at every
// use made a file of many lets quadratic.
func (c *compiler) letIndex(name string) int {
	if c.letIdx == nil {
		c.letIdx = make(map[string]int, len(c.file.Lets))
		for k := len(c.file.Lets) - 1; k >= 0; k-- { // the first of one name, as a scan finds it
			c.letIdx[c.file.Lets[k].Name.Name] = k
		}
	}
	if k, ok := c.letIdx[name]; ok {
		return k
	}
	return -1
}

// varIndex is the index of the variable named name, or -1.
func (c *compiler) varIndex(name string) int {
	if c.varIdx == nil {
		c.varIdx = make(map[string]int, len(c.file.Vars))
		for v := len(c.file.Vars) - 1; v >= 0; v-- {
			c.varIdx[c.file.Vars[v].Name.Name] = v
		}
	}
	if v, ok := c.varIdx[name]; ok {
		return v
	}
	return -1
}

// expressions are the file's expressions that the compiler compiles, lets aside (they are
// compiled where they are used).
func (f *File) expressions() []Expr {
	var out []Expr
	add := func(xs ...Expr) {
		for _, x := range xs {
			if x != nil {
				out = append(out, x)
			}
		}
	}
	for _, prm := range f.Params {
		add(prm.Default, prm.Lo, prm.Hi)
	}
	if f.Topology != nil {
		add(f.Topology.Args...)
	}
	for _, v := range f.Vars {
		add(v.Domain.Lo, v.Domain.Hi, v.Where)
	}
	for _, r := range f.Rules {
		add(r.Over, r.Where, r.Guard)
		for _, a := range r.Assigns {
			add(a.Index, a.Value)
		}
	}
	add(f.Legit)
	for _, n := range append(append([]*Named(nil), f.Invariants...), f.Actions...) {
		add(n.Expr)
	}
	return out
}

// expansion measures expressions with their lets expanded.
type expansion struct {
	c      *compiler
	height []int  // each let's expression's height, expanded; -1 until measured
	size   []int  // and its number of nodes
	busy   []bool // the lets being measured: one that uses itself is the compiler's to refuse
	total  int    // the nodes measured so far
}

// expansions refuses an expression that, its lets expanded, nests deeper than maxNesting
// (each use of a let is a level: the compiler recurses through it), at the outermost use of
// a let, or expressions that expand past maxExpanded nodes in all.
func (c *compiler) expansions() error {
	m := &expansion{c: c, height: make([]int, len(c.file.Lets)), size: make([]int, len(c.file.Lets)), busy: make([]bool, len(c.file.Lets))}
	for k := range m.height {
		m.height[k] = -1
	}
	for _, x := range c.file.expressions() {
		if _, err := m.measure(x, 0, nil); err != nil {
			return err
		}
	}
	return nil
}

// measure is x's height with its lets expanded; depth levels are above it, and use is the
// outermost use of a let it is part of (nil: none), where an error is reported.
func (m *expansion) measure(x Expr, depth int, use *Name) (int, error) {
	if m.total++; m.total > maxExpanded {
		return 0, m.tooLarge(x, use)
	}
	if depth > maxNesting {
		return 0, m.tooDeep(x, use)
	}
	switch x := x.(type) {
	case *Name:
		return m.let(x, depth, use)
	case *Index:
		return m.above(depth, use, x.X, x.I)
	case *Unary:
		return m.above(depth, use, x.X)
	case *Binary:
		return m.above(depth, use, x.L, x.R)
	case *Cond:
		return m.above(depth, use, x.If, x.Then, x.Else)
	case *Quant:
		return m.above(depth, use, x.Over, x.Body)
	case *Call:
		return m.above(depth, use, x.Args...)
	}
	return 0, nil // a number, a string
}

// let is the height of a name: 0, or for a let one more than its expression's, measured once.
func (m *expansion) let(x *Name, depth int, use *Name) (int, error) {
	k := m.c.letIndex(x.Name)
	if k < 0 || m.busy[k] {
		return 0, nil
	}
	if use == nil {
		use = x
	}
	if m.height[k] < 0 {
		m.busy[k] = true
		before := m.total
		h, err := m.measure(m.c.file.Lets[k].Expr, depth+1, use)
		m.busy[k] = false
		if err != nil {
			return 0, err
		}
		m.height[k], m.size[k] = h, m.total-before
	} else if m.total += m.size[k]; m.total > maxExpanded {
		return 0, m.tooLarge(x, use)
	}
	if depth+m.height[k]+1 > maxNesting {
		return 0, m.tooDeep(x, use)
	}
	return m.height[k] + 1, nil
}

// above is the height of an expression one level above its operands.
func (m *expansion) above(depth int, use *Name, operands ...Expr) (int, error) {
	h := 0
	for _, o := range operands {
		oh, err := m.measure(o, depth+1, use)
		if err != nil {
			return 0, err
		}
		h = max(h, oh)
	}
	return h + 1, nil
}

func (m *expansion) tooDeep(x Expr, use *Name) error {
	if use == nil {
		return m.c.errorf(x.At(), "an expression nests at most %d deep", maxNesting)
	}
	return m.c.errorf(use.Pos, "%s expands to an expression nested more than %d deep (a let is a macro: each use is a copy of its expression, one level down)", use.Name, maxNesting)
}

func (m *expansion) tooLarge(x Expr, use *Name) error {
	at := x.At()
	if use != nil {
		at = use.Pos
	}
	return m.c.errorf(at, "the file's expressions, with their lets expanded, have more than %d nodes (a let is a macro: each use is a copy of its expression)", maxExpanded)
}
