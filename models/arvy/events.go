package arvy

import "github.com/mc-checker/mc/checker/model"

// Fire applies one event (the protocol runs asynchronously, one event per step).
func (p *Protocol) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		v := m.Proc
		switch m.Rule {
		case ruleRequest:
			p.request(s, v, next)
		case ruleSendToken:
			next[p.token] = byte(p.n + p.Next(s, v))
			if p.cfg.Mutant != KeepNext {
				next[p.next[v]] = 0
			}
		case ruleReceiveToken:
			next[p.token] = byte(v)
			if st := s[p.status[v]]; st%2 == 1 { // the request is satisfied
				next[p.status[v]] = (st + 1) % byte(p.schema.Vars[p.status[v]].Domain.Size)
			}
		default:
			u, x := (m.Rule-ruleFind)/p.n, (m.Rule-ruleFind)%p.n
			p.receiveFind(s, v, u, x, next)
		}
	}
}

// request: RequestToken(v), lines 2 and 3: "find by v" goes to p(v), and p(v) := v. With the
// bridge, the find carries the bit of the edge it leaves by.
func (p *Protocol) request(s model.State, v int, next model.State) {
	next[p.status[v]] = s[p.status[v]] + 1
	p.send(s, next, v, v, p.Parent(s, v), 1<<v)
	if p.cfg.Mutant != NoSelfLoop {
		next[p.parent[v]] = byte(v)
	}
	if p.bridge != nil {
		next[p.bridge[v]] = 0
	}
}

// send puts u's find on its way from sender to receiver, carrying the bridge bit of the
// sender's parent edge if the receiver is the sender's parent.
func (p *Protocol) send(s, next model.State, u, sender, receiver int, visited uint) {
	next[p.to[u]] = byte(receiver + 1)
	next[p.from[u]] = byte(sender)
	next[p.visited[u]] = byte(visited)
	if p.carries != nil {
		next[p.carries[u]] = 0
		if receiver == p.Parent(s, sender) {
			next[p.carries[u]] = s[p.bridge[sender]]
		}
	}
}

// receiveFind: ReceiveMessage(w, u, sender), lines 6 to 14, with x the new parent. The token
// is sent by an event of its own.
func (p *Protocol) receiveFind(s model.State, w, u, x int, next model.State) {
	old := p.Parent(s, w)
	_, _, visited, _ := p.Find(s, u)
	if !(p.cfg.Mutant == RootKeepsLoop && old == w) {
		next[p.parent[w]] = byte(x)
	}
	if p.bridge != nil { // the new parent edge is the bridge iff the find crossed it
		next[p.bridge[w]] = s[p.carries[u]]
	}
	if old != w {
		to := old
		if p.cfg.Mutant == ForwardToNew {
			to = x
		}
		p.send(s, next, u, w, to, visited|1<<w)
		return
	}
	next[p.next[w]] = byte(u + 1)
	next[p.to[u]], next[p.from[u]], next[p.visited[u]] = 0, 0, 0
	if p.carries != nil {
		next[p.carries[u]] = 0
	}
}

// Units: weak fairness per message, the find of each producer and the token.
func (p *Protocol) Units() []string {
	var out []string
	for _, l := range p.labels {
		out = append(out, "the find of "+l)
	}
	return append(out, "the token")
}

// RuleUnit: a request is the environment's; a token event serves the token; receiving a find
// serves its producer's.
func (p *Protocol) RuleUnit(_, r int) int {
	switch r {
	case ruleRequest:
		return -1
	case ruleSendToken, ruleReceiveToken:
		return p.n
	}
	return (r - ruleFind) / p.n
}
