package model

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/mc-checker/mc/checker/model/prob"
)

// daemonModel is a protocol under a daemon, starting from every configuration, from those
// that satisfy a predicate, or from given states.
type daemonModel struct {
	proto     Protocol  // with WithLint, wrapped in the lint
	units     FairUnits // the protocol's fairness units, or nil: its processes
	daemon    Daemon
	init      []State   // nil: the universe
	where     Predicate // with init nil: the initial configurations of the universe; nil: all
	procs     int
	clock     int        // the clock process of a Clocked protocol, else -1
	conflicts []uint64   // locally-central only: bit q of conflicts[p] iff p or q reads the other
	scratch   *sync.Pool // shared by the copies; used when own is nil
	own       *scratch   // the buffers of a forked copy
	identity  string
	limit     *firstLimit // shared by the copies
	random    Randomized  // the protocol's coins, or nil
	breach    *firstLimit // a distribution that is not one (shared by the copies)
	audit     Audited     // a protocol that checks its own rules as it runs, or nil
}

// firstLimit is the first limit a model met (Behaviour.Limit), safe for concurrent use.
type firstLimit struct{ err atomic.Pointer[error] }

func (f *firstLimit) set(err error) { f.err.CompareAndSwap(nil, &err) }

func (f *firstLimit) get() error {
	if e := f.err.Load(); e != nil {
		return *e
	}
	return nil
}

// Limit is the first configuration met with more enabled processes than the daemon's subsets
// can be enumerated for (maxSubsetProcs), or nil.
func (m *daemonModel) Limit() error { return m.limit.get() }

// Traits: timed by its clock when the protocol has one, one move a step under the central
// daemon (or with one process), probabilistic for a randomized protocol, the blocks reduction
// under the Blocks daemon, the protocol's type and the daemon as its identity.
func (m *daemonModel) Traits() Traits {
	t := Traits{OneMovePerStep: m.daemon == Central || m.procs <= 1, Probabilistic: m.random != nil, Identity: m.identity}
	if m.clock >= 0 {
		t.Timed, t.Clock = true, m.clock
	}
	if m.daemon == Blocks {
		t.Reduced = "blocks"
	}
	return t
}

// scratch holds the buffers of one Successors call, pooled because the hot path of the explorer
// would otherwise allocate them for every state.
type scratch struct {
	next    State
	rules   []int
	moves   []Move
	enabled []enabledProc
	choice  []int
	chances [][]prob.Prob // a randomized step's movers' distributions, and the outcome each drew
	drawn   []int
	_       noFalseSharing
}

type enabledProc struct {
	p     int
	rules []int
}

func (m *daemonModel) newScratch() *scratch {
	return &scratch{
		next:   workerState(m.Schema().Width()),
		rules:  make([]int, 0, lineBytes/8),
		moves:  make([]Move, 0, max(m.procs, lineBytes/16)),
		choice: make([]int, m.procs),
	}
}

// Fork returns a copy with buffers of its own, for one worker.
func (m *daemonModel) Fork() Model {
	c := *m
	c.own = m.newScratch()
	return &c
}

// buffers returns the copy's own buffers or pooled ones, and how to give them back.
func (m *daemonModel) buffers() (*scratch, func()) {
	if m.own != nil {
		return m.own, func() {}
	}
	sc := m.scratch.Get().(*scratch)
	return sc, func() { m.scratch.Put(sc) }
}

func (m *daemonModel) Schema() *Schema { return m.proto.Schema() }

func (m *daemonModel) UniverseInit() (Predicate, bool) { return m.where, m.init == nil }

func (m *daemonModel) Init(yield func(State) bool) {
	if m.init != nil {
		for _, s := range m.init {
			if !yield(s) {
				return
			}
		}
		return
	}
	sch := m.Schema()
	if !sch.countable() {
		return
	}
	s := sch.NewState()
	for (m.where != nil && !m.where(s) || yield(s)) && sch.next(s) {
	}
}

func (m *daemonModel) Procs() int { return m.procs }

// Violation is the first breach of the protocol contract that WithLint found, or nil.
func (m *daemonModel) Violation() error {
	if err := m.breach.get(); err != nil {
		return err
	}
	if m.audit != nil {
		if err := m.audit.Violation(); err != nil {
			return err
		}
	}
	if l, ok := m.proto.(*lint); ok {
		return l.first()
	}
	return nil
}

