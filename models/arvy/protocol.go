package arvy

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

// NewParent chooses the parent a node takes when it receives a find (Algorithm 1, line 7).
type NewParent int

const (
	// Arrow: the sender of the find.
	Arrow NewParent = iota
	// Ivy: the producer of the find.
	Ivy
	// Any: every node the find visited, the producer included: the whole Arvy family.
	Any
	// Bridge: Algorithm 2 on an even ring: the producer if the find crossed the bridge, else
	// the sender.
	Bridge
)

// NewParents are the names of the NewParent functions, in order.
var NewParents = []string{"arrow", "ivy", "any", "bridge"}

func (np NewParent) String() string { return NewParents[np] }

// Mutant is a deliberate bug, to show that the checks notice.
type Mutant int

const (
	Correct Mutant = iota
	// OldParent: NewParent returns the old parent, a node the find never visited.
	OldParent
	// NoSelfLoop: a requester does not set p(v) := v.
	NoSelfLoop
	// KeepNext: the token is passed on without clearing n(w).
	KeepNext
	// RootKeepsLoop: a node with a self-loop that receives a find keeps its self-loop, and
	// keeps it when it sends the token on.
	RootKeepsLoop
	// ForwardToNew: a find is forwarded to the new parent instead of the old one.
	ForwardToNew
)

// Mutants are the names of the mutants, in order.
var Mutants = []string{"none", "old-parent", "no-self-loop", "keep-next", "root-keeps-loop", "forward-to-new"}

// Config fixes an instance.
type Config struct {
	N         int
	Requests  int  // R: requests per node (without Recycle)
	Recycle   bool // a satisfied node may request again, without bound
	NewParent NewParent
	Mutant    Mutant
	// Names are the nodes' names, as a topology file gives them, for its values and traces
	// (variables keep the numbers: p0 is node 0's parent); nil: the numbers.
	Names []string
}

// MaxNodes bounds n: a visited set is one byte.
const MaxNodes = 8

// Rules of a node: request, send token, receive token, then one per (producer, new parent).
const (
	ruleRequest = iota
	ruleSendToken
	ruleReceiveToken
	ruleFind
)

// Protocol is Arvy on n nodes.
type Protocol struct {
	cfg    Config
	n      int
	schema *model.Schema
	labels []string
	// Per node: parent, next, request status, bridge bit (bridge only, else -1).
	parent, next, status, bridge []model.Ref
	// Per producer: the find's receiver (0: none), sender, visited set, bridge bit.
	to, from, visited, carries []model.Ref
	token                      model.Ref // 0..n-1 at rest at v, n..2n-1 in transit to v-n
}

// New builds the protocol.
func New(cfg Config) (*Protocol, error) {
	n := cfg.N
	switch {
	case n < 2 || n > MaxNodes:
		return nil, fmt.Errorf("arvy runs on 2..%d nodes, not %d", MaxNodes, n)
	case !cfg.Recycle && (cfg.Requests < 1 || cfg.Requests > 3):
		return nil, fmt.Errorf("requests per node must be 1..3, not %d", cfg.Requests)
	case cfg.NewParent == Bridge && n%2 != 0:
		return nil, fmt.Errorf("the bridge heuristic (Algorithm 2) needs an even ring, not %d nodes", n)
	case cfg.Names != nil && len(cfg.Names) != n:
		return nil, fmt.Errorf("%d names for %d nodes", len(cfg.Names), n)
	}
	p := &Protocol{cfg: cfg, n: n, labels: cfg.Names}
	for v := 0; cfg.Names == nil && v < n; v++ {
		p.labels = append(p.labels, strconv.Itoa(v))
	}
	b := model.NewBuilder(n)
	b.NameProcs(cfg.Names...)
	nodes := model.Enum(p.labels...)
	withBottom := model.Enum(append([]string{"⊥"}, p.labels...)...)
	everyone, orNobody := make([]int, n), []int{-1}
	for v := range n {
		everyone[v] = v
		orNobody = append(orNobody, v)
	}
	for v := range n {
		p.parent = append(p.parent, b.Pointer("p"+strconv.Itoa(v), model.Owner(v), nodes, everyone))
		p.next = append(p.next, b.Pointer("n"+strconv.Itoa(v), model.Owner(v), withBottom, orNobody))
		p.status = append(p.status, b.Var("req"+strconv.Itoa(v), model.Owner(v), p.statusDomain()))
		b.Describe(p.status[v], "reqV: node V's request: idle, or waiting for the token")
		if cfg.NewParent == Bridge {
			p.bridge = append(p.bridge, b.Var("bridge"+strconv.Itoa(v), model.Owner(v), model.Enum("no", "yes")))
		}
	}
	sets := make([]string, 1<<n)
	for m := range sets {
		sets[m] = p.setName(uint(m))
	}
	for u := range n {
		name := "find" + strconv.Itoa(u) // variables are named by number, values by name
		p.to = append(p.to, channel.DeclareNetwork(b, name+".to", model.Enum(append([]string{"none"}, p.labels...)...)))
		b.Describe(p.to[u], "findU.to: the node U's find is in transit to (none: it is not)")
		p.from = append(p.from, channel.DeclareNetwork(b, name+".from", nodes))
		b.Describe(p.from[u], "findU.from: the node that sent U's find")
		p.visited = append(p.visited, channel.DeclareNetwork(b, name+".visited", model.Enum(sets...)))
		b.Describe(p.visited[u], "findU.visited: the nodes U's find visited")
		if cfg.NewParent == Bridge {
			p.carries = append(p.carries, channel.DeclareNetwork(b, name+".bridge", model.Enum("no", "yes")))
			b.Describe(p.carries[u], "findU.bridge: whether U's find carries the ring's bridge")
		}
	}
	tokens := make([]string, 0, 2*n)
	for _, l := range p.labels {
		tokens = append(tokens, "at "+l)
	}
	for _, l := range p.labels {
		tokens = append(tokens, "to "+l)
	}
	p.token = channel.DeclareNetwork(b, "token", model.Enum(tokens...))
	b.Describe(p.token, "at the node that holds it, or in transit to one")
	var err error
	if p.schema, err = b.Schema(); err != nil {
		return nil, err
	}
	return p, nil
}

