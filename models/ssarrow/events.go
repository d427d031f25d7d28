package ssarrow

import "github.com/mc-checker/mc/checker/model"
import channelpkg "github.com/mc-checker/mc/checker/model/channel"

// Rules of node v: 0 is a request, 1+i receives from Adj[v][i], 1+deg+j is the timeout of the
// edge to children[v][j]. The clock has one rule, the tick.

func (p *Protocol) RuleName(v, r int) string {
	if v == p.clock {
		return "tick"
	}
	deg := len(p.tree.Adj[v])
	switch {
	case r == 0:
		return "request"
	case r <= deg:
		return "receive from " + p.tree.Labels[p.tree.Adj[v][r-1]]
	}
	return "timeout on " + p.tree.Labels[v] + p.tree.Labels[p.children[v][r-1-deg]]
}

func (p *Protocol) rules(v int) int {
	if v == p.clock {
		return 1
	}
	return 1 + len(p.tree.Adj[v]) + len(p.children[v])
}

// Enabled lists the rules whose event can happen now.
func (p *Protocol) Enabled(s model.State, v int, dst []int) []int {
	var buf [128]byte
	next := append(buf[:0], s...) // on the stack unless the state is large
	for r := range p.rules(v) {
		copy(next, s)
		if p.event(s, v, r, next) {
			dst = append(dst, r)
		}
	}
	return dst
}

// Fire applies one event: the protocol is asynchronous, one event per step.
func (p *Protocol) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		p.event(s, m.Proc, m.Rule, next)
	}
}

// event performs rule r of v from s into next (a copy of s) and reports whether it can happen.
func (p *Protocol) event(s model.State, v, r int, next model.State) bool {
	if v == p.clock {
		return p.tick(s, next)
	}
	deg := len(p.tree.Adj[v])
	switch {
	case r == 0:
		return p.request(s, v, next)
	case r <= deg:
		return p.receive(s, v, p.tree.Adj[v][r-1], next)
	}
	return p.timeout(s, p.children[v][r-1-deg], next)
}

// push appends a message; a full channel gets a value outside its domain, which the checker
// reports as the model's capacity being too small.
func push(next model.State, c model.Ref, ch *channelpkg.Timed, kind int) {
	if !ch.Push(window(next, c, ch), kind) {
		next[c] = outOfBounds
	}
}

// sendFind sends a find from v to w. A find a parent sends on its edge during the observe
// phase is counted in sent (transitions 2(c) and 6(b)).
func (p *Protocol) sendFind(v, w int, next model.State) {
	c, ch := p.channel(v, w)
	push(next, c, ch, 0)
	if p.tree.Parent[w] == v {
		if sent, observing := p.observing(next[p.phase[w]]); observing {
			next[p.phase[w]] = p.observe(sent + 1)
		}
	}
}

// request: v sends a find to p(v) and points to itself (a request at a sink is queued behind
// its own and changes nothing, so it is no event).
func (p *Protocol) request(s model.State, v int, next model.State) bool {
	a := p.Arrow(s, v)
	if a == v {
		return false
	}
	p.sendFind(v, a, next)
	next[p.arrow[v]] = p.pointTo(v, v)
	return true
}

// arrowStep is the normal arrow protocol action of v on a find from u: queue it at a sink, or
// forward it to p(v); either way p(v) := u.
func (p *Protocol) arrowStep(s model.State, v, u int, next model.State) bool {
	if a := p.Arrow(s, v); a != v {
		p.sendFind(v, a, next)
	}
	next[p.arrow[v]] = p.pointTo(v, u)
	return true
}

func (p *Protocol) receive(s model.State, v, u int, next model.State) bool {
	c, ch := p.channel(u, v)
	kind, ok := ch.Head(window(s, c, ch))
	if !ok {
		return false
	}
	ch.Pop(window(s, c, ch), window(next, c, ch))
	if p.tree.Parent[u] == v {
		return p.parentReceives(s, v, u, kind, next)
	}
	return p.childReceives(s, v, u, kind, next)
}

