// Package leader is the randomized self-stabilizing leader election and spanning tree of
// Dufoulon, Emek and Gelles ("Communication efficient self-stabilizing leader election", DISC
// 2020), on tiny graphs, as a protocol of synchronous rounds: every process moves every
// round (the synchronous daemon), reading the messages its neighbours sent in the previous
// round and writing the ones it sends in this one, one slot per directed edge.
//
// Each physical node v simulates its shadow ṽ (a leaf child that makes every physical node's
// child list non-empty). A tree's root runs phases of epochs: a fair coin chooses Propose
// (Cph·log N search epochs, the last one the safety epoch of Cross, then a root transfer and
// a proposal over the crossing edge found) or Accept (Cph·log N + 2 accepting epochs). Every
// epoch of 2·Ctr·N rounds starts with a depth-first traversal of the tree by its token
// (Traverse); timers that expire past 8·Ctr·N rounds, or a discovery earlier than Ctr·N
// rounds after the last one, restart a node. docs/LEADER.md gives the reading of the paper
// this model implements and every abstraction it makes; the main one is FindAny (Cross),
// which samples each of a node's truly crossing edges with probability 1/2 at its discovery
// in the safety epoch, so that it never reports an edge that does not cross and finds one
// with probability at least 3/8 on these graphs.
package leader

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
)

// Params are the paper's constants and the graph.
type Params struct {
	N       int // physical nodes: 2 or 3
	Graph   Graph
	Bound   int // the known bound N on n: a power of 2, at least N
	Ctr     int // the timer constant: epochs of 2·Ctr·Bound rounds, timers up to 8·Ctr·Bound
	Cph     int // the phase constant: Cph·log2(Bound) search epochs
	Findany int // FindAny's abstraction: 0 samples each crossing edge with probability 1/2
	// Hold is the most rounds a node holds a hot token (the paper's 1–4, "determined by the
	// modules implemented on top of Traverse"): past the first, each round the daemon chooses
	// whether the node holds it one more (0 is 1: always passed after one round).
	Hold int
}

// Graph is the communication graph of the physical nodes.
type Graph int

const (
	Path Graph = iota
	Complete
)

// Graphs names the graphs for the catalogue.
var Graphs = []string{"path", "complete"}

// Protocol is the algorithm on one graph with one choice of constants.
type Protocol struct {
	p      Params
	nb     [][]int // each node's graph neighbours, in order
	epoch  int     // rounds in an epoch: 2·Ctr·Bound
	expire int     // a timer past this restarts its node: 8·Ctr·Bound
	early  int     // a discovery before this many rounds restarts: Ctr·Bound
	search int     // search epochs in a Propose phase: Cph·log2(Bound)
	wait   int     // rounds a proposer waits for an accept: 3·Ctr·Bound - 1
	schema *model.Schema
	vars   [][]model.Ref // per node, its variables by field (see fields)
	msgs   [][]model.Ref // per node, its outgoing slot to each neighbour, in nb order
	lists  [][][]int     // per degree, the ordered child lists a chld value encodes
}

// New builds the protocol, or says which constant is out of range.
func New(p Params) (*Protocol, error) {
	logN := 0
	for b := 1; b < p.Bound; b *= 2 {
		logN++
	}
	switch {
	case p.N < 2 || p.N > 3:
		return nil, fmt.Errorf("the model runs on 2 or 3 nodes, not %d", p.N)
	case 1<<logN != p.Bound || p.Bound < p.N:
		return nil, fmt.Errorf("the bound N = %d must be a power of 2 and at least n = %d", p.Bound, p.N)
	case p.Ctr < 1 || p.Cph < 1:
		return nil, fmt.Errorf("Ctr and Cph must be positive")
	case p.Hold < 0 || p.Hold > 4:
		return nil, fmt.Errorf("a token is held 1 to 4 rounds, not up to %d", p.Hold)
	}
	p.Hold = max(1, p.Hold)
	pr := &Protocol{p: p, epoch: 2 * p.Ctr * p.Bound, expire: 8 * p.Ctr * p.Bound, early: p.Ctr * p.Bound,
		search: p.Cph * logN, wait: 3*p.Ctr*p.Bound - 1}
	for v := range p.N {
		var nb []int
		for u := range p.N {
			if u != v && (p.Graph == Complete || u == v-1 || u == v+1) {
				nb = append(nb, u)
			}
		}
		pr.nb = append(pr.nb, nb)
	}
	pr.lists = [][][]int{{{}}, {{}, {0}}, {{}, {0}, {1}, {0, 1}, {1, 0}}}
	return pr, pr.build()
}

func (pr *Protocol) Schema() *model.Schema { return pr.schema }

// Neighbors: every node. A node reads only its incoming messages, except FindAny's
// abstraction, which decides from the configuration whether an edge crosses between trees
// (the sketches of the real procedure compute it over the tree); on 2 or 3 nodes that is
// every node.
func (pr *Protocol) Neighbors(v int) []int {
	var out []int
	for u := range pr.p.N {
		if u != v {
			out = append(out, u)
		}
	}
	return out
}

// The rules of a node: its round, and, with Hold > 1, its round holding its hot token one
// more round instead of passing it.
const (
	ruleRound = iota
	ruleHold
)

// RuleName names the node's round and its round holding the token.
func (pr *Protocol) RuleName(_, r int) string {
	if r == ruleHold {
		return "round, holding the token"
	}
	return "round"
}

// Enabled: every node moves every round; one that would pass a hot token held fewer than
// Hold rounds may instead hold it (the daemon's choice).
func (pr *Protocol) Enabled(s model.State, v int, dst []int) []int {
	dst = append(dst, ruleRound)
	if n := pr.load(s, v); pr.p.Hold > 1 && pr.passes(&n) && n.f[fHeld] < pr.p.Hold-1 {
		dst = append(dst, ruleHold)
	}
	return dst
}

// Chances are the node's coins this round: the phase coin of a root that starts a phase, and
// FindAny's samples of the crossing edges of a node discovered in a safety epoch.
func (pr *Protocol) Chances(s model.State, v, rule int, dst []prob.Prob) []prob.Prob {
	k := pr.coins(s, v, rule)
	if k == 0 {
		return dst
	}
	return append(dst, prob.Uniform(1<<k)...)
}

// Fire runs each moving node's round, all reading s.
func (pr *Protocol) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		pr.round(s, m.Proc, m.Rule, m.Outcome, next)
	}
}