// statusDomain: idle k (2k), waiting for the k+1-th (2k+1), done (2R); with Recycle, idle
// and waiting only.
func (p *Protocol) statusDomain() model.Domain {
	if p.cfg.Recycle {
		return model.Enum("idle", "waiting")
	}
	if p.cfg.Requests == 1 {
		return model.Enum("idle", "waiting", "done")
	}
	var names []string
	for k := range p.cfg.Requests {
		names = append(names, fmt.Sprintf("idle%d", k), fmt.Sprintf("waiting%d", k+1))
	}
	return model.Enum(append(names, "done")...)
}

func (p *Protocol) setName(m uint) string {
	out := "{"
	for v := range p.n {
		if m&(1<<v) != 0 {
			if len(out) > 1 {
				out += ","
			}
			out += p.labels[v]
		}
	}
	return out + "}"
}

func (p *Protocol) Schema() *model.Schema { return p.schema }
func (p *Protocol) Config() Config        { return p.cfg }
func (p *Protocol) N() int                { return p.n }

// Neighbors: a node may send to any node (pointers need not follow network edges).
func (p *Protocol) Neighbors(v int) []int {
	var out []int
	for w := range p.n {
		if w != v {
			out = append(out, w)
		}
	}
	return out
}

// Parent is p(v).
func (p *Protocol) Parent(s model.State, v int) int { return int(s[p.parent[v]]) }

// Next is n(v), or -1 for ⊥.
func (p *Protocol) Next(s model.State, v int) int { return int(s[p.next[v]]) - 1 }

// Waiting reports whether v has an outstanding request.
func (p *Protocol) Waiting(s model.State, v int) bool { return s[p.status[v]]%2 == 1 }

// Find is u's find in transit: its sender, receiver and visited set; ok is false if none.
func (p *Protocol) Find(s model.State, u int) (from, to int, visited uint, ok bool) {
	if s[p.to[u]] == 0 {
		return 0, 0, 0, false
	}
	return int(s[p.from[u]]), int(s[p.to[u]]) - 1, uint(s[p.visited[u]]), true
}

// Token is where the token is: at rest at node v, or in transit to v.
func (p *Protocol) Token(s model.State) (v int, moving bool) {
	t := int(s[p.token])
	return t % p.n, t >= p.n
}

// canRequest: requests left, none outstanding, and not the token at rest.
func (p *Protocol) canRequest(s model.State, v int) bool {
	st := int(s[p.status[v]])
	if st%2 == 1 || !p.cfg.Recycle && st == 2*p.cfg.Requests {
		return false
	}
	at, moving := p.Token(s)
	return moving || at != v
}

func (p *Protocol) RuleName(v, r int) string {
	switch r {
	case ruleRequest:
		return "request"
	case ruleSendToken:
		return "send token"
	case ruleReceiveToken:
		return "receive token"
	}
	u, x := (r-ruleFind)/p.n, (r-ruleFind)%p.n
	return fmt.Sprintf("receive find of %s, p := %s", p.labels[u], p.labels[x])
}

func (p *Protocol) Enabled(s model.State, v int, dst []int) []int {
	if p.canRequest(s, v) {
		dst = append(dst, ruleRequest)
	}
	at, moving := p.Token(s)
	if at == v && !moving && p.Next(s, v) >= 0 {
		dst = append(dst, ruleSendToken)
	}
	if at == v && moving {
		dst = append(dst, ruleReceiveToken)
	}
	for u := range p.n {
		if from, to, visited, ok := p.Find(s, u); ok && to == v {
			for _, x := range p.choices(s, v, u, from, visited) {
				dst = append(dst, ruleFind+u*p.n+x)
			}
		}
	}
	return dst
}

// choices are the new parents NewParent may return when v receives u's find from sender.
func (p *Protocol) choices(s model.State, v, u, sender int, visited uint) []int {
	switch {
	case p.cfg.Mutant == OldParent:
		return []int{p.Parent(s, v)}
	case p.cfg.NewParent == Arrow:
		return []int{sender}
	case p.cfg.NewParent == Ivy:
		return []int{u}
	case p.cfg.NewParent == Bridge && s[p.carries[u]] == 1:
		return []int{u}
	case p.cfg.NewParent == Bridge:
		return []int{sender}
	}
	out := make([]int, 0, bits.OnesCount(visited))
	for x := range p.n {
		if visited&(1<<x) != 0 {
			out = append(out, x)
		}
	}
	return out
}
