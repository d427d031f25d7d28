package leader

import (
	"math/bits"

	"github.com/mc-checker/mc/checker/model"
)

// coinSource hands out the round's coin bits, in the order the round draws them.
type coinSource struct {
	outcome, used int
}

func (c *coinSource) bit() int {
	b := c.outcome >> c.used & 1
	c.used++
	return b
}

// coins is the number of fair coin bits node v draws this round: the round run dry, counting.
func (pr *Protocol) coins(s model.State, v, rule int) int {
	c := &coinSource{}
	pr.step(s, v, rule, c)
	return c.used
}

// round runs node v's round with the coins' outcome and writes what v owns into next.
func (pr *Protocol) round(s model.State, v, rule, outcome int, next model.State) {
	n := pr.step(s, v, rule, &coinSource{outcome: outcome})
	pr.store(&n, v, next)
}

// step is node v's round (and its shadow's): timers, the messages sent to it in the previous
// round, the token it held, and, at a root, the controller of phases and epochs. Every slot
// v sends on is rewritten: a message lasts one round.
func (pr *Protocol) step(s model.State, v, rule int, c *coinSource) node {
	old := pr.load(s, v)
	n := old
	n.msgs = [2]int{}
	n.f[fTosh], n.f[fFromsh], n.f[fRecent], n.f[fSrecent] = 0, 0, 0, 0
	n.f[fTmr]++
	n.f[fStmr]++
	if !pr.consistent(&old, v) || n.f[fTmr] > pr.expire || n.f[fStmr] > pr.expire {
		return pr.restart(old, v)
	}
	if !pr.shadowRound(&old, &n) {
		return pr.restart(old, v)
	}
	if !pr.receive(s, &old, &n, v, c) {
		return pr.restart(old, v)
	}
	switch {
	case pr.passes(&old) && rule == ruleHold:
		n.f[fHeld]++
	case pr.passes(&old):
		n.f[fHeld] = 0
		pr.pass(&old, &n, v)
	default:
		n.f[fHeld] = 0
	}
	// A root that is still one after its messages (not merged into another tree this round)
	// runs its controller; a node that became root this round starts it next round.
	if old.f[fPrnt] == 0 && n.f[fPrnt] == 0 && !pr.control(s, &old, &n, v, c) {
		return pr.restart(old, v)
	}
	return n
}

// passes reports whether v holds a hot token it acquired in an earlier round: it passes it
// this round (or holds it, ruleHold).
func (pr *Protocol) passes(n *node) bool {
	return n.f[fTkn] == 1 && !(n.f[fPrnt] == 0 && n.f[fCold] == 1)
}

// shadowRound is ṽ's round, simulated by v: a token it held goes back to v; a pass_tkn from
// v is acquired if ṽ holds none and passed none last round (its tkn_d is always v, its
// parent). False: a premature discovery, which restarts v and ṽ.
func (pr *Protocol) shadowRound(old, n *node) bool {
	if old.f[fStkn] == 1 {
		n.f[fStkn], n.f[fSrecent], n.f[fFromsh] = 0, 1, 1
	}
	switch {
	case old.f[fTosh] != 0 && old.f[fStkn] == 0 && old.f[fSrecent] == 0:
		if n.f[fStmr] < pr.early {
			return false
		}
		n.f[fStmr], n.f[fStkn] = 0, 1
	case old.f[fTosh] != 0:
		n.died = true
	}
	return true
}

// receive processes the messages sent to v in the previous round; false: v must restart.
func (pr *Protocol) receive(s model.State, old, n *node, v int, c *coinSource) bool {
	got := false                                    // acquired a token: at most one a round
	free := old.f[fTkn] == 0 && old.f[fRecent] == 0 // conditions (i) and (ii)
	if old.f[fFromsh] == 1 && free && old.f[fTknd] == 0 {
		n.f[fTkn], got = 1, true // back from ṽ, which has no crossing port
	} else if old.f[fFromsh] == 1 {
		n.died = true
	}
	for j, u := range pr.nb[v] {
		m := pr.incoming(s, u, v)
		from := free && !got && old.f[fTknd] == j+1 // condition (iii)
		before := got
		switch {
		case m >= mDown && m < mUp && from && old.f[fPrnt] == j+1:
			got = true
			if !pr.discover(s, old, n, v, m-mDown, c) {
				return false
			}
		case m >= mUp && m < mTrns && from && pr.isChild(old, v, j):
			got = true
			n.f[fTkn] = 1
			add(n, m-mUp, j+1)
		case m == mTrns && from && old.f[fPrnt] == j+1:
			got = true
			if !pr.becomeRoot(old, n, v, j) {
				return false
			}
		case m == mPropose && old.f[fAccpt] == 1 && !pr.treeNeighbor(old, v, j):
			n.f[fInp] |= 1 << j
		case m == mAccept && old.f[fPrnt] == 0 && old.f[fPh] == 0 && old.f[fEp] == pr.search+3 && old.f[fOut] == j+1 && old.f[fTkn] == 1:
			// The merger, from x's side: y is its parent now, x's token dissolves.
			n.f[fPrnt], n.f[fTkn], n.f[fTknd], n.f[fOut], n.f[fCold] = j+1, 0, j+1, 0, 0
			n.f[fPh], n.f[fEp], n.f[fRc] = 0, 0, 0 // no controller any more
		}
		if m >= mDown && m <= mTrns && got == before {
			n.died = true // a pass_tkn or root_trns ignored: its token dies
		}
	}
	return true
}

