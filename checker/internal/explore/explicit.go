package explore

import (
	"math"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/internal/compress"
	"github.com/mc-checker/mc/checker/internal/mapped"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/fairness"
)

// Explicit is the reachable graph found by BFS from explicit initial states, in columns
// indexed by node id (ids follow sequential BFS order) and edges in CSR form. Ids are 32-bit:
// an edge costs 4 bytes (12 when its steps must be kept), a node its configuration and 16
// bytes, so that graphs of hundreds of millions of states fit in memory.
type Explicit struct {
	m      model.Model
	sch    *model.Schema
	states column[byte] // the configurations, schema width bytes an entry (none with tree)
	// tree, if set, stores the configurations by tree compression (Config.Compress), and
	// roots holds each node's root in it instead of states; treeFull is set once it is full.
	tree     *compress.Tree
	roots    column[uint32]
	treeFull atomic.Bool    // set by the workers of a commit
	parent   column[uint32] // BFS tree; noParent for initial nodes
	via      column[uint32] // step index from the parent
	levels   uint32         // BFS depth reached
	// The BFS cursor: the level being expanded, its first node and the first node past it;
	// and the first node of the level before, which the visited set keeps in memory.
	depth                           uint32
	levelStart, levelEnd, prevStart uint64
	offsets                         column[uint64] // edges of node i are edges[offsets[i]:offsets[i+1]]
	edges                           column[uint32] // each edge's target
	space                           *mapped.Space  // the files of the columns, if any
	// steps holds each edge's step index, moves and ticks once some edge differs from the
	// plain step: its ordinal among its node's edges, one move, no tick. Under the central
	// daemon of an untimed protocol none does, and billions of edges take 4 bytes each.
	// Under the central daemon of a timed protocol only the ticks differ: until some edge
	// differs otherwise, ticks holds them, a byte an edge instead of steps' eight.
	steps     column[edgeStep]
	keepSteps bool
	ticks     column[uint8]
	keepTicks bool
	// movers holds each edge's moving processes, only when weak fairness will read them: at
	// 8 bytes an edge it would otherwise be the largest column.
	movers     column[uint64]
	withMovers bool
	fair       fairness.Units // the units an edge's movers hold (nil: its processes)
	// actionFirst is, per action invariant, the smallest expanded node with a step that
	// violates it: the BFS evaluates them on the steps it generates anyway.
	actionFirst []*par.MinTracker
	anon        *anonPages // the columns' pages outside the heap
}

// Release frees the graph's memory outside the heap; the graph must not be used after.
func (g *Explicit) Release() {
	for _, c := range g.Columns() {
		c.Col.release()
	}
	g.anon.free()
}

// storedEdge is an edge as a BFS segment holds it before its commit.
type storedEdge struct {
	to uint32
	edgeStep
}

// edgeStep is the step an edge takes, as the steps column keeps it.
type edgeStep struct {
	index        uint32
	moves, ticks uint16
}

// edge is edge j of the graph, the ordinal-th of its node's.
func (g *Explicit) edge(j, ordinal uint64) storedEdge {
	switch {
	case g.keepSteps:
		return storedEdge{g.edges.at(j), g.steps.at(j)}
	case g.keepTicks:
		return storedEdge{g.edges.at(j), edgeStep{index: uint32(ordinal), moves: 1, ticks: uint16(g.ticks.at(j))}}
	}
	return storedEdge{g.edges.at(j), edgeStep{index: uint32(ordinal), moves: 1}}
}

// startTicks starts the ticks column with the no ticks of the edges so far.
func (g *Explicit) startTicks() {
	g.keepTicks = true
	for g.ticks.len() < g.edges.len() {
		g.ticks.push(0)
	}
}

// startSteps starts the steps column with the steps of the edges so far, which the ticks
// column, if any, no longer holds.
func (g *Explicit) startSteps() {
	for id := uint64(0); g.steps.len() < g.edges.len(); id++ {
		for j := g.offsets.at(id); j < g.offsets.at(id+1) && j < g.edges.len(); j++ {
			g.steps.push(g.edge(j, j-g.offsets.at(id)).edgeStep)
		}
	}
	g.keepSteps, g.keepTicks = true, false
	g.ticks.release()
}

