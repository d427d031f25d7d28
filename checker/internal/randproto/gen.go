package randproto

import (
	"fmt"
	"math/rand/v2"

	"github.com/mc-checker/mc/checker/internal/reference"
)

// MaxUniverse bounds the configurations of a generated protocol: the reference explores
// them all, naively, under every daemon.
const MaxUniverse = 2187

// MaxProcs is the most processes a generated protocol has.
const MaxProcs = 7

// Generate draws a protocol from rng: its size, topology, variables, rules and predicates.
// The same rng state gives the same protocol.
func Generate(rng *rand.Rand) *Protocol {
	g := &gen{rng: rng, p: &Protocol{Name: "random"}}
	g.shape()
	g.topology()
	g.monotone = g.chance(3)
	g.rules()
	p := g.p
	p.finish() // the schema and the actions, which predicates read
	p.Legit = g.legitimate()
	for range rng.IntN(3) {
		p.Invariants = append(p.Invariants, g.pred(1))
	}
	p.Init = g.pred(1)
	if g.chance(3) {
		p.Goals = append(p.Goals, g.pred(1))
	}
	if g.chance(3) {
		p.Actions = append(p.Actions, Action{Before: g.pred(0), After: g.pred(0)})
	}
	p.Style = Style{Params: g.chance(3), Enums: g.chance(4), Lets: g.chance(3)}
	return p
}

type gen struct {
	rng *rand.Rand
	p   *Protocol
	// what the expression being drawn may read
	// monotone: every move increments one variable of its process, so every execution
	// stops, in a configuration the legitimate set holds (it includes "none enabled"): the
	// protocols whose worst cases are long
	monotone bool
	census   bool // a local fact of a predicate: no ring neighbours, but enabled
	inQuant  bool // inside a quantifier: the bound neighbour, no other quantifier
	param    bool // in a rule with a parameter: the neighbour it names
}

func (g *gen) chance(k int) bool { return g.rng.IntN(k) == 0 }

// shape draws the variables and the number of processes, within MaxUniverse.
func (g *gen) shape() {
	p := g.p
	nvars := 1
	if g.chance(3) {
		nvars = 2
	}
	local := 1
	names := []string{"x", "y"}
	if g.chance(4) { // names that end in a digit, as x0 ends in its process's number
		names = []string{"v1", "v2"}
	}
	for i := range nvars {
		size := 2 + g.rng.IntN(2)
		p.Vars = append(p.Vars, Var{Name: names[i], Size: size})
		local *= size
	}
	most, u := 0, 1
	for most < MaxProcs && u*local <= MaxUniverse {
		most, u = most+1, u*local
	}
	// small rings are where most bugs show: favour 2..4 processes
	p.N = 1 + g.rng.IntN(most)
	if p.N > 4 && g.chance(2) {
		p.N = 2 + g.rng.IntN(3)
	}
}

