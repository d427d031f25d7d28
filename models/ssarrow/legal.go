package ssarrow

import (
	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/invariants"
	"github.com/mc-checker/mc/models/topology"
)

// Phi is φ(e) = p(a,e) + p(b,e) + F(e) for the edge whose child is b (equation 1).
func (p *Protocol) Phi(s checker.State, b int) int {
	a := p.tree.Parent[b]
	phi := p.info(s, p.chDown[b], p.down, downObserver).finds + p.info(s, p.chUp[b], p.up, upObserver0).finds
	if p.Arrow(s, a) == b {
		phi++
	}
	if p.Arrow(s, b) == a {
		phi++
	}
	return phi
}

// FullyLegal is Definition 6.1 for the edge whose child is b: φ(e) = 1 and P1 ∨ P2.
//
// P1: a observes, exactly one observer is on the edge, and R1 (it is on its way to b: φ(e) =
// sent + p(a,e) + p(b,e) + |Fla|) or R2 (it is on its way back carrying pobs(b,e): φ(e) = sent
// + p(a,e) + pobs(b,e) + |Fla|), where Fla are the finds between the observer and a, going
// round the edge a → b → a. P2: a corrects, no observer is on the edge, and φest = φ(e).
func (p *Protocol) FullyLegal(s checker.State, b int) bool {
	phi := p.Phi(s, b)
	if phi != 1 {
		return false
	}
	a := p.tree.Parent[b]
	down, up := p.info(s, p.chDown[b], p.down, downObserver), p.info(s, p.chUp[b], p.up, upObserver0)
	pa, pb := 0, 0
	if p.Arrow(s, a) == b {
		pa = 1
	}
	if p.Arrow(s, b) == a {
		pb = 1
	}
	ph := s[p.phase[b]]
	if est, correcting := p.correcting(ph); correcting {
		return down.observers+up.observers == 0 && est == phi
	}
	sent, _ := p.observing(ph)
	switch {
	case down.observers == 1 && up.observers == 0: // R1
		return phi == sent+pa+pb+down.findsBeforeObs+up.finds
	case down.observers == 0 && up.observers == 1: // R2
		return phi == sent+pa+up.observed+up.findsBeforeObs
	}
	return false
}

// Legitimate: every edge is fully legal.
func (p *Protocol) Legitimate() checker.Predicate {
	return invariants.EveryEdge(p.childEdges(), func(s checker.State, b int) bool { return p.FullyLegal(s, b) })
}

// TimerConsistent holds for an edge whose parent, if observing, will have its observer back
// before its next timeout: timer + the ticks the observer may still take < τ. Definition 6.1
// says nothing of the timer, and a corrupted timer with an otherwise fully legal edge sends a
// second observer (see docs/SSARROW.md).
func (p *Protocol) TimerConsistent(s checker.State, b int) bool {
	if _, observing := p.observing(s[p.phase[b]]); !observing {
		return true
	}
	d := p.cfg.Delay
	left := 0
	if age := p.observerAge(s[p.chDown[b]:], p.down); age >= 0 {
		left = (d - age) + d
	} else if age := p.observerAge(s[p.chUp[b]:], p.up); age >= 0 {
		left = d - age
	}
	return int(s[p.timer[b]])+left < p.cfg.Timeout
}

// observerAge is the age of the first observer in the channel, or -1.
func (p *Protocol) observerAge(w []byte, ch *checker.TimedChannel) int {
	for age := ch.Delay; age >= 0; age-- {
		for _, k := range ch.Segment.Kinds(w[age]) {
			if k != 0 {
				return age
			}
		}
	}
	return -1
}

// LegitimateConsistent: every edge is fully legal and its timer consistent.
func (p *Protocol) LegitimateConsistent() checker.Predicate {
	return invariants.EveryEdge(p.childEdges(), func(s checker.State, b int) bool {
		return p.FullyLegal(s, b) && p.TimerConsistent(s, b)
	})
}

// childEdges names every edge by its child.
func (p *Protocol) childEdges() []int {
	var out []int
	for _, e := range p.tree.Edges() {
		out = append(out, e.Child)
	}
	return out
}