// parentReceives is 5.3.1, transitions 2 to 5, for a receiving from its child b.
func (p *Protocol) parentReceives(s model.State, a, b, kind int, next model.State) bool {
	ph := s[p.phase[b]]
	sent, observing := p.observing(ph)
	phi, _ := p.correcting(ph)
	pa := p.Arrow(s, a)
	switch {
	case kind == upFind && observing && pa == b: // 2(c): send it back, keep φ(e)
		p.sendFind(a, b, next)
		return true
	case kind == upFind && observing: // 2(a), 2(b)
		return p.arrowStep(s, a, b, next)
	case kind == upFind && phi > 1: // 4(a): ignore the find
		next[p.phase[b]] = p.correct(phi - 1)
		return true
	case kind == upFind && pa == b: // 4(b): send it back
		p.sendFind(a, b, next)
		return true
	case kind == upFind: // 4(c)
		return p.arrowStep(s, a, b, next)
	case !observing: // 5: an observer in the correct phase is ignored
		return true
	}
	// 3: the observer is back; estimate φ(e) and correct it.
	x := kind - upObserver0
	est := sent + x
	if pa == b {
		est++
	}
	switch {
	case est == 0: // 3(c)i: inject a find
		push(next, p.chDown[b], p.down, downFind)
		est = 1
	case est > 1 && pa == b: // 3(c)ii
		next[a] = p.pointTo(a, a)
		est--
	}
	next[p.phase[b]] = p.correct(est)
	return true
}

// childReceives is 5.3.2 for b receiving from its parent a.
func (p *Protocol) childReceives(s model.State, b, a, kind int, next model.State) bool {
	pb := p.Arrow(s, b)
	switch {
	case kind == downObserver: // 3: reply with p(b,e)
		reply := upObserver0
		if pb == a {
			reply = upObserver1
		}
		push(next, p.chUp[b], p.up, reply)
		return true
	case pb == a: // 1(a): send the find back
		p.sendFind(b, a, next)
		return true
	}
	return p.arrowStep(s, b, a, next) // 1(b), 1(c)
}

// timeout is 5.3.1 transition 1: start an observe phase (or, for the mutant, correct blindly).
func (p *Protocol) timeout(s model.State, b int, next model.State) bool {
	if int(s[p.timer[b]]) != p.cfg.Timeout {
		return false
	}
	next[p.timer[b]] = 0
	if p.cfg.SkipObserve {
		local := 0
		if p.Arrow(s, p.tree.Parent[b]) == b {
			local = 1
		}
		next[p.phase[b]] = p.correct(local)
		return true
	}
	push(next, p.chDown[b], p.down, downObserver)
	next[p.phase[b]] = p.observe(0)
	return true
}

// tick lets one unit of time pass: every message ages and every timer advances. Time may not
// pass while an urgent event can happen: receiving a message that reached the delay bound, or
// a timeout that is due.
func (p *Protocol) tick(s model.State, next model.State) bool {
	if p.urgent(s) {
		return false
	}
	for b, c := range p.chDown {
		if c < 0 {
			continue
		}
		age(s, next, c, p.down)
		age(s, next, p.chUp[b], p.up)
		if t := int(s[p.timer[b]]); t < p.cfg.Timeout {
			next[p.timer[b]] = byte(t + 1)
		}
	}
	return true
}

// age ages the channel whose variables start at c; an overflow of its oldest age is reported,
// never dropped.
func age(s, next model.State, c model.Ref, ch *channelpkg.Timed) {
	if !ch.Tick(window(s, c, ch), window(next, c, ch)) {
		next[c] = outOfBounds
	}
}

// window is the variables of the channel that start at c.
func window(s model.State, c model.Ref, ch *channelpkg.Timed) []byte {
	return s[c : int(c)+ch.Vars()]
}

func (p *Protocol) urgent(s model.State) bool {
	var buf [128]byte
	next := append(buf[:0], s...)
	for b, c := range p.chDown {
		if c < 0 {
			continue
		}
		a := p.tree.Parent[b]
		urgent := p.down.Due(window(s, c, p.down)) && p.receive(s, b, a, next)
		copy(next, s)
		urgent = urgent || p.up.Due(window(s, p.chUp[b], p.up)) && p.receive(s, a, b, next)
		copy(next, s)
		urgent = urgent || p.timeout(s, b, next)
		copy(next, s)
		if urgent {
			return true
		}
	}
	return false
}
