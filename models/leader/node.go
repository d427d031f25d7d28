package leader

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// The fields of a node: its variables (Table 1 of the paper), its shadow's, its root
// controller's, and a ghost count of its restarts.
const (
	fPrnt     = iota // ⊥ (0) or a neighbour (1 + its index in nb)
	fChld            // the ordered physical children (an index into lists); ṽ is always the first child
	fTkn             // holds a token
	fTknd            // the tree neighbour the token last went to: ṽ (0) or a neighbour
	fRecent          // passed a token in the previous round
	fTmr             // rounds since the last discovery
	fOut             // out_prop: ⊥ or a neighbour (the crossing edge's direction)
	fInp             // in_prop: a bit per neighbour, a registered merger proposal
	fAccpt           // available for merger proposals
	fKind            // the current traversal's epoch: search, safety, accept
	fCnt             // crossing ports counted in this traversal so far: 0, 1, 2 or more
	fVia             // with one port counted: the child towards it, or the crossing neighbour
	fCold            // a root's token is cold (held between traversals)
	fPh              // a root's phase: Propose (0) or Accept (1)
	fEp              // a root's epoch (see the controller in round.go)
	fRc              // a root's round in its epoch, or rounds waited for an accept
	fMate            // an accept was sent to this neighbour last round: merge now
	fStkn            // the shadow holds the token
	fSrecent         // the shadow passed it in the previous round
	fStmr            // the shadow's timer
	fTosh            // a pass_tkn to the shadow in transit: none, or 1 + its kind
	fFromsh          // a pass_tkn from the shadow in transit
	fRestarts        // ghost: the node's restarts, saturated at 2 (Theorem 1: at most 1)
	fHeld            // rounds a hot token has been held past the first (declared when Hold > 1)
	nFields
)

// Epoch kinds, carried by discovery messages.
const (
	kSearch = iota
	kSafety
	kAccept
)

// Messages in a slot.
const (
	mNone    = iota
	mDown        // 1..3: pass_tkn from a parent, with the epoch's kind
	mUp      = 4 // 4..6: pass_tkn from a child, with its subtree's crossing ports (0, 1, 2+)
	mTrns    = 7 // root_trns: a cold token, the root role moves to the receiver
	mPropose = 8 // a merger proposal
	mAccept  = 9 // its acceptance
	nMsgs    = 10
)

var fieldNames = [nFields]string{"prnt", "chld", "tkn", "tknd", "recent", "tmr", "out", "inp", "accpt", "kind", "cnt", "via",
	"cold", "ph", "ep", "rc", "mate", "stkn", "srecent", "stmr", "tosh", "fromsh", "restarts", "held"}

// node is one node's fields and outgoing slots, read from a state and written back, and what
// happened in the round that computed it (not stored: Events reads them).
type node struct {
	f         [nFields]int
	msgs      [2]int // to nb[0], nb[1]
	restarted bool   // the node and its shadow restarted
	died      bool   // a token sent to the node or its shadow was ignored: it died
}

func (pr *Protocol) build() error {
	b := model.NewBuilder(pr.p.N)
	for v := range pr.p.N {
		deg := len(pr.nb[v])
		sizes := [nFields]int{fPrnt: deg + 1, fChld: len(pr.lists[deg]), fTkn: 2, fTknd: deg + 1, fRecent: 2, fTmr: pr.expire + 1,
			fOut: deg + 1, fInp: 1 << deg, fAccpt: 2, fKind: 3, fCnt: 3, fVia: deg + 1, fCold: 2, fPh: 2, fEp: pr.search + 4,
			fRc: max(pr.epoch, pr.wait+1), fMate: deg + 1, fStkn: 2, fSrecent: 2, fStmr: pr.expire + 1, fTosh: 4, fFromsh: 2, fRestarts: 3, fHeld: pr.p.Hold}
		var refs []model.Ref
		for f := range nFields {
			if f == fHeld && pr.p.Hold == 1 {
				break // the last field: load and store skip it, and it stays 0
			}
			refs = append(refs, b.Var(fmt.Sprintf("%s%d", fieldNames[f], v), model.Owner(v), model.Range(sizes[f])))
		}
		pr.vars = append(pr.vars, refs)
		var out []model.Ref
		for _, u := range pr.nb[v] {
			out = append(out, b.Var(fmt.Sprintf("msg%d>%d", v, u), model.Owner(v),
				model.Enum("-", "down:search", "down:safety", "down:accept", "up:0", "up:1", "up:2", "root_trns", "propose", "accept")))
		}
		pr.msgs = append(pr.msgs, out)
	}
	s, err := b.Schema()
	pr.schema = s
	return err
}

func (pr *Protocol) load(s model.State, v int) node {
	var n node
	for f, r := range pr.vars[v] {
		n.f[f] = int(s[r])
	}
	for j, r := range pr.msgs[v] {
		n.msgs[j] = int(s[r])
	}
	return n
}

func (pr *Protocol) store(n *node, v int, next model.State) {
	for f, r := range pr.vars[v] {
		next[r] = byte(n.f[f])
	}
	for j, r := range pr.msgs[v] {
		next[r] = byte(n.msgs[j])
	}
}

// slot is the index of u in v's neighbours, or -1.
func (pr *Protocol) slot(v, u int) int {
	for j, w := range pr.nb[v] {
		if w == u {
			return j
		}
	}
	return -1
}

// incoming is the message u sent v in the previous round.
func (pr *Protocol) incoming(s model.State, u, v int) int {
	j := pr.slot(u, v)
	if j < 0 {
		return mNone
	}
	return int(s[pr.msgs[u][j]])
}

// children lists v's physical children (neighbour indexes), in order.
func (pr *Protocol) children(n *node, v int) []int { return pr.lists[len(pr.nb[v])][n.f[fChld]] }

// setChildren encodes a list of neighbour indexes; false if it is not a list of distinct
// neighbours.
func (pr *Protocol) setChildren(n *node, v int, list []int) bool {
	for code, l := range pr.lists[len(pr.nb[v])] {
		if equal(l, list) {
			n.f[fChld] = code
			return true
		}
	}
	return false
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// isChild reports whether neighbour index j is among v's children.
func (pr *Protocol) isChild(n *node, v, j int) bool {
	for _, c := range pr.children(n, v) {
		if c == j {
			return true
		}
	}
	return false
}

// treeNeighbor reports whether neighbour index j is a tree neighbour of v (parent or child).
func (pr *Protocol) treeNeighbor(n *node, v, j int) bool {
	return n.f[fPrnt] == j+1 || pr.isChild(n, v, j)
}

// order is v's πv: the tree neighbours in the order a traversal visits them, as tkn_d codes
// (0: the shadow, 1+j: neighbour j): the shadow, the physical children, then the parent.
func (pr *Protocol) order(n *node, v int) []int {
	out := []int{0}
	for _, c := range pr.children(n, v) {
		out = append(out, c+1)
	}
	if n.f[fPrnt] != 0 {
		out = append(out, n.f[fPrnt])
	}
	return out
}
