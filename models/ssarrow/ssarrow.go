package ssarrow

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	channelpkg "github.com/mc-checker/mc/checker/model/channel"
	"github.com/mc-checker/mc/models/topology"
)

// Config bounds the model and chooses its timing.
type Config struct {
	Delay   int // ticks a message may take (R = 2·Delay is the round trip bound)
	Timeout int // τ: ticks between timeouts of a parent (the paper requires τ ≥ 2R)
	// Initial ranges of the messages in transit on an edge (both directions together) and of
	// the parent's counters, and the ranges
	// the model can represent. The paper's channels and counters are unbounded; a run that
	// would go past what the model represents is reported as a model error, never blocked,
	// wrapped or clamped, so every verdict is one of the unbounded protocol started within the
	// initial ranges.
	Capacity0, Sent0, Phi0    int
	Capacity, SentMax, PhiMax int // Capacity: messages of each age, per channel
	// Observers, if positive, bounds the observers of each age in a channel (a content past
	// it is reported as an overflow): it leaves room in a variable for a larger Capacity.
	Observers int
	// SkipObserve is a deliberately wrong parent that corrects without observing: on a
	// timeout it takes its local view p(a,e) for φ(e).
	SkipObserve bool
}

// R is the round-trip bound in ticks.
func (c Config) R() int { return 2 * c.Delay }

// Message kinds. Down: parent to child; up: child to parent.
const (
	downFind = iota
	downObserver
)

const (
	upFind = iota
	upObserver0
	upObserver1
)

// Protocol is the self-stabilizing arrow protocol on one tree.
type Protocol struct {
	tree     *topology.Tree
	cfg      Config
	schema   *model.Schema
	down, up *channelpkg.Timed
	choices  [][]int // p(v) may be v, then its neighbours
	children [][]int // children of v, in neighbour order
	// Variables of the edge whose child is b (-1 at the root): the parent's phase (observe
	// with sent, or correct with φest) and timer, and the first variables of the channels
	// down (a→b) and up (b→a).
	phase, timer, chDown, chUp []model.Ref
	arrow                      []model.Ref // p(v)
	edges                      []int       // the child of every edge, in tree.Edges order
	clock                      int         // the process whose moves are ticks
}

// chanInfo summarises a channel content for φ and the predicates of Section 6.
type chanInfo struct {
	finds          int
	observers      int
	findsBeforeObs int // finds older than the first observer (all finds if there is none)
	observed       int // the p(b,e) an up observer carries (first observer), -1 for none
}

// New builds the protocol; Validate the configuration first.
func New(tree *topology.Tree, cfg Config) (*Protocol, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	var downLimits, upLimits []channelpkg.Limit
	if cfg.Observers > 0 {
		downLimits = []channelpkg.Limit{{Kinds: []int{downObserver}, Max: cfg.Observers}}
		upLimits = []channelpkg.Limit{{Kinds: []int{upObserver0, upObserver1}, Max: cfg.Observers}}
	}
	down, err := channelpkg.NewTimed([]string{"find", "obs"}, cfg.Capacity, cfg.Delay, downLimits...)
	if err != nil {
		return nil, err
	}
	up, err := channelpkg.NewTimed([]string{"find", "obs(0)", "obs(1)"}, cfg.Capacity, cfg.Delay, upLimits...)
	if err != nil {
		return nil, err
	}
	if len(up.Segment.Domain().Names) > outOfBounds {
		return nil, fmt.Errorf("ssarrow: channels of capacity %d leave no value to report an overflow", cfg.Capacity)
	}
	n := tree.N()
	p := &Protocol{tree: tree, cfg: cfg, down: down, up: up, clock: n}
	b := model.NewBuilder(n + 1) // process n is the clock
	b.NameProcs(append(procNames(tree), "clock")...)
	p.choices, p.arrow = tree.Pointers(b)
	for v := range n {
		var kids []int
		for _, w := range tree.Adj[v] {
			if tree.Parent[w] == v {
				kids = append(kids, w)
			}
		}
		p.children = append(p.children, kids)
	}
	var phases []string
	for k := 0; k <= cfg.SentMax; k++ {
		phases = append(phases, fmt.Sprintf("obs:%d", k))
	}
	for k := 0; k <= cfg.PhiMax; k++ {
		phases = append(phases, fmt.Sprintf("cor:%d", k))
	}
	p.phase, p.timer, p.chDown, p.chUp = fill(n), fill(n), fill(n), fill(n)
	for c := range n {
		a := tree.Parent[c]
		if a < 0 {
			continue
		}
		edge := tree.Labels[a] + tree.Labels[c]
		p.phase[c] = b.Var("ph"+edge, model.Owner(a), model.Enum(phases...))
		b.Describe(p.phase[c], "phAB: parent A's phase on its edge to child B: obs:k observes, k finds sent; cor:k corrects, φest = k")
		p.timer[c] = b.Var("t"+edge, model.Owner(a), model.Range(cfg.Timeout+1))
		b.Describe(p.timer[c], "tAB: parent A's timer on its edge to child B, in ticks; its timeout is due at τ")
		p.chDown[c] = channelpkg.DeclareTimed(b, "c"+tree.Labels[a]+">"+tree.Labels[c], a, c, down)
		p.chUp[c] = channelpkg.DeclareTimed(b, "c"+tree.Labels[c]+">"+tree.Labels[a], c, a, up)
	}
	for _, e := range tree.Edges() {
		p.edges = append(p.edges, e.Child)
	}
	if p.schema, err = b.Schema(); err != nil {
		return nil, err
	}
	return p, nil
}