// discover acquires a hot token from the parent (or, at a root, starts a traversal): the
// timer must have run Ctr·N rounds since the last discovery (else a premature discovery:
// false), and is reset; out_prop is reset; a search epoch turns accpt off (and forgets the
// proposals); in the safety epoch, FindAny samples v's crossing edges.
func (pr *Protocol) discover(s model.State, old, n *node, v, kind int, c *coinSource) bool {
	if n.f[fTmr] < pr.early {
		return false
	}
	n.f[fTmr], n.f[fTkn], n.f[fKind], n.f[fOut], n.f[fCnt], n.f[fVia] = 0, 1, kind, 0, 0, 0
	if kind != kAccept {
		n.f[fAccpt], n.f[fInp] = 0, 0
	}
	if kind == kSafety {
		for j, u := range pr.nb[v] {
			if !pr.treeNeighbor(old, v, j) && pr.crosses(s, v, u) && c.bit() == 1 {
				add(n, 1, j+1)
			}
		}
	}
	return true
}

// add counts k crossing ports (0, 1, 2 meaning two or more) reached through via.
func add(n *node, k, via int) {
	switch total := min(2, n.f[fCnt]+k); {
	case n.f[fCnt] == 0 && k == 1:
		n.f[fCnt], n.f[fVia] = 1, via
	default:
		n.f[fCnt] = total
	}
}

// becomeRoot is Trnsfer at v: the cold token arrives from the parent, v is the root and the
// old parent its last child; next round it decides from out_prop (pass the root role on, or
// propose over the crossing edge it points to).
func (pr *Protocol) becomeRoot(old, n *node, v, j int) bool {
	list := append(append([]int(nil), pr.children(old, v)...), j)
	if !pr.setChildren(n, v, list) {
		return false
	}
	n.f[fTkn], n.f[fCold], n.f[fPrnt] = 1, 1, 0
	n.f[fPh], n.f[fEp], n.f[fRc] = 0, pr.search, 0
	return true
}

// pass is what v does with a hot token it held since an earlier round: hand it to the next
// tree neighbour in πv, or at a root back from its last child end the traversal (the token
// turns cold). Retraction ready in an accepting epoch, with accpt on and a proposal
// registered, v first sends an accept and merges the proposer in the next round, as its last
// child, to which the token then goes.
func (pr *Protocol) pass(old, n *node, v int) {
	order := pr.order(old, v)
	root := old.f[fPrnt] == 0
	last := order[len(order)-1]
	if !root {
		last = order[len(order)-2]
	}
	retracting := old.f[fTknd] == last
	if retracting && old.f[fKind] == kAccept {
		if m := old.f[fMate]; m != 0 {
			list := append(append([]int(nil), pr.children(old, v)...), m-1)
			if pr.setChildren(n, v, list) {
				n.f[fMate] = 0
				n.f[fTkn], n.f[fTknd], n.f[fRecent] = 0, m, 1
				n.msgs[m-1] = mDown + kAccept
				return
			}
			n.f[fMate] = 0 // not a neighbour it can adopt: the merger is dropped
		} else if old.f[fAccpt] == 1 && old.f[fInp] != 0 {
			j := bits.TrailingZeros(uint(old.f[fInp]))
			n.f[fInp] &^= 1 << j
			n.f[fMate] = j + 1
			n.msgs[j] = mAccept
			return // the token stays one more round
		}
		n.f[fAccpt] = 1
	}
	if retracting && old.f[fKind] == kSafety {
		n.f[fOut] = 0
		if old.f[fCnt] == 1 {
			n.f[fOut] = old.f[fVia]
		}
	}
	if root && retracting {
		n.f[fCold] = 1
		return
	}
	next := order[0]
	for i, t := range order {
		if t == old.f[fTknd] && i+1 < len(order) {
			next = order[i+1]
		}
	}
	n.f[fTkn], n.f[fTknd], n.f[fRecent] = 0, next, 1
	switch {
	case next == 0:
		n.f[fTosh] = 1 + old.f[fKind]
	case next == old.f[fPrnt]:
		n.msgs[next-1] = mUp + old.f[fCnt]
	default:
		n.msgs[next-1] = mDown + old.f[fKind]
	}
}

