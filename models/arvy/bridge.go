package arvy

import "github.com/mc-checker/mc/checker/model"

// The invariants of the bridge heuristic (Section 6) under concurrent requests, on the ring
// v_1..v_n (nodes 0..n-1) cut into the semicircles A = {0..n/2-1} and B = {n/2..n-1}.

func (p *Protocol) side(v int) int { return v / (p.n / 2) }

func (p *Protocol) ringEdge(a, b int) bool { return (a-b+p.n)%p.n == 1 || (b-a+p.n)%p.n == 1 }

// bridges lists the bridge's occurrences: black edges marked as the bridge (a mark on a
// self-loop counts, as a bridge that is nowhere) and finds that carry it.
func (p *Protocol) bridges(s model.State) [][2]int {
	var out [][2]int
	for v := range p.n {
		if s[p.bridge[v]] == 1 {
			out = append(out, [2]int{v, p.Parent(s, v)})
		}
	}
	for u := range p.n {
		if from, to, _, ok := p.Find(s, u); ok && s[p.carries[u]] == 1 {
			out = append(out, [2]int{from, to})
		}
	}
	return out
}

// OneBridge: exactly one bridge, as a black edge or riding on a find.
func (p *Protocol) OneBridge(s model.State) bool { return len(p.bridges(s)) == 1 }

// BridgeCrosses: the bridge's ends are in different semicircles.
func (p *Protocol) BridgeCrosses(s model.State) bool {
	for _, e := range p.bridges(s) {
		if p.side(e[0]) == p.side(e[1]) {
			return false
		}
	}
	return true
}

// RingInside: every other black edge is a ring edge inside one semicircle.
func (p *Protocol) RingInside(s model.State) bool {
	for v := range p.n {
		w := p.Parent(s, v)
		if w == v || s[p.bridge[v]] == 1 {
			continue
		}
		if !p.ringEdge(v, w) || p.side(v) != p.side(w) {
			return false
		}
	}
	return true
}

// BridgeInvariants are the three, named.
func (p *Protocol) BridgeInvariants() []model.Property {
	return []model.Property{
		{Name: "bridge exactly one, as a black edge or riding on a find", Holds: p.OneBridge},
		{Name: "bridge ends in different semicircles", Holds: p.BridgeCrosses},
		{Name: "bridge every other black edge a ring edge inside a semicircle", Holds: p.RingInside},
	}
}