// procNames are the nodes' names, those of the file the tree was read from, or "" for each
// node of a generated tree, which keeps its number.
func procNames(tree *topology.Tree) []string {
	if names := tree.Names(); names != nil {
		return names
	}
	return make([]string, tree.N())
}

func fill(n int) []model.Ref {
	out := make([]model.Ref, n)
	for i := range out {
		out[i] = -1
	}
	return out
}

// info summarises the content of the channel whose variables start at c.
func (p *Protocol) info(s model.State, c model.Ref, ch *channelpkg.Timed, firstObserver int) chanInfo {
	var buf [32]int
	info := chanInfo{observed: -1}
	for _, k := range ch.Kinds(window(s, c, ch), buf[:0]) {
		if k == 0 {
			info.finds++
			if info.observers == 0 {
				info.findsBeforeObs++
			}
			continue
		}
		if info.observers == 0 {
			info.observed = k - firstObserver
		}
		info.observers++
	}
	return info
}

func (c Config) validate() error {
	switch {
	case c.Capacity < 1 || c.Delay < 1 || c.Timeout < 1:
		return fmt.Errorf("ssarrow: capacity, delay and timeout must be at least 1")
	case c.Capacity0 < 0 || c.Sent0 < 0 || c.Phi0 < 0 || c.Capacity0 > c.Capacity || c.Sent0 > c.SentMax || c.Phi0 > c.PhiMax:
		return fmt.Errorf("ssarrow: the initial ranges (messages 0..%d, sent 0..%d, φest 0..%d) must lie within the model's (0..%d, 0..%d, 0..%d)",
			c.Capacity0, c.Sent0, c.Phi0, c.Capacity, c.SentMax, c.PhiMax)
	case c.SentMax+1+c.PhiMax+1 >= outOfBounds:
		return fmt.Errorf("ssarrow: sent and φest ranges too large")
	}
	return nil
}

func (p *Protocol) Schema() *model.Schema { return p.schema }

// Clock is the process whose moves are ticks of time.
func (p *Protocol) Clock() int { return p.clock }

func (p *Protocol) Neighbors(v int) []int {
	if v == p.clock {
		return nil
	}
	return p.tree.Adj[v]
}

// Arrow is p(v) as a node.
func (p *Protocol) Arrow(s model.State, v int) int { return p.choices[v][s[p.arrow[v]]] }

// pointTo is the value of p(v) that points to w.
func (p *Protocol) pointTo(v, w int) byte {
	for i, u := range p.choices[v] {
		if u == w {
			return byte(i)
		}
	}
	return 0
}

// observing returns sent when the parent of edge b is in the observe phase.
func (p *Protocol) observing(ph byte) (sent int, ok bool) {
	if int(ph) <= p.cfg.SentMax {
		return int(ph), true
	}
	return 0, false
}

// correcting returns φest when the parent of edge b is in the correct phase.
func (p *Protocol) correcting(ph byte) (phi int, ok bool) {
	if int(ph) > p.cfg.SentMax {
		return int(ph) - p.cfg.SentMax - 1, true
	}
	return 0, false
}

// outOfBounds is written into a counter that would pass its representable range: it lies
// outside the variable's domain, so the checker stops with a model error naming it.
const outOfBounds = 255

func (p *Protocol) observe(sent int) byte {
	if sent > p.cfg.SentMax {
		return outOfBounds
	}
	return byte(sent)
}

func (p *Protocol) correct(phi int) byte {
	if phi > p.cfg.PhiMax {
		return outOfBounds
	}
	return byte(p.cfg.SentMax + 1 + phi)
}

// channel returns the variable and the kind of channel from v to its neighbour w.
func (p *Protocol) channel(v, w int) (model.Ref, *channelpkg.Timed) {
	if p.tree.Parent[w] == v {
		return p.chDown[w], p.down
	}
	return p.chUp[v], p.up
}
