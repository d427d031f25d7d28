package arrow

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
	"github.com/mc-checker/mc/models/topology"
)

// Protocol is the arrow protocol on one tree with at most F finds per channel.
type Protocol struct {
	tree   *topology.Tree
	f      int
	schema *model.Schema
	ch     *channel.Channel
	// choices[v] lists what p(v) may point to: v itself, then its neighbours; arrow[v] is
	// the variable p(v).
	choices [][]int
	arrow   []model.Ref
	// out[v][i] and in[v][i] are the channels v→Adj[v][i] and Adj[v][i]→v.
	out, in [][]model.Ref
}

// New builds the protocol; F ≥ 1.
func New(tree *topology.Tree, f int) (*Protocol, error) {
	ch, err := channel.New([]string{"find"}, f)
	if err != nil {
		return nil, err
	}
	n := tree.N()
	p := &Protocol{tree: tree, f: f, ch: ch, out: make([][]model.Ref, n), in: make([][]model.Ref, n)}
	b := model.NewBuilder(n)
	b.NameProcs(tree.Names()...)
	p.choices, p.arrow = tree.Pointers(b)
	for v := range n {
		for _, w := range tree.Adj[v] {
			p.out[v] = append(p.out[v], channel.Declare(b, fmt.Sprintf("c%s>%s", tree.Labels[v], tree.Labels[w]), v, w, ch.Domain()))
		}
	}
	for v := range n {
		for _, w := range tree.Adj[v] {
			p.in[v] = append(p.in[v], p.out[w][p.slot(w, v)])
		}
	}
	if p.schema, err = b.Schema(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Protocol) Schema() *model.Schema { return p.schema }
func (p *Protocol) Neighbors(v int) []int { return p.tree.Adj[v] }

// Arrow is p(v) as a node.
func (p *Protocol) Arrow(s model.State, v int) int { return p.choices[v][s[p.arrow[v]]] }

// slot is the position of neighbour w in v's adjacency (and so of their channels).
func (p *Protocol) slot(v, w int) int {
	for i, u := range p.tree.Adj[v] {
		if u == w {
			return i
		}
	}
	return -1
}

// Rules of v: 0 is request, 1+i is receive from Adj[v][i].
func (p *Protocol) RuleName(v, r int) string {
	if r == 0 {
		return "request"
	}
	return "receive from " + p.tree.Labels[p.tree.Adj[v][r-1]]
}

func (p *Protocol) Enabled(s model.State, v int, dst []int) []int {
	if a := p.Arrow(s, v); a != v && p.canSend(s, v, a) {
		dst = append(dst, 0)
	}
	for i, c := range p.in[v] {
		if _, ok := p.ch.Head(s[c]); !ok {
			continue
		}
		if a := p.Arrow(s, v); a == v || p.canSend(s, v, a) {
			dst = append(dst, 1+i)
		}
	}
	return dst
}

func (p *Protocol) canSend(s model.State, v, w int) bool {
	_, ok := p.ch.Push(s[p.out[v][p.slot(v, w)]], 0)
	return ok
}

func (p *Protocol) send(next model.State, v, w int) {
	c := p.out[v][p.slot(v, w)]
	next[c], _ = p.ch.Push(next[c], 0)
}

// Fire applies one event (the protocol runs asynchronously, under the central daemon).
func (p *Protocol) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		v, a := m.Proc, p.Arrow(s, m.Proc)
		if m.Rule == 0 {
			p.send(next, v, a)
			next[p.arrow[v]] = 0 // p(v) := v
			continue
		}
		c := p.in[v][m.Rule-1]
		next[c] = p.ch.Pop(s[c])
		if a != v {
			p.send(next, v, a)
		}
		next[p.arrow[v]] = byte(m.Rule) // p(v) := the sender, Adj[v][Rule-1] = choices[v][Rule]
	}
}

// Phi is φ(e) = p(a,e) + p(b,e) + F(e) for the tree edge e = (a, b) (equation 1).
func (p *Protocol) Phi(s model.State, e topology.Edge) int {
	a, b := e.Parent, e.Child
	phi := p.ch.Len(s[p.out[a][p.slot(a, b)]]) + p.ch.Len(s[p.out[b][p.slot(b, a)]])
	if p.Arrow(s, a) == b {
		phi++
	}
	if p.Arrow(s, b) == a {
		phi++
	}
	return phi
}

// Quiescent lists the quiescent configurations (Definition 3.1): for every choice of the sink,
// every arrow points towards it and no find is in transit.
func (p *Protocol) Quiescent() []model.State {
	var out []model.State
	for sink := range p.tree.N() {
		s := p.schema.NewState()
		for v, next := range p.tree.Toward(sink) {
			if v != sink {
				s[p.arrow[v]] = byte(1 + p.slot(v, next))
			}
		}
		out = append(out, s)
	}
	return out
}
