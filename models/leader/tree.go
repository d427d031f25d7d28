package leader

import "github.com/mc-checker/mc/checker/model"

// compatible reports whether the edge between v and its neighbour u is a tree edge both ends
// agree on: one is the other's parent, and the other lists it among its children.
func (pr *Protocol) compatible(s model.State, v, u int) bool {
	a, b := pr.load(s, v), pr.load(s, u)
	jv, ju := pr.slot(v, u), pr.slot(u, v)
	return a.f[fPrnt] == jv+1 && pr.isChild(&b, u, ju) || b.f[fPrnt] == ju+1 && pr.isChild(&a, v, jv)
}

// component is the set of physical nodes joined to v by compatible edges (a bit each).
func (pr *Protocol) component(s model.State, v int) int {
	set, grown := 1<<v, true
	for grown {
		grown = false
		for w := range pr.p.N {
			if set&(1<<w) == 0 {
				continue
			}
			for _, u := range pr.nb[w] {
				if set&(1<<u) == 0 && pr.compatible(s, w, u) {
					set |= 1 << u
					grown = true
				}
			}
		}
	}
	return set
}

// crosses is FindAny's abstraction: the edge {v, u} crosses between v's tree and another one
// (u is outside v's compatible component). The real procedure finds out with sketches summed
// over the tree; the model reads the configuration.
func (pr *Protocol) crosses(s model.State, v, u int) bool {
	return pr.component(s, v)&(1<<u) == 0
}

// Tokens counts the tokens alive: held by a node or its shadow, or carried by a pass_tkn or
// root_trns in transit.
func (pr *Protocol) Tokens(s model.State) int {
	k := 0
	for v := range pr.p.N {
		n := pr.load(s, v)
		k += n.f[fTkn] + n.f[fStkn] + n.f[fFromsh]
		if n.f[fTosh] != 0 {
			k++
		}
		for _, m := range n.msgs {
			if m >= mDown && m <= mTrns {
				k++
			}
		}
	}
	return k
}

// Messages counts the messages in transit between physical nodes: those the round that
// reached s sent (a slot lasts one round), the cost of Theorem 3. A node's messages to its
// shadow are not sent: the node simulates it.
func (pr *Protocol) Messages(s model.State) int {
	k := 0
	for v := range pr.p.N {
		for _, m := range pr.load(s, v).msgs {
			if m != mNone {
				k++
			}
		}
	}
	return k
}

// SingleTree: exactly one root, and every physical node in its compatible component, with no
// tree pointer that the other end does not agree with.
func (pr *Protocol) SingleTree(s model.State) bool {
	roots := 0
	for v := range pr.p.N {
		n := pr.load(s, v)
		if n.f[fPrnt] == 0 {
			roots++
		}
		for j, u := range pr.nb[v] {
			if pr.treeNeighbor(&n, v, j) && !pr.compatible(s, v, u) {
				return false
			}
		}
	}
	return roots == 1 && pr.component(s, 0) == 1<<pr.p.N-1
}

// Legit: a single spanning tree rooted at the leader, a single token, and nothing of a merger
// left: no proposal or acceptance in transit or registered, no pending merger, no crossing
// edge marked.
func (pr *Protocol) Legit(s model.State) bool {
	if !pr.SingleTree(s) || pr.Tokens(s) != 1 {
		return false
	}
	for v := range pr.p.N {
		n := pr.load(s, v)
		if n.f[fInp] != 0 || n.f[fMate] != 0 || n.f[fOut] != 0 {
			return false
		}
		for _, m := range n.msgs {
			if m == mPropose || m == mAccept {
				return false
			}
		}
	}
	return true
}

// AtMostOneRestart is Theorem 1's first claim, on the ghost counts: no node restarts twice.
func (pr *Protocol) AtMostOneRestart(s model.State) bool {
	for v := range pr.p.N {
		if pr.load(s, v).f[fRestarts] > 1 {
			return false
		}
	}
	return true
}

// quietTree: at most one message in transit between physical nodes, and on a tree edge (the
// paper's Theorem 3 after stabilization: one message a round, over the tree's edges only).
func (pr *Protocol) quietTree(s model.State) bool {
	count := 0
	for v := range pr.p.N {
		n := pr.load(s, v)
		for j, m := range n.msgs {
			if m == mNone {
				continue
			}
			count++
			if !pr.compatible(s, v, pr.nb[v][j]) {
				return false
			}
		}
	}
	return count <= 1
}

// QuietAfter is Theorem 3's claim after stabilization, as an invariant: in a legitimate
// configuration at most one message is in transit, on a tree edge.
func (pr *Protocol) QuietAfter(s model.State) bool { return !pr.Legit(s) || pr.quietTree(s) }