// noParent marks initial nodes; it is also the bound on node ids.
const noParent = store.MaxID

// maxStepIndex bounds Step.Index: the store keeps a flag in the index's top bit.
const maxStepIndex = math.MaxInt32

func (g *Explicit) Size() uint64 {
	if g.tree != nil {
		return g.roots.len()
	}
	return g.states.len()
}
func (g *Explicit) Schema() *model.Schema  { return g.sch }
func (g *Explicit) Initial(id uint64) bool { return g.parent.at(id) == noParent }
func (g *Explicit) Reached(uint64) bool    { return true }
func (g *Explicit) Movers() bool           { return g.withMovers }

// stateAt is node id's configuration: its entry in the states column, or with the tree
// decoded into buf (of the schema's width), which it then returns.
func (g *Explicit) stateAt(id uint64, buf model.State) model.State {
	if g.tree != nil {
		return g.tree.Get(g.roots.at(id), buf)
	}
	return g.states.entry(id)
}

// buffer is a configuration to decode into, with the tree; nil without (stateAt needs none).
func (g *Explicit) buffer() model.State {
	if g.tree != nil {
		return g.sch.NewState()
	}
	return nil
}

func (g *Explicit) State(id uint64, dst model.State) {
	if g.tree != nil {
		g.tree.Get(g.roots.at(id), dst)
		return
	}
	copy(dst, g.stateAt(id, nil))
}

func (g *Explicit) Scan(lo, hi uint64, fn func(uint64, model.State)) {
	buf := g.buffer()
	for id := lo; id < hi; id++ {
		fn(id, g.stateAt(id, buf))
	}
}

func (g *Explicit) Expanded(id uint64) bool { return id < g.ExpandedNodes() }

// Degree is the number of out-edges of an expanded node.
func (g *Explicit) Degree(id uint64) uint64 { return g.offsets.at(id+1) - g.offsets.at(id) }

// ExpandedNodes is the number of nodes whose edges are known: the nodes before it.
func (g *Explicit) ExpandedNodes() uint64 { return g.offsets.len() - 1 }

// NewSuccessors keeps the targets' configurations only if asked: a search over ids does not
// read them, and at 10^8 nodes fetching them is a random read of a large column per edge.
func (g *Explicit) NewSuccessors(targets bool) *Successors {
	if targets {
		return newSuccessors(g.m, g.sch.Width())
	}
	return newSuccessors(g.m, 0)
}

// Succ yields nothing for the nodes a bounded search left unexpanded.
func (g *Explicit) Succ(id uint64, _ model.State, out *Successors) {
	if !g.Expanded(id) {
		return
	}
	// Reads at random map pages faster than the watcher looks: the reader looks too, often
	// enough that the two workers' reads in between (two faults a node, a 2 MiB folio each
	// at worst) map at most 256 MiB. Every 256 nodes, Dijkstra n=9 once peaked at 4.3 GiB
	// under --mem 2GiB.
	if g.space != nil {
		if out.reads++; out.reads%32 == 0 {
			g.space.Relieve()
		}
	}
	first := g.offsets.at(id)
	for j, end := first, g.offsets.at(id+1); j < end; j++ {
		e := g.edge(j, j-first)
		var movers uint64
		if g.withMovers {
			movers = g.movers.at(j)
		}
		out.push(Edge{To: uint64(e.to), Index: e.index, Moves: uint32(e.moves), Ticks: uint32(e.ticks), Movers: movers})
		if out.width > 0 && g.tree != nil {
			out.states = append(out.states, make([]byte, out.width)...)
			g.State(uint64(e.to), out.states[len(out.states)-out.width:])
		} else if out.width > 0 {
			out.states = append(out.states, g.stateAt(uint64(e.to), nil)...)
		}
	}
}

func (g *Explicit) Model() model.Model { return g.m }