// topology draws who reads whom, as the language's generated topologies and Graphviz files
// lay them out.
func (g *gen) topology() {
	p := g.p
	kinds := []Kind{Ring, OrientedRing, Path, Star, Complete, Graph, Digraph}
	p.Kind = kinds[g.rng.IntN(len(kinds))]
	if p.N < 2 && (p.Kind == Ring || p.Kind == OrientedRing) {
		p.Kind = Path
	}
	n := p.N
	p.Reads = make([][]int, n)
	link := func(a, b int) {
		if a != b && !contains(p.Reads[a], b) {
			p.Reads[a] = append(p.Reads[a], b)
		}
	}
	for q := range n {
		switch p.Kind {
		case Ring:
			link(q, (q+n-1)%n)
			link(q, (q+1)%n)
		case OrientedRing:
			link(q, (q+n-1)%n)
		case Path:
			if q > 0 {
				link(q, q-1)
			}
			if q < n-1 {
				link(q, q+1)
			}
		case Star, Complete:
			for r := range n {
				if r != q && (p.Kind == Complete || q == 0 || r == 0) {
					link(q, r)
				}
			}
		case Graph:
			for r := q + 1; r < n; r++ {
				if g.chance(2) {
					link(q, r)
					link(r, q)
				}
			}
		case Digraph:
			for r := range n {
				if r != q && g.rng.IntN(5) < 2 {
					link(r, q) // the arc q -> r: r reads q
				}
			}
		}
	}
	for q := range n {
		sortInts(p.Reads[q])
	}
	p.Anonymous = (p.Kind == Ring || p.Kind == OrientedRing) && !g.chance(4)
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// rules draws one to three rules.
func (g *gen) rules() {
	p := g.p
	for i := range 1 + g.rng.IntN(3) {
		// a rule with a parameter: every process reads a neighbour, or it would have no action
		// (on an anonymous ring its actions are numbered by neighbour in increasing order, which
		// rotation does not keep: the lift must not rely on rule numbers)
		g.param = g.everyoneReads() && g.chance(4)
		r := Rule{Name: fmt.Sprintf("r%d", i), Param: g.param, Guard: g.boolean(2)}
		if g.monotone {
			g.increment(&r)
			p.Rules = append(p.Rules, r)
			continue
		}
		if !p.Anonymous && g.chance(3) {
			for q := range p.N {
				if g.chance(2) {
					r.Procs = append(r.Procs, q)
				}
			}
			if r.Procs == nil {
				r.Procs = []int{g.rng.IntN(p.N)}
			}
		}
		for v := range p.Vars {
			if len(r.Assign) == 0 && v == len(p.Vars)-1 || g.chance(2) {
				value := &Expr{Op: Mod, Val: p.Vars[v].Size, Args: []*Expr{g.integer(2)}}
				r.Assign = append(r.Assign, Assign{Var: v, Value: value})
			}
		}
		p.Rules = append(p.Rules, r)
	}
	g.param = false
}

// increment makes r a monotone rule: it increments one variable v, when v is below its
// largest value and the rule's guard holds.
func (g *gen) increment(r *Rule) {
	v := g.rng.IntN(len(g.p.Vars))
	size := g.p.Vars[v].Size
	below := &Expr{Op: Lt, Args: []*Expr{{Op: Self, Val: v}, {Op: Lit, Val: size - 1}}}
	r.Guard = &Expr{Op: And, Args: []*Expr{r.Guard, below}}
	plus := &Expr{Op: Add, Args: []*Expr{{Op: Self, Val: v}, {Op: Lit, Val: 1}}}
	r.Assign = []Assign{{Var: v, Value: &Expr{Op: Mod, Val: size, Args: []*Expr{plus}}}}
}

// legitimate draws a legitimate set that is neither empty nor every configuration (where
// every figure is 0), trying a few times; a monotone protocol's includes the configurations
// where no process is enabled.
func (g *gen) legitimate() *Pred {
	var l *Pred
	all := reference.Universe(g.p.schema)
	for range 8 {
		if l = g.legit(); g.monotone {
			l = &Pred{Op: POr, Args: []*Pred{{Op: AtMost, Val: 0, Local: &Expr{Op: Enabled}}, l}}
		}
		in := 0
		for _, s := range all {
			if l.Holds(g.p, s) {
				in++
			}
		}
		if in > 0 && in < len(all) {
			break
		}
	}
	return l
}

// legit draws a legitimate set of one of six kinds.
func (g *gen) legit() *Pred {
	switch g.rng.IntN(6) {
	case 0:
		return &Pred{Op: Every, Local: g.local()}
	case 1:
		return &Pred{Op: Some, Local: g.local()}
	case 2:
		return &Pred{Op: Exactly, Val: g.rng.IntN(g.p.N + 1), Local: g.local()}
	case 3:
		return &Pred{Op: Exactly, Val: 1, Local: &Expr{Op: Enabled}} // one token
	case 4:
		return &Pred{Op: AtMost, Val: 0, Local: &Expr{Op: Enabled}} // silent
	}
	return g.pred(2)
}

// pred draws a census, or with depth left a Boolean combination of them.
func (g *gen) pred(depth int) *Pred {
	if depth > 0 && g.chance(3) {
		switch g.rng.IntN(3) {
		case 0:
			return &Pred{Op: PNot, Args: []*Pred{g.pred(depth - 1)}}
		case 1:
			return &Pred{Op: PAnd, Args: []*Pred{g.pred(depth - 1), g.pred(depth - 1)}}
		default:
			return &Pred{Op: POr, Args: []*Pred{g.pred(depth - 1), g.pred(depth - 1)}}
		}
	}
	ops := []PredOp{Every, Some, Exactly, AtMost}
	return &Pred{Op: ops[g.rng.IntN(len(ops))], Val: g.rng.IntN(g.p.N + 1), Local: g.local()}
}

// local draws a local fact of a predicate.
func (g *gen) local() *Expr {
	g.census = true
	defer func() { g.census = false }()
	return g.boolean(2)
}

// boolean draws a condition of the given depth.
func (g *gen) boolean(depth int) *Expr {
	if depth <= 0 || g.chance(3) {
		return g.comparison(depth)
	}
	switch g.rng.IntN(6) {
	case 0, 1:
		return &Expr{Op: []Op{And, Or}[g.rng.IntN(2)], Args: []*Expr{g.boolean(depth - 1), g.boolean(depth - 1)}}
	case 2:
		return &Expr{Op: Not, Args: []*Expr{g.boolean(depth - 1)}}
	case 3:
		if q := g.quantifier([]Op{Exists, Forall}, func() *Expr { return g.boolean(depth - 1) }); q != nil {
			return q
		}
	case 4:
		if g.census && !g.inQuant {
			return &Expr{Op: Enabled}
		}
	}
	return g.comparison(depth)
}

// comparison draws a comparison of two integers.
func (g *gen) comparison(depth int) *Expr {
	op := []Op{Eq, Ne, Lt, Le}[g.rng.IntN(4)]
	return &Expr{Op: op, Args: []*Expr{g.integer(depth - 1), g.integer(depth - 1)}}
}

// integer draws an integer expression of the given depth.
func (g *gen) integer(depth int) *Expr {
	if depth <= 0 || g.chance(2) {
		return g.atom()
	}
	switch g.rng.IntN(6) {
	case 0, 1:
		return &Expr{Op: []Op{Add, Sub, Mul}[g.rng.IntN(3)], Args: []*Expr{g.integer(depth - 1), g.integer(depth - 1)}}
	case 2:
		return &Expr{Op: Mod, Val: 2 + g.rng.IntN(2), Args: []*Expr{g.integer(depth - 1)}}
	case 3:
		return &Expr{Op: If, Args: []*Expr{g.boolean(depth - 1), g.integer(depth - 1), g.integer(depth - 1)}}
	case 4:
		ops := []Op{Count, Sum}
		if g.everyoneReads() {
			ops = append(ops, Min, Max)
		}
		q := g.quantifier(ops, func() *Expr {
			if g.rng.IntN(4) == 0 {
				return g.boolean(depth - 1)
			}
			return g.integer(depth - 1)
		})
		if q != nil {
			if q.Op == Count && !q.Args[0].isBool() {
				q.Args[0] = &Expr{Op: Ne, Args: []*Expr{q.Args[0], {Op: Lit}}}
			}
			if q.Op != Count && q.Args[0].isBool() {
				q.Args[0] = &Expr{Op: If, Args: []*Expr{q.Args[0], {Op: Lit, Val: 1}, {Op: Lit}}}
			}
			return q
		}
	}
	return g.atom()
}

// everyoneReads reports whether every process reads some neighbour (min and max over an
// empty set are errors).
func (g *gen) everyoneReads() bool {
	for _, r := range g.p.Reads {
		if len(r) == 0 {
			return false
		}
	}
	return true
}

// quantifier draws one of ops over the neighbours, with a body from body, or nil inside
// another quantifier.
func (g *gen) quantifier(ops []Op, body func() *Expr) *Expr {
	if g.inQuant {
		return nil
	}
	g.inQuant = true
	defer func() { g.inQuant = false }()
	return &Expr{Op: ops[g.rng.IntN(len(ops))], Args: []*Expr{body()}}
}

// atom draws a literal or a variable the expression may read.
func (g *gen) atom() *Expr {
	p := g.p
	v := g.rng.IntN(len(p.Vars))
	choices := []Op{Lit, Self, Self}
	if g.inQuant {
		choices = append(choices, Bound, Bound, Bound)
	}
	if g.param {
		choices = append(choices, Arg, Arg)
	}
	if !g.census && (p.Kind == Ring || p.Kind == OrientedRing) {
		choices = append(choices, Left)
		if p.Kind == Ring {
			choices = append(choices, Right)
		}
	}
	switch op := choices[g.rng.IntN(len(choices))]; op {
	case Lit:
		return &Expr{Op: Lit, Val: g.rng.IntN(3)}
	default:
		return &Expr{Op: op, Val: v}
	}
}