// ticks is 1 if the clock is among the moves.
func (m *daemonModel) ticks(moves []Move) int {
	for _, mv := range moves {
		if mv.Proc == m.clock {
			return 1
		}
	}
	return 0
}

func (m *daemonModel) RuleName(p, r int) string { return m.proto.RuleName(p, r) }

func (m *daemonModel) EnabledMask(s State) uint64 {
	sc, done := m.buffers()
	defer done()
	var mask uint64
	for p := 0; p < m.procs && p < MaxFairProcs; p++ {
		if sc.rules = m.proto.Enabled(s, p, sc.rules[:0]); len(sc.rules) > 0 {
			mask |= 1 << p
		}
	}
	return mask
}

// Successors enumerates, in a fixed order, every choice the daemon may make: for the central
// daemon process by process and rule by rule; for the others, subsets of the enabled processes
// by increasing bitmask and, within one subset, every combination of enabled rules.
func (m *daemonModel) Successors(s State, yield func(Step, State) bool) {
	sc, done := m.buffers()
	defer done()
	if m.daemon == Central {
		m.central(s, sc, yield)
	} else {
		m.subsets(s, sc, yield)
	}
}

func (m *daemonModel) central(s State, sc *scratch, yield func(Step, State) bool) {
	idx, choice := 0, 0
	for p := 0; p < m.procs; p++ {
		sc.rules = m.proto.Enabled(s, p, sc.rules[:0])
		for _, r := range sc.rules {
			sc.moves = append(sc.moves[:0], Move{Proc: p, Rule: r})
			if m.random != nil {
				if !m.outcomes(s, sc, choice, &idx, yield) {
					return
				}
				choice++
				continue
			}
			copy(sc.next, s)
			m.proto.Fire(s, sc.moves, sc.next)
			if !yield(Step{Index: idx, Choice: idx, Moves: sc.moves, Ticks: m.ticks(sc.moves)}, sc.next) {
				return
			}
			idx++
		}
	}
}

func (m *daemonModel) subsets(s State, sc *scratch, yield func(Step, State) bool) {
	enabled := sc.enabled[:0]
	for p := 0; p < m.procs; p++ {
		if rs := m.proto.Enabled(s, p, nil); len(rs) > 0 {
			enabled = append(enabled, enabledProc{p, rs})
		}
	}
	sc.enabled = enabled
	if len(enabled) == 0 {
		return
	}
	if len(enabled) > maxSubsetProcs && m.daemon != Synchronous {
		m.limit.set(fmt.Errorf("a configuration enables %d processes: the %s daemon enumerates the subsets of at most %d (2^%d a step)",
			len(enabled), m.daemon, maxSubsetProcs, maxSubsetProcs))
		return
	}
	first := uint64(1)
	if m.daemon == Synchronous {
		first = 1<<len(enabled) - 1
	}
	idx, daemonChoice := 0, 0
	choice := sc.choice[:len(enabled)]
	for mask := first; mask < 1<<len(enabled); mask++ {
		if m.daemon == LocallyCentral && !m.independent(enabled, mask) || m.daemon == Blocks && !m.connected(enabled, mask) {
			continue
		}
		clear(choice)
		for {
			sc.moves = sc.moves[:0]
			for i, e := range enabled {
				if mask&(1<<i) != 0 {
					sc.moves = append(sc.moves, Move{Proc: e.p, Rule: e.rules[choice[i]]})
				}
			}
			if m.random != nil {
				if !m.outcomes(s, sc, daemonChoice, &idx, yield) {
					return
				}
			} else {
				copy(sc.next, s)
				m.proto.Fire(s, sc.moves, sc.next)
				if !yield(Step{Index: idx, Choice: idx, Moves: sc.moves, Ticks: m.ticks(sc.moves)}, sc.next) {
					return
				}
				idx++
			}
			daemonChoice++
			if !nextChoice(enabled, mask, choice) {
				break
			}
		}
	}
}

