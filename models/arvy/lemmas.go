package arvy

import (
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/invariants"
)

// The invariants of Section 5, stated on one configuration. Black edges are (v, p(v)) without
// self-loops, red edges are the finds in transit, (sender, receiver).

// red is one find in transit.
type red struct {
	producer, from, to int
	visited            uint
}

func (p *Protocol) reds(s model.State) []red {
	var out []red
	for u := range p.n {
		if from, to, visited, ok := p.Find(s, u); ok {
			out = append(out, red{u, from, to, visited})
		}
	}
	return out
}

func (p *Protocol) blacks(s model.State, dst []invariants.Edge) []invariants.Edge {
	for v := range p.n {
		if w := p.Parent(s, v); w != v {
			dst = append(dst, invariants.Edge{From: v, To: w})
		}
	}
	return dst
}

// WaitingFor is waiting(u): the nodes w reached from u by next pointers, n(u) = w or n(v) = w
// for a v waiting for u.
func (p *Protocol) WaitingFor(s model.State, u int) uint {
	var set uint
	for w, k := p.Next(s, u), 0; w >= 0 && k < p.n; w, k = p.Next(s, w), k+1 {
		set |= 1 << w
	}
	return set
}

// TreeBR is Lemma 2 (1): black and red edges form a directionless tree.
func (p *Protocol) TreeBR(s model.State) bool {
	edges := p.blacks(s, make([]invariants.Edge, 0, 2*p.n))
	for _, r := range p.reds(s) {
		edges = append(edges, invariants.Edge{From: r.from, To: r.to})
	}
	return invariants.DirectionlessTree(p.n, edges)
}

// TreeBG is Lemma 2 (2): replacing each red edge r by any one green edge (head(r), x), x in
// visited(r) ∪ waiting(prod(r)), gives a directionless tree, for every choice of the green
// edges. The choices are searched depth first on an incremental forest: a prefix that closes
// a cycle is a counterexample whatever follows.
func (p *Protocol) TreeBG(s model.State) bool {
	reds := p.reds(s)
	start := invariants.NewTreeAfter(p.n, p.blacks(s, make([]invariants.Edge, 0, p.n)))
	choices := make([]uint, len(reds))
	for i, r := range reds {
		choices[i] = r.visited | p.WaitingFor(s, r.producer)
	}
	var all func(i int, t invariants.TreeAfter) bool
	all = func(i int, t invariants.TreeAfter) bool {
		if !t.Acyclic() {
			return false
		}
		if i == len(reds) {
			return t.Tree()
		}
		for x := range p.n {
			if choices[i]&(1<<x) != 0 && !all(i+1, t.With(invariants.Edge{From: reds[i].to, To: x})) {
				return false
			}
		}
		return true
	}
	return all(0, start)
}

// SourceHoldsVisited is Lemma 2 (3): visited(r) ∪ waiting(prod(r)) ⊆ src(r) for every red
// edge r.
func (p *Protocol) SourceHoldsVisited(s model.State) bool {
	edges := p.blacks(s, make([]invariants.Edge, 0, 2*p.n))
	first := len(edges)
	reds := p.reds(s)
	for _, r := range reds {
		edges = append(edges, invariants.Edge{From: r.from, To: r.to})
	}
	for i, r := range reds {
		src := invariants.SourceComponent(p.n, edges, first+i)
		if uint64(r.visited|p.WaitingFor(s, r.producer))&^src != 0 {
			return false
		}
	}
	return true
}

// NodeStates is Lemma 3's transition diagram, strengthened: every node is in {L,T}, {},
// {T,N}, {L} or {N} (L: p(v) = v, T: the token at rest at v, N: n(v) ≠ ⊥); in {L} and {N} it
// has an outstanding request, and so has a node the token travels to.
func (p *Protocol) NodeStates(s model.State) bool {
	at, moving := p.Token(s)
	for v := range p.n {
		l, t, n := p.Parent(s, v) == v, at == v && !moving, p.Next(s, v) >= 0
		switch {
		case l && n, t && !l && !n: // {L,N}, {L,T,N}, {T}
			return false
		case !t && (l || n) && !p.Waiting(s, v): // {L} or {N} without a request
			return false
		}
	}
	return !moving || p.Waiting(s, at)
}

