package model

import (
	"fmt"
	"strings"
	"sync"
)

// Daemon is the scheduler that chooses which enabled processes move in a step.
type Daemon int

const (
	// Central fires one enabled process per step.
	Central Daemon = iota
	// LocallyCentral fires any non-empty set of enabled, pairwise non-neighbouring processes.
	LocallyCentral
	// Distributed fires any non-empty set of enabled processes.
	Distributed
	// Synchronous fires every enabled process.
	Synchronous
	// Blocks is the block reduction of the distributed daemon: it fires one connected set of
	// enabled processes (in the graph of who reads whom). A distributed step is the sequence of
	// the steps of its connected components, which neither read nor write each other, so the
	// reachable configurations, the deadlocks and the cycles are the distributed daemon's; the
	// lengths of executions are not (see Reduced).
	Blocks
)

var daemonNames = []struct {
	name, sasa string
}{
	{"central", "cd"}, {"locally-central", "lcd"}, {"distributed", "dd"}, {"synchronous", "sd"}, {"blocks", "blocks"},
}

func (d Daemon) String() string { return daemonNames[d].name }

// ParseDaemon accepts the long names and SASA's short ones (cd, lcd, dd, sd) of the four
// daemons. Blocks is not among them: it is a reduction of the distributed daemon, which a
// caller asks for as such (mc check --reduce blocks), and its error says so.
func ParseDaemon(s string) (Daemon, error) {
	var names []string
	for i, n := range daemonNames[:Blocks] {
		if s == n.name || s == n.sasa || s == "-"+n.sasa {
			return Daemon(i), nil
		}
		names = append(names, n.name)
	}
	if s == Blocks.String() {
		return 0, fmt.Errorf("%q is not a daemon but the distributed daemon's block reduction (the daemons are %s)", s, strings.Join(names, ", "))
	}
	return 0, fmt.Errorf("unknown daemon %q (want one of %s)", s, strings.Join(names, ", "))
}

// maxSubsetProcs bounds the enabled processes of a configuration under a daemon that
// enumerates subsets of them (the locally-central, distributed and blocks daemons): 2^24
// choices in one step is already far past what an explicit-state search can use. From every
// configuration it bounds the processes; from given ones, the enabled processes of each
// configuration reached (Behaviour.Limit: past it, the run is inconclusive).
const maxSubsetProcs = 24

// Option chooses how Daemonize builds a model.
type Option func(*options)

type options struct {
	init  []State   // nil: the universe
	where Predicate // with init nil: the initial configurations of the universe; nil: all
	lint  bool
}

// From starts the model from the given configurations instead of every configuration (nil:
// every configuration, as without From); the checker explores them by BFS over a hashed store.
func From(init []State) Option { return func(o *options) { o.init = init } }

// Where restricts the initial set to the configurations of the universe that satisfy where:
// a bounded model whose counters start small but may grow. It is still explored in the dense
// store, from those configurations only.
func Where(where Predicate) Option { return func(o *options) { o.where = where } }

// WithLint checks the protocol's contract on every guard and statement the checker
// evaluates, at the cost of a few dozen more evaluations a step (see "The contract" in the
// package doc, and lint.go): the model's Violation (Audited) then reports a breach, and the
// checker returns it as a model error.
func WithLint() Option { return func(o *options) { o.lint = true } }

// Daemonize turns a protocol into a model under daemon d, whose initial set is every
// configuration unless From or Where says otherwise. It refuses a non-central daemon on more
// than maxSubsetProcs processes up front when it starts from every configuration (2^24 subsets
// a step), on more than MaxFairProcs processes always (they are bits of a word), and
// neighbours outside the processes.
func Daemonize(p Protocol, d Daemon, opts ...Option) (Model, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	n := p.Schema().Procs()
	if err := o.fit(p, d); err != nil {
		return nil, err
	}
	neighbors, err := readers(p, n)
	if err != nil {
		return nil, err
	}
	m := &daemonModel{proto: p, daemon: d, init: o.init, where: o.where, procs: n, clock: -1,
		identity: fmt.Sprintf("%T/%v", p, d), limit: new(firstLimit), breach: new(firstLimit)}
	m.random, _ = p.(Randomized)
	m.audit, _ = p.(Audited) // a compiled protocol reports the steps that broke its language's rules
	if c, ok := p.(Clocked); ok {
		m.clock = c.Clock()
	}
	if u, ok := p.(FairUnits); ok {
		if len(u.Units()) > MaxFairProcs {
			return nil, fmt.Errorf("weak fairness tracks at most %d units, the protocol names %d", MaxFairProcs, len(u.Units()))
		}
		m.units = u
	}
	if d == LocallyCentral || d == Blocks {
		// Reading is directed (p reads its parent), conflict is not: two processes conflict
		// if either reads the other.
		m.conflicts = make([]uint64, n)
		for q, nb := range neighbors {
			for _, r := range nb {
				m.conflicts[q] |= 1 << r
				m.conflicts[r] |= 1 << q
			}
		}
	}
	if o.lint {
		m.proto = newLint(p, neighbors, m.clock)
	}
	m.scratch = &sync.Pool{New: func() any { return m.newScratch() }}
	return m, nil
}

// fit refuses what daemon d cannot run p from the initial configurations o gives: more
// processes than its subsets or a word's bits, an initial state outside the schema, From and
// Where together.
func (o options) fit(p Protocol, d Daemon) error {
	n := p.Schema().Procs()
	subsets := d == LocallyCentral || d == Distributed || d == Blocks
	switch {
	case subsets && n > MaxFairProcs:
		return fmt.Errorf("the %s daemon supports at most %d processes, the protocol has %d", d, MaxFairProcs, n)
	case subsets && o.init == nil && n > maxSubsetProcs:
		return fmt.Errorf("the %s daemon from every configuration supports at most %d processes, the protocol has %d (from given configurations, at most %d enabled at once)", d, maxSubsetProcs, n, maxSubsetProcs)
	case d == Synchronous && n >= 64:
		return fmt.Errorf("the synchronous daemon supports at most 63 processes, the protocol has %d", n)
	case o.init != nil && o.where != nil:
		return fmt.Errorf("From and Where exclude each other: Where selects initial configurations of the universe")
	}
	for _, s := range o.init {
		if err := p.Schema().Valid(s); err != nil {
			return fmt.Errorf("initial state: %w", err)
		}
	}
	return nil
}

// readers lists each process's neighbours, checking that they are processes.
func readers(p Protocol, n int) ([][]int, error) {
	out := make([][]int, n)
	for q := range n {
		out[q] = p.Neighbors(q)
		for _, r := range out[q] {
			if r < 0 || r >= n {
				return nil, fmt.Errorf("process %d has neighbour %d, outside 0..%d", q, r, n-1)
			}
		}
	}
	return out, nil
}

// ProtocolOf is the protocol m runs and its daemon, if m is a protocol under a daemon
// (Daemonize's model): the symbolic engine builds its relation from the protocol's rules, and
// the table of combinations reads the daemon. Under WithLint the protocol is wrapped in the
// lint, which checks what the caller evaluates of it. It does not look through wrappers: a
// model over another (a quotient, faults, a user's) is no protocol under a daemon itself.
func ProtocolOf(m Model) (Protocol, Daemon, bool) {
	d, ok := m.(*daemonModel)
	if !ok {
		return nil, 0, false
	}
	return d.proto, d.daemon, true
}