// outcomes yields every outcome of the daemon's choice of sc.moves: the product of the movers'
// coins, the first mover's outcome varying slowest. A distribution that is not one, or a
// product whose denominator passes 64 bits, is a breach: the step is not yielded.
func (m *daemonModel) outcomes(s State, sc *scratch, choice int, idx *int, yield func(Step, State) bool) bool {
	k := len(sc.moves)
	for len(sc.chances) < k {
		sc.chances = append(sc.chances, nil)
	}
	sc.drawn = sc.drawn[:0]
	for range k {
		sc.drawn = append(sc.drawn, 0)
	}
	for i, mv := range sc.moves {
		sc.chances[i] = m.random.Chances(s, mv.Proc, mv.Rule, sc.chances[i][:0])
		if err := checkChances(sc.chances[i]); err != nil {
			m.breach.set(fmt.Errorf("rule %s of %s: %w", m.proto.RuleName(mv.Proc, mv.Rule), m.procName(mv.Proc), err))
			return false
		}
	}
	ticks := m.ticks(sc.moves)
	for {
		chance := prob.Prob{Num: 1, Den: 1}
		for i := range sc.moves {
			sc.moves[i].Outcome = sc.drawn[i]
			if len(sc.chances[i]) > 1 {
				var fits bool
				if chance, fits = chance.Times(sc.chances[i][sc.drawn[i]]); !fits {
					m.breach.set(fmt.Errorf("a step of %d moves (%s's %s first): its probability has a denominator past 64 bits",
						len(sc.moves), m.procName(sc.moves[0].Proc), m.proto.RuleName(sc.moves[0].Proc, sc.moves[0].Rule)))
					return false
				}
			}
		}
		copy(sc.next, s)
		m.proto.Fire(s, sc.moves, sc.next)
		if !yield(Step{Index: *idx, Choice: choice, Moves: sc.moves, Ticks: ticks, Prob: chance}, sc.next) {
			return false
		}
		*idx++
		if !nextOutcome(sc.chances[:k], sc.drawn) {
			return true
		}
	}
}

// nextOutcome advances the odometer of outcomes, the last mover's varying fastest.
func nextOutcome(chances [][]prob.Prob, drawn []int) bool {
	for i := len(drawn) - 1; i >= 0; i-- {
		if drawn[i]++; drawn[i] < len(chances[i]) {
			return true
		}
		drawn[i] = 0
	}
	return false
}

// nextChoice advances the odometer of rule choices of the processes chosen by mask.
func nextChoice(enabled []enabledProc, mask uint64, choice []int) bool {
	for i := range enabled {
		if mask&(1<<i) == 0 {
			continue
		}
		if choice[i]++; choice[i] < len(enabled[i].rules) {
			return true
		}
		choice[i] = 0
	}
	return false
}

// independent reports whether the processes chosen by mask are pairwise non-neighbours.
func (m *daemonModel) independent(enabled []enabledProc, mask uint64) bool {
	var chosen uint64
	for i, e := range enabled {
		if mask&(1<<i) != 0 {
			if m.conflicts[e.p]&chosen != 0 {
				return false
			}
			chosen |= 1 << e.p
		}
	}
	return true
}

// connected reports whether the processes chosen by mask form one connected set in the graph
// of who reads whom.
func (m *daemonModel) connected(enabled []enabledProc, mask uint64) bool {
	var chosen uint64
	for i, e := range enabled {
		if mask&(1<<i) != 0 {
			chosen |= 1 << e.p
		}
	}
	reached := chosen & -chosen // the lowest chosen process
	for {
		grown := reached
		for rest := reached; rest != 0; rest &= rest - 1 {
			p := bits.TrailingZeros64(rest)
			grown |= m.conflicts[p] & chosen
		}
		if grown == reached {
			return reached == chosen
		}
		reached = grown
	}
}

// noFalseSharing pads the scratch buffers of one worker, written on every state, so that two
// workers' buffers never share a cache line (the line's ping-pong between cores halved the
// speed of each worker).
type noFalseSharing [128]byte

// lineBytes is the capacity below which a scratch slice is padded: Go puts small objects of one
// size class side by side, while objects of 128 bytes and more start on their own lines.
const lineBytes = 128

// workerState allocates a scratch configuration that no other worker's data shares a line with.
func workerState(width int) State {
	return make(State, width, max(lineBytes, (width+63)/64*64))
}