// restart is Restart at v and ṽ: a tree of the two, rooted at v with a cold token, timers at
// Ctr·N, a new Propose phase; the ghost count goes up.
func (pr *Protocol) restart(old node, v int) node {
	n := node{restarted: true}
	n.f[fTkn], n.f[fCold] = 1, 1
	n.f[fTmr], n.f[fStmr] = pr.early, pr.early
	n.f[fRestarts] = min(2, old.f[fRestarts]+1)
	pr.setChildren(&n, v, nil)
	return n
}

// consistent: the variables of v agree with each other (Restart is invoked otherwise): tkn_d
// is a tree neighbour, the parent is not also a child.
func (pr *Protocol) consistent(n *node, v int) bool {
	if d := n.f[fTknd]; d != 0 && !pr.treeNeighbor(n, v, d-1) {
		return false
	}
	return n.f[fPrnt] == 0 || !pr.isChild(n, v, n.f[fPrnt]-1)
}

// control is a root's controller of phases and epochs, run every round. A Propose phase has
// the search epochs 0..S-1 (S-1 the safety epoch), then one round to decide from out_prop
// (epoch S): no crossing edge ends the phase, a child starts the root transfer (S+1: the
// cold token goes down the path in a root_trns, S+2: the next round v becomes that child's
// child), a neighbour outside the tree starts the proposing epoch (S+3: propose, then wait
// for an accept for 3·Ctr·N - 1 rounds). An Accept phase has S+2 accepting epochs. Each
// traversal epoch lasts 2·Ctr·N rounds and starts with a traversal, which needs the cold
// token at the root (else Restart). A phase's end flips the fair coin of the next one.
// False: v must restart.
func (pr *Protocol) control(s model.State, old, n *node, v int, c *coinSource) bool {
	ph, ep, rc, out := old.f[fPh], old.f[fEp], old.f[fRc], old.f[fOut]
	S, E := pr.search, pr.epoch
	epochs := S
	if ph == 1 {
		epochs = S + 2
	}
	cold := old.f[fTkn] == 1 && old.f[fCold] == 1
	switch {
	case ep < epochs:
		if rc == 0 {
			if !cold {
				return false
			}
			kind := kSearch
			switch {
			case ph == 1:
				kind = kAccept
			case ep == S-1:
				kind = kSafety
			}
			if !pr.discover(s, old, n, v, kind, c) {
				return false
			}
			n.f[fCold], n.f[fTkn], n.f[fTknd], n.f[fRecent], n.f[fTosh] = 0, 0, 0, 1, 1+kind
		}
		switch {
		case rc+1 < E:
			n.f[fRc] = rc + 1
		case ep+1 < epochs:
			n.f[fEp], n.f[fRc] = ep+1, 0
		case ph == 1:
			pr.newPhase(n, c)
		default:
			n.f[fEp], n.f[fRc] = S, 0
		}
	case ph == 1:
		return false // past the Accept phase's epochs: inconsistent
	case ep == S && out == 0:
		pr.newPhase(n, c)
	case ep == S && pr.isChild(old, v, out-1):
		n.f[fEp] = S + 1
	case ep == S:
		n.f[fEp], n.f[fRc] = S+3, 0
	case ep == S+1:
		if !cold || out == 0 || !pr.isChild(old, v, out-1) {
			return false
		}
		n.f[fTkn], n.f[fTknd], n.f[fOut], n.f[fRecent] = 0, out, 0, 1
		n.msgs[out-1] = mTrns
		n.f[fEp] = S + 2
	case ep == S+2:
		w := old.f[fTknd] - 1
		var rest []int
		for _, c := range pr.children(old, v) {
			if c != w {
				rest = append(rest, c)
			}
		}
		if w < 0 || !pr.setChildren(n, v, rest) {
			return false
		}
		n.f[fPrnt] = w + 1
		n.f[fPh], n.f[fEp], n.f[fRc] = 0, 0, 0
	default: // S+3: proposing
		if out == 0 || pr.treeNeighbor(old, v, out-1) {
			pr.newPhase(n, c)
			return true
		}
		if rc == 0 {
			if !cold {
				return false
			}
			n.msgs[out-1] = mPropose
		}
		if rc >= pr.wait {
			n.f[fOut] = 0
			pr.newPhase(n, c)
		} else {
			n.f[fRc] = rc + 1
		}
	}
	return true
}

// newPhase flips the fair coin: Propose (0) or Accept (1), from its first epoch next round.
func (pr *Protocol) newPhase(n *node, c *coinSource) {
	n.f[fPh], n.f[fEp], n.f[fRc] = c.bit(), 0, 0
}
