package ssarrow

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
	"github.com/mc-checker/mc/invariants"
	"github.com/mc-checker/mc/models/topology"
)

// Phi is φ(e) = p(a,e) + p(b,e) + F(e) for the edge whose child is b (equation 1).
func (p *Protocol) Phi(s model.State, b int) int {
	a := p.tree.Parent[b]
	phi := p.down.Count(s[p.chDown[b]:], downFind) + p.up.Count(s[p.chUp[b]:], upFind)
	if p.Arrow(s, a) == b {
		phi++
	}
	if p.Arrow(s, b) == a {
		phi++
	}
	return phi
}

// FullyLegal is Definition 6.1 for the edge whose child is b: φ(e) = 1 and P1 ∨ P2 (Observed).
//
// P1: a observes, exactly one observer is on the edge, and R1 (it is on its way to b: φ(e) =
// sent + p(a,e) + p(b,e) + |Fla|) or R2 (it is on its way back carrying pobs(b,e): φ(e) = sent
// + p(a,e) + pobs(b,e) + |Fla|), where Fla are the finds between the observer and a, going
// round the edge a → b → a. P2: a corrects, no observer is on the edge, and φest = φ(e).
func (p *Protocol) FullyLegal(s model.State, b int) bool {
	return p.Phi(s, b) == 1 && p.Observed(s, b)
}

// Observed is P1 ∨ P2 for the edge whose child is b (Lemmas 6.4 and 6.5), whatever φ(e).
func (p *Protocol) Observed(s model.State, b int) bool {
	phi := p.Phi(s, b)
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
func (p *Protocol) Legitimate() model.Predicate {
	return invariants.EveryEdge(p.edges, func(s model.State, b int) bool { return p.FullyLegal(s, b) })
}

// TimerConsistent holds for an edge whose parent, if observing, will have its observer back
// before its next timeout: timer + the ticks the observer may still take < τ. Definition 6.1
// says nothing of the timer, and a corrupted timer with an otherwise fully legal edge sends a
// second observer (see docs/SSARROW.md).
func (p *Protocol) TimerConsistent(s model.State, b int) bool {
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
func (p *Protocol) observerAge(w []byte, ch *channel.Timed) int {
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
func (p *Protocol) LegitimateConsistent() model.Predicate {
	return invariants.EveryEdge(p.edges, func(s model.State, b int) bool {
		return p.FullyLegal(s, b) && p.TimerConsistent(s, b)
	})
}

// EveryObserved: every edge satisfies P1 ∨ P2, with its timer consistent if consistent
// (Lemma 6.4 reaches it, Lemma 6.5 keeps it).
func (p *Protocol) EveryObserved(consistent bool) model.Predicate {
	return invariants.EveryEdge(p.edges, func(s model.State, b int) bool {
		return p.Observed(s, b) && (!consistent || p.TimerConsistent(s, b))
	})
}

// Initial: channels and counters start within their initial ranges; everything else is
// arbitrary.
func (p *Protocol) Initial() model.Predicate {
	return func(s model.State) bool {
		for _, b := range p.edges {
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
func mover(st model.Step) (int, int) { return st.Moves[0].Proc, st.Moves[0].Rule }

// ChildKeepsPhi is Lemma 6.1: the child b of an edge never changes φ(e).
func (p *Protocol) ChildKeepsPhi(from model.State, st model.Step, to model.State) bool {
	v, _ := mover(st)
	if v == p.clock || p.tree.Parent[v] < 0 {
		return true
	}
	return p.Phi(from, v) == p.Phi(to, v)
}

// OnlyOwnEdge is Lemma 6.2: φ(f) changes only by an action of f's parent dealing with f
// (receiving from f's child, or f's timeout); every other step keeps every φ.
func (p *Protocol) OnlyOwnEdge(from model.State, st model.Step, to model.State) bool {
	v, r := mover(st)
	for _, b := range p.edges {
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
func (p *Protocol) ObserveKeepsPhi(from model.State, st model.Step, to model.State) bool {
	v, _ := mover(st)
	for _, b := range p.edges {
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

// maxInitial bounds the initial configurations the model lists: beyond, the search would not
// fit memory anyway, and listing them would take longer than the user should wait.
const maxInitial = 50_000_000

// InitialStates lists the configurations Initial selects. Each node's arrow and each edge's
// variables are chosen independently, so it enumerates the valid values of every node and edge
// and then their product, never the far larger universe of the representable ranges.
func (p *Protocol) InitialStates() ([]model.State, error) {
	var groups [][]assignment
	for v := range p.tree.N() {
		var g []assignment
		for i := range p.choices[v] {
			g = append(g, assignment{{p.arrow[v], byte(i)}})
		}
		groups = append(groups, g)
	}
	for _, b := range p.edges {
		groups = append(groups, p.initialEdges(b))
	}
	count := 1
	for _, g := range groups {
		if count *= len(g); count > maxInitial {
			return nil, fmt.Errorf("ssarrow: more than %d initial configurations on %s; take a smaller tree or init=0", maxInitial, p.tree.Name)
		}
	}
	out := make([]model.State, 0, count)
	choice := make([]int, len(groups))
	for {
		s := p.schema.NewState()
		for gi, c := range choice {
			for _, a := range groups[gi][c] {
				s[a.v] = a.value
			}
		}
		out = append(out, s)
		i := 0
		for ; i < len(choice); i++ {
			if choice[i]++; choice[i] < len(groups[i]) {
				break
			}
			choice[i] = 0
		}
		if i == len(choice) {
			return out, nil
		}
	}
}

// setVar gives variable v a value; an assignment gives several.
type setVar struct {
	v     model.Ref
	value byte
}

type assignment []setVar

// initialEdges lists the initial values of the variables of the edge whose child is b.
func (p *Protocol) initialEdges(b int) []assignment {
	var phases, timers []byte
	for k := 0; k <= p.cfg.Sent0; k++ {
		phases = append(phases, p.observe(k))
	}
	for k := 0; k <= p.cfg.Phi0; k++ {
		phases = append(phases, p.correct(k))
	}
	for t := 0; t <= p.cfg.Timeout; t++ {
		timers = append(timers, byte(t))
	}
	// Channel contents with at most Capacity0 messages on the edge, both directions together.
	type contents struct {
		down, up []byte
	}
	var chans []contents
	var grow func(c contents, room int)
	grow = func(c contents, room int) {
		if len(c.down) == p.down.Vars() && len(c.up) == p.up.Vars() {
			chans = append(chans, contents{append([]byte(nil), c.down...), append([]byte(nil), c.up...)})
			return
		}
		seg, into := p.down.Segment, &c.down
		if len(c.down) == p.down.Vars() {
			seg, into = p.up.Segment, &c.up
		}
		for v := range len(seg.Domain().Names) {
			if n := seg.Len(byte(v)); n <= room {
				*into = append(*into, byte(v))
				grow(c, room-n)
				*into = (*into)[:len(*into)-1]
			}
		}
	}
	grow(contents{}, p.cfg.Capacity0)
	var out []assignment
	for _, ph := range phases {
		for _, t := range timers {
			for _, c := range chans {
				a := assignment{{p.phase[b], ph}, {p.timer[b], t}}
				for age, v := range c.down {
					a = append(a, setVar{p.chDown[b] + model.Ref(age), v})
				}
				for age, v := range c.up {
					a = append(a, setVar{p.chUp[b] + model.Ref(age), v})
				}
				out = append(out, a)
			}
		}
	}
	return out
}