func (g *Explicit) PathTo(id uint64) ([]uint64, []uint32) {
	var nodes []uint64
	var steps []uint32
	for ; g.parent.at(id) != noParent; id = uint64(g.parent.at(id)) {
		nodes = append(nodes, id)
		steps = append(steps, g.via.at(id))
	}
	nodes = append(nodes, id)
	slices.Reverse(nodes)
	slices.Reverse(steps)
	return nodes, steps
}

// addNode appends a node with its BFS parent.
func (g *Explicit) addNode(s model.State, parent uint64, via uint32) {
	if g.tree != nil {
		g.roots.push(g.rootOf(s))
	} else {
		g.states.pushEntry(s)
	}
	g.parent.push(uint32(parent))
	g.via.push(via)
}

// rootOf puts s in the tree and returns its root; a full tree records its error (failed).
func (g *Explicit) rootOf(s model.State) uint32 {
	root, ok := g.tree.Put(s)
	if !ok {
		g.treeFull.Store(true)
	}
	return root
}

// errTreeFull is a tree of configurations that holds as many nodes as its ids can name: a
// bound, which leaves the run inconclusive.
var errTreeFull = BoundError{"the compressed configurations fill the 2^32 ids of their table"}

// Empty is a graph with no node and no offset, ready for the initial states or a
// checkpoint; with cfg.Space its columns are files.
func Empty(m model.Model, cfg Config) (*Explicit, error) {
	g := &Explicit{m: m, sch: m.Schema(), states: column[byte]{per: m.Schema().Width()}, withMovers: cfg.Movers, anon: &anonPages{}}
	if cfg.Compress {
		g.tree = compress.New(g.sch.Width())
	}
	for _, c := range g.Columns() {
		c.Col.useAnon(g.anon)
	}
	runtime.AddCleanup(g, (*anonPages).free, g.anon)
	g.fair = fairness.Named(m)
	for range cfg.Actions {
		g.actionFirst = append(g.actionFirst, par.NewMinTracker())
	}
	if cfg.Space == nil {
		return g, nil
	}
	return g, g.UseDisk(cfg.Space)
}

// UseDisk takes the columns' next pages from files in d; the pages they have stay.
func (g *Explicit) UseDisk(d *mapped.Space) error {
	g.space = d
	for _, c := range g.Columns() {
		a, err := d.Arena(c.Name)
		if err != nil {
			return err
		}
		c.Col.attach(a)
	}
	return nil
}

// failed is the first page a column could not get: the graph lost entries and must not be
// used.
func (g *Explicit) failed() error {
	if g.treeFull.Load() {
		return errTreeFull
	}
	for _, c := range g.Columns() {
		if err := c.Col.failure(); err != nil {
			return err
		}
	}
	return nil
}

// Columns lists the graph's columns with their file names, for UseDisk, failed and
// checkpoints.
func (g *Explicit) Columns() []NamedColumn {
	cols := []NamedColumn{{"states", &g.states}, {"parent", &g.parent}, {"via", &g.via},
		{"offsets", &g.offsets}, {"edges", &g.edges}, {"steps", &g.steps}, {"ticks", &g.ticks}, {"movers", &g.movers}}
	if g.tree != nil { // the tree itself stays in memory: no checkpoint saves a compressed graph
		cols = append(cols, NamedColumn{"roots", &g.roots})
	}
	return cols
}

// Bytes is what the graph's entries take: its columns, and its tree of configurations.
func (g *Explicit) Bytes() uint64 {
	var b uint64
	for _, c := range g.Columns() {
		b += c.Col.Bytes()
	}
	if g.tree != nil {
		b += g.tree.Bytes()
	}
	return b
}

// NamedColumn is a column of the graph and the name of its file.
type NamedColumn struct {
	Name string
	Col  Column
}

// Levels is the BFS depth reached: the number of levels past the initial one.
func (g *Explicit) Levels() uint32 { return g.levels }

// Edges is the number of edges.
func (g *Explicit) Edges() uint64 { return g.edges.len() }

// ActionFirst is, per action invariant of the exploration, the smallest expanded node with a
// step that violates it.
func (g *Explicit) ActionFirst() []*par.MinTracker { return g.actionFirst }
