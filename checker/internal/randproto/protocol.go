package randproto

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// Kind is a topology's kind.
type Kind string

const (
	Ring         Kind = "ring"          // each process reads both neighbours (one when n = 2)
	OrientedRing Kind = "oriented_ring" // each reads its left one
	Path         Kind = "path"
	Star         Kind = "star" // centre 0
	Complete     Kind = "complete"
	Graph        Kind = "graph"   // a random undirected graph, from a Graphviz file
	Digraph      Kind = "digraph" // random directed reads, from a Graphviz file
)

// Var is a variable every process owns, with values 0..Size-1.
type Var struct {
	Name string
	Size int
}

// Rule is a guarded rule of the processes Procs (nil: every process): when Guard holds, each
// assignment sets the process's variable to its value, all reading the old configuration.
// With Param, the rule is one action per neighbour of the process ("take some neighbour nb
// with …", the language's `rule r(nb in neighbors)`), which its expressions read as Arg.
type Rule struct {
	Name   string
	Procs  []int
	Param  bool
	Guard  *Expr
	Assign []Assign
	// Recv is 1 + the message kind the rule receives from its parameter's neighbour (0: none);
	// Sends are what it sends there (messages.go).
	Recv  int
	Sends []MsgSend
}

// action is one of a process's actions: a rule, and its parameter's neighbour (or -1).
type action struct {
	rule, arg int
	w         int // a bag's receive of a kind with a field: the field's value it takes; -1 otherwise
}

// Assign sets variable Var of the rule's process to Value (always within its domain).
type Assign struct {
	Var   int
	Value *Expr
}

// Protocol is a random protocol: N processes, who reads whom, the variables each owns, the
// rules, the legitimate set, invariants, and a predicate to start from (Init).
type Protocol struct {
	Name       string
	N          int
	Kind       Kind
	Reads      [][]int // Reads[p]: the processes p reads, increasing
	Vars       []Var
	Rules      []Rule
	Legit      *Pred
	Invariants []*Pred
	Init       *Pred
	// Goals are eventually properties: every execution reaches each (Go only: the language
	// has no declaration for them yet).
	Goals []*Pred
	// Actions are action invariants: if Before holds at a step's start, After holds at its end.
	Actions []Action
	// Temporal are temporal properties (the temporal check), named t0, t1, …
	Temporal []Temporal
	// Msgs are its message kinds and channels, nil for none (messages.go).
	Msgs *Messages
	// Anonymous: a ring whose rules every process has and which read only relative
	// neighbours, so rotating a configuration rotates its successors (symmetry.Rotational).
	Anonymous bool
	// Style is how GCL writes the protocol.
	Style Style

	schema  *model.Schema
	actions [][]action // actions[p]: p's actions, its rules in order, a rule with a parameter once per neighbour
}

// finish builds the schema and each process's rules.
func (p *Protocol) finish() {
	b := model.NewBuilder(p.N)
	for q := range p.N {
		for _, v := range p.Vars {
			b.Var(fmt.Sprintf("%s%d", v.Name, q), model.Owner(q), model.Range(v.Size))
		}
	}
	if p.Msgs != nil {
		p.Msgs.declare(p, b)
	}
	s, err := b.Schema()
	if err != nil {
		panic(err) // sizes are 2..3 and names distinct: a generator bug
	}
	p.schema = s
	p.actions = make([][]action, p.N)
	for q := range p.N {
		for i, r := range p.Rules {
			switch {
			case r.Procs != nil && !contains(r.Procs, q):
			case r.Param:
				for _, nb := range p.Reads[q] {
					for _, w := range p.Msgs.fieldValues(r) { // one action, or a bag's one per value
						p.actions[q] = append(p.actions[q], action{i, nb, w})
					}
				}
			default:
				p.actions[q] = append(p.actions[q], action{i, -1, -1})
			}
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// ref is the index of process q's variable v in a configuration.
func (p *Protocol) ref(q, v int) int { return q*len(p.Vars) + v }
func (p *Protocol) left(q int) int   { return (q + p.N - 1) % p.N }
func (p *Protocol) right(q int) int  { return (q + 1) % p.N }

// enabled reports whether some action of q is enabled in s.
func (p *Protocol) enabled(s []byte, q int) bool {
	for _, a := range p.actions[q] {
		if p.actionEnabled(s, q, a) {
			return true
		}
	}
	return false
}

// actionEnabled reports whether action a of q is enabled in s: its message at the head of its
// channel, its guard, room for its sends.
func (p *Protocol) actionEnabled(s []byte, q int, a action) bool {
	r := p.Rules[a.rule]
	e := &env{p: p, s: s, self: q, arg: a.arg}
	if r.Recv > 0 && !p.Msgs.receives(s, q, a.arg, r.Recv-1, a.w) {
		return false
	}
	return r.Guard.eval(e) != 0 && (len(r.Sends) == 0 || p.Msgs.fit(r, e, q, a.arg))
}

// Model is p as a model.Protocol (a symmetry.Rotational one when p is Anonymous).
func (p *Protocol) Model() model.Protocol {
	if p.Anonymous {
		return rotational{goProtocol{p}}
	}
	return goProtocol{p}
}

// Schema is the configuration's layout: process by process, each process's variables in order.
func (p *Protocol) Schema() *model.Schema { return p.schema }

// goProtocol interprets the protocol's expressions.
type goProtocol struct{ p *Protocol }

func (g goProtocol) Schema() *model.Schema { return g.p.schema }
func (g goProtocol) Neighbors(q int) []int { return g.p.Reads[q] }

// Rules makes the protocol model.Listed, for fairness per rule.
func (g goProtocol) Rules(q int) int { return len(g.p.actions[q]) }

// RuleName names an action as the language does: the rule, and its parameter's process.
func (g goProtocol) RuleName(q, r int) string {
	a := g.p.actions[q][r]
	switch {
	case a.arg < 0:
		return g.p.Rules[a.rule].Name
	case a.w >= 0:
		return fmt.Sprintf("%s(p%d, w=%d)", g.p.Rules[a.rule].Name, a.arg, a.w)
	}
	return fmt.Sprintf("%s(p%d)", g.p.Rules[a.rule].Name, a.arg)
}

func (g goProtocol) Enabled(s model.State, q int, dst []int) []int {
	for r, a := range g.p.actions[q] {
		if g.p.actionEnabled(s, q, a) {
			dst = append(dst, r)
		}
	}
	return dst
}

func (g goProtocol) Fire(s model.State, moves []model.Move, next model.State) {
	for _, mv := range moves {
		a := g.p.actions[mv.Proc][mv.Rule]
		v := &env{p: g.p, s: s, self: mv.Proc, arg: a.arg}
		r := g.p.Rules[a.rule]
		for _, as := range r.Assign {
			next[g.p.ref(mv.Proc, as.Var)] = byte(as.Value.eval(v))
		}
		if r.Recv > 0 || len(r.Sends) > 0 {
			g.p.Msgs.fire(r, v, mv.Proc, a, next)
		}
	}
}

// rotational is an anonymous ring's protocol: every process owns len(Vars) variables.
type rotational struct{ goProtocol }

func (r rotational) RotationBlock() int { return len(r.p.Vars) }

// Action is an action invariant over a step's two configurations.
type Action struct {
	Before, After *Pred
}

// Holds evaluates the action on a step from s to t of p.
func (a Action) Holds(p *Protocol, s, t []byte) bool {
	return !a.Before.Holds(p, s) || a.After.Holds(p, t)
}