// NextChains: n(·) is injective and the waiting chains it forms are acyclic.
func (p *Protocol) NextChains(s model.State) bool {
	var targets uint
	for v := range p.n {
		if w := p.Next(s, v); w >= 0 {
			if targets&(1<<w) != 0 {
				return false
			}
			targets |= 1 << w
		}
	}
	for v := range p.n {
		w, k := v, 0
		for ; k <= p.n && p.Next(s, w) >= 0; k++ {
			w = p.Next(s, w)
		}
		if k > p.n {
			return false
		}
	}
	return true
}

// previous is the u with n(u) = w, or -1.
func (p *Protocol) previous(s model.State, w int) int {
	for u := range p.n {
		if p.Next(s, u) == w {
			return u
		}
	}
	return -1
}

// Top is top(w): previous(·) followed from w to its end; -1 if the chain does not end.
func (p *Protocol) Top(s model.State, w int) int {
	for k := 0; k <= p.n; k++ {
		u := p.previous(s, w)
		if u < 0 {
			return w
		}
		w = u
	}
	return -1
}

// SelfLoopsLead is Lemma 3: for every node w with a self-loop, top(w) has the token, or the
// token was sent to it, or its find is in transit.
func (p *Protocol) SelfLoopsLead(s model.State) bool {
	at, _ := p.Token(s)
	for w := range p.n {
		if p.Parent(s, w) != w {
			continue
		}
		top := p.Top(s, w)
		if top < 0 {
			return false
		}
		if _, _, _, finding := p.Find(s, top); at != top && !finding {
			return false
		}
	}
	return true
}

// ReceivesOnce is the action invariant of Theorem 4's proof: a node never receives a find it
// received before (w ∉ visited(r) on receipt).
func (p *Protocol) ReceivesOnce(from model.State, st model.Step, _ model.State) bool {
	for _, m := range st.Moves {
		if m.Rule >= ruleFind {
			u := (m.Rule - ruleFind) / p.n
			if _, _, visited, _ := p.Find(from, u); visited&(1<<m.Proc) != 0 {
				return false
			}
		}
	}
	return true
}

// Done is the end of a run with bounded requests: no find in transit, the token at rest, no
// outstanding request, and every node done but the token's holder, which needs no request.
func (p *Protocol) Done(s model.State) bool {
	at, moving := p.Token(s)
	if moving {
		return false
	}
	for v := range p.n {
		if _, _, _, ok := p.Find(s, v); ok {
			return false
		}
		if st := int(s[p.status[v]]); st%2 == 1 || v != at && st != 2*p.cfg.Requests {
			return false
		}
	}
	return true
}

// Quiet: no find in transit, the token at rest, no outstanding request.
func (p *Protocol) Quiet(s model.State) bool {
	if _, moving := p.Token(s); moving {
		return false
	}
	for v := range p.n {
		if _, _, _, ok := p.Find(s, v); ok || p.Waiting(s, v) {
			return false
		}
	}
	return true
}

// Invariants are the lemmas' configuration invariants, named after them.
func (p *Protocol) Invariants() []model.Property {
	out := []model.Property{
		{Name: "Lemma 2(1) black and red edges form a directionless tree", Holds: p.TreeBR},
		{Name: "Lemma 2(2) every green replacement gives a directionless tree", Holds: p.TreeBG},
		{Name: "Lemma 2(3) visited(r) ∪ waiting(prod r) ⊆ src(r)", Holds: p.SourceHoldsVisited},
		{Name: "Lemma 3 node states {L,T} {} {T,N} {L} {N}, {L} and {N} waiting", Holds: p.NodeStates},
		{Name: "next pointers injective, waiting chains acyclic", Holds: p.NextChains},
		{Name: "Lemma 3 a self-loop's top has the token, gets it, or has its find in transit", Holds: p.SelfLoopsLead},
	}
	if p.cfg.NewParent == Bridge {
		out = append(out, p.BridgeInvariants()...)
	}
	return out
}

// Actions are the action invariants.
func (p *Protocol) Actions() []model.ActionProperty {
	return []model.ActionProperty{{Name: "Theorem 4 no node receives a find twice", Holds: p.ReceivesOnce}}
}

// Satisfied is, per node v, the goal "v has no outstanding request": with weak fairness per
// message, Theorem 5's "every token request is satisfied" for unbounded request sequences.
func (p *Protocol) Satisfied() []model.Property {
	var out []model.Property
	for v := range p.n {
		out = append(out, model.Property{Name: "Theorem 5 the request of " + p.labels[v] + " is satisfied",
			Holds: func(s model.State) bool { return !p.Waiting(s, v) }})
	}
	return out
}