// Fresh is the clean configuration: every node just restarted (a singleton tree with its
// shadow, a cold token, timers at Ctr·N, the first round of a Propose phase), no message in
// transit, no restart counted.
func (pr *Protocol) Fresh() model.State {
	s := pr.schema.NewState()
	for v := range pr.p.N {
		n := pr.restart(node{}, v)
		n.f[fRestarts] = 0
		pr.store(&n, v, s)
	}
	return s
}

// Families of initial configurations the adversary may choose, for Theorem 1.
const (
	InitFresh       = iota // the clean configuration
	InitStructures         // every tree structure and token placement, clean timers, no message
	InitMessages           // clean nodes, every combination of messages in transit
	InitStaggered          // clean nodes restarted at different times, up to an epoch apart
	InitTimers             // clean nodes, every value of every node's timer
	InitControllers        // clean nodes, every phase, epoch and round of every root's controller
	InitProposals          // clean nodes, every out_prop, in_prop and accpt
)

// Inits names the families for the catalogue.
var Inits = []string{"fresh", "structures", "messages", "staggered", "timers", "controllers", "proposals"}

// Initial lists the configurations of a family.
func (pr *Protocol) Initial(family int) []model.State {
	switch family {
	case InitStructures:
		return pr.structures()
	case InitMessages:
		return pr.messages()
	case InitStaggered:
		return pr.staggered()
	case InitTimers:
		return pr.corrupted(fTmr)
	case InitControllers:
		return pr.corrupted(fPh, fEp, fRc)
	case InitProposals:
		return pr.corrupted(fOut, fInp, fAccpt)
	}
	return []model.State{pr.Fresh()}
}

// corrupted: from the clean configuration, the given fields of every node take every value
// of their domains (Theorem 1 from any initial configuration, a family at a time).
func (pr *Protocol) corrupted(fields ...int) []model.State {
	return pr.every(func(v int) []int {
		var sizes []int
		for _, f := range fields {
			sizes = append(sizes, pr.schema.Vars[pr.vars[v][f]].Domain.Size)
		}
		return sizes
	}, func(n *node, v int, digits []int) {
		for i, f := range fields {
			n.f[f] = digits[i]
		}
	})
}

// structures: from the clean configuration, every node's parent, children, token, token
// direction, recent flag, cold flag and its shadow's token and recent flag take every value
// (tree pointers that disagree, several tokens, none), timers at Ctr·N, roots at the start of
// a Propose phase, no message in transit.
func (pr *Protocol) structures() []model.State {
	return pr.corrupted(fPrnt, fChld, fTkn, fTknd, fRecent, fCold, fStkn, fSrecent)
}

// messages: clean nodes, and every combination of messages in transit on every slot (between
// neighbours, and between each node and its shadow).
func (pr *Protocol) messages() []model.State {
	return pr.every(func(v int) []int {
		sizes := []int{4, 2}
		for range pr.nb[v] {
			sizes = append(sizes, nMsgs)
		}
		return sizes
	}, func(n *node, v int, digits []int) {
		n.f[fTosh], n.f[fFromsh] = digits[0], digits[1]
		for j := range pr.nb[v] {
			n.msgs[j] = digits[2+j]
		}
	})
}

// staggered: every node just restarted, but node v k_v rounds ago, for every k_v below an
// epoch: each node has run alone, with its own traversals of its shadow, and its coins (the
// safety epoch's samples) drawn as "not sampled". Within an epoch a clean node sends nothing
// to the others, so these are configurations of executions from restarts at those times.
func (pr *Protocol) staggered() []model.State {
	var out []model.State
	offsets := make([]int, pr.p.N)
	for {
		s := pr.Fresh()
		for v, k := range offsets {
			for range k {
				n := pr.step(s, v, ruleRound, &coinSource{})
				pr.store(&n, v, s)
			}
		}
		out = append(out, s)
		v := 0
		for ; v < pr.p.N; v++ {
			if offsets[v]++; offsets[v] < pr.epoch {
				break
			}
			offsets[v] = 0
		}
		if v == pr.p.N {
			return out
		}
	}
}

// every lists the configurations obtained from the clean one by giving each node every
// combination of digits (sizes(v) says their ranges), written by set.
func (pr *Protocol) every(sizes func(v int) []int, set func(n *node, v int, digits []int)) []model.State {
	var out []model.State
	var rec func(v int, s model.State)
	rec = func(v int, s model.State) {
		if v == pr.p.N {
			out = append(out, s.Clone())
			return
		}
		sz := sizes(v)
		digits := make([]int, len(sz))
		for {
			n := pr.load(s, v)
			set(&n, v, digits)
			t := s.Clone()
			pr.store(&n, v, t)
			rec(v+1, t)
			i := 0
			for ; i < len(digits); i++ {
				if digits[i]++; digits[i] < sz[i] {
					break
				}
				digits[i] = 0
			}
			if i == len(digits) {
				return
			}
		}
	}
	rec(0, pr.Fresh())
	return out
}