// Initial: channels and counters start within their initial ranges; everything else is
// arbitrary.
func (p *Protocol) Initial() checker.Predicate {
	return func(s checker.State) bool {
		for _, b := range p.childEdges() {
			if p.down.Len(s[p.chDown[b]:])+p.up.Len(s[p.chUp[b]:]) > p.cfg.Capacity0 {
				return false
			}
			ph := s[p.phase[b]]
			if sent, ok := p.observing(ph); ok && sent > p.cfg.Sent0 {
				return false
			}
			if phi, ok := p.correcting(ph); ok && phi > p.cfg.Phi0 {
				return false
			}
		}
		return true
	}
}

// mover is the process of a one-event step and its rule.
func mover(st checker.Step) (int, int) { return st.Moves[0].Proc, st.Moves[0].Rule }

// ChildKeepsPhi is Lemma 6.1: the child b of an edge never changes φ(e).
func (p *Protocol) ChildKeepsPhi(from checker.State, st checker.Step, to checker.State) bool {
	v, _ := mover(st)
	if v == p.clock || p.tree.Parent[v] < 0 {
		return true
	}
	return p.Phi(from, v) == p.Phi(to, v)
}

// OnlyOwnEdge is Lemma 6.2: φ(f) changes only by an action of f's parent dealing with f
// (receiving from f's child, or f's timeout); every other step keeps every φ.
func (p *Protocol) OnlyOwnEdge(from checker.State, st checker.Step, to checker.State) bool {
	v, r := mover(st)
	for _, b := range p.childEdges() {
		if p.Phi(from, b) == p.Phi(to, b) {
			continue
		}
		if v != p.tree.Parent[b] || !p.dealsWith(v, r, b) {
			return false
		}
	}
	return true
}

// dealsWith reports whether rule r of the parent v concerns its edge to the child b.
func (p *Protocol) dealsWith(v, r, b int) bool {
	deg := len(p.tree.Adj[v])
	if r >= 1 && r <= deg {
		return p.tree.Adj[v][r-1] == b
	}
	return r > deg && p.children[v][r-1-deg] == b
}

// ObserveKeepsPhi is Lemma 6.3: while the parent of e stays in the observe phase, its steps
// do not change φ(e).
func (p *Protocol) ObserveKeepsPhi(from checker.State, st checker.Step, to checker.State) bool {
	v, _ := mover(st)
	for _, b := range p.childEdges() {
		if p.tree.Parent[b] != v {
			continue
		}
		_, before := p.observing(from[p.phase[b]])
		_, after := p.observing(to[p.phase[b]])
		if before && after && p.Phi(from, b) != p.Phi(to, b) {
			return false
		}
	}
	return true
}

// Tree is the topology the protocol runs on.
func (p *Protocol) Tree() *topology.Tree { return p.tree }

// InitialStates lists the configurations Initial selects, by enumerating each variable's
// initial values only (the universe of the model's representable ranges is far larger).
func (p *Protocol) InitialStates() []checker.State {
	values := make([][]byte, p.schema.Width())
	for v := range p.tree.N() {
		for i := range p.choices[v] {
			values[v] = append(values[v], byte(i))
		}
	}
	for _, b := range p.childEdges() {
		for k := 0; k <= p.cfg.Sent0; k++ {
			values[p.phase[b]] = append(values[p.phase[b]], p.observe(k))
		}
		for k := 0; k <= p.cfg.Phi0; k++ {
			values[p.phase[b]] = append(values[p.phase[b]], p.correct(k))
		}
		for t := 0; t <= p.cfg.Timeout; t++ {
			values[p.timer[b]] = append(values[p.timer[b]], byte(t))
		}
		for age := range p.down.Vars() {
			values[p.chDown[b]+age] = contentsUpTo(p.down.Segment, p.cfg.Capacity0)
			values[p.chUp[b]+age] = contentsUpTo(p.up.Segment, p.cfg.Capacity0)
		}
	}
	var out []checker.State
	choice := make([]int, len(values))
	for {
		s := p.schema.NewState()
		for i, c := range choice {
			s[i] = values[i][c]
		}
		if p.Initial()(s) {
			out = append(out, s)
		}
		i := 0
		for ; i < len(choice); i++ {
			if choice[i]++; choice[i] < len(values[i]) {
				break
			}
			choice[i] = 0
		}
		if i == len(choice) {
			return out
		}
	}
}

// contentsUpTo lists the channel values holding at most k messages.
func contentsUpTo(c *checker.Channel, k int) []byte {
	var out []byte
	for v := range len(c.Domain().Names) {
		if c.Len(byte(v)) <= k {
			out = append(out, byte(v))
		}
	}
	return out
}
