package model

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
)

// Lint: the contract of Protocol, checked on the guards and statements a run evaluates
// (Daemonize with WithLint). Three breaches are found:
//
//   - a statement that writes a variable its process does not own (nor receives from, for a
//     channel variable): found by firing each move alone and looking at what changed;
//   - two moves of one step that write one variable, or moves that do not compose (firing
//     them together differs from firing each alone): the last write would silently win;
//   - a guard or a statement that reads a variable of a process that is not a neighbour (nor
//     the process itself; Global variables may be read by all): found by perturbing each such
//     variable, to every value of a small domain or 16 values spread over a large one, and
//     seeing the enabled rules, or what an enabled rule writes, change. A read that changes
//     nothing on the configurations the run meets goes unseen.
//
// A Footprinted protocol's footprints are checked the same way, rule by rule: a move that
// changes a variable outside its rule's Writes, and a guard or a statement that reads one of
// the process's neighbourhood outside its rule's Reads.
//
// The clock of a Clocked protocol is the environment: time passes everywhere at once, so what
// it reads and writes is not checked; its moves must still compose with the others' in one
// step.

// ContractError is a breach of the protocol contract, with the move and the configuration.
// Of the breaches a run meets, the lint keeps the one in the smallest configuration (by its
// encoding; then by move and breach), so that the report does not depend on which worker met
// which first. The model's Violation reports it inside a *StateError, which holds the
// configuration itself.
type ContractError struct {
	Move   string // e.g. "P2 copy"
	State  string // the configuration, formatted by the schema
	Breach string // what the move did
	key    string // the configuration's encoding, the move and the breach: the order kept
}

func (e *ContractError) Error() string {
	return fmt.Sprintf("model error: %s %s, in %s", e.Move, e.Breach, e.State)
}

// lint is a protocol whose guards and statements are checked as they are evaluated. It is
// shared by the forks of its model: it allocates its scratch states per call.
type lint struct {
	Protocol
	sch        *Schema
	unreadable [][]int // per process, the variables it may not read
	readable   [][]int // and those it may
	writable   [][]bool
	foot       Footprinted // the protocol's declared footprints, or nil
	clock      int
	found      atomic.Pointer[StateError] // its Err a *ContractError
}

func newLint(p Protocol, neighbors [][]int, clock int) *lint {
	sch := p.Schema()
	l := &lint{Protocol: p, sch: sch, clock: clock}
	l.foot, _ = p.(Footprinted)
	for q, nb := range neighbors {
		reads := map[Owner]bool{Owner(q): true, Global: true}
		for _, r := range nb {
			reads[Owner(r)] = true
		}
		var unreadable, readable []int
		writable := make([]bool, sch.Width())
		for i, v := range sch.Vars {
			// A message's receiver reads and writes it (Global: any process, on the network).
			receives := v.Link != nil && (v.Link.Receiver == Owner(q) || v.Link.Receiver == Global)
			if !reads[v.Owner] && !receives {
				unreadable = append(unreadable, i)
			} else {
				readable = append(readable, i)
			}
			writable[i] = v.Owner == Owner(q) || receives
		}
		l.unreadable, l.writable = append(l.unreadable, unreadable), append(l.writable, writable)
		l.readable = append(l.readable, readable)
	}
	return l
}

func (l *lint) first() error {
	if e := l.found.Load(); e != nil {
		return e
	}
	return nil
}

// report keeps the first breach, by the moves (or, with none, by process p's guards).
func (l *lint) report(s State, p int, moves []Move, format string, args ...any) {
	names := []string{l.sch.ProcName(p)}
	if len(moves) > 0 {
		names = names[:0]
	}
	for _, m := range moves {
		names = append(names, l.sch.ProcName(m.Proc)+" "+l.RuleName(m.Proc, m.Rule))
	}
	e := &ContractError{Move: strings.Join(names, " and "), State: l.sch.Format(s), Breach: fmt.Sprintf(format, args...)}
	e.key = string(s) + "\x00" + e.Move + "\x00" + e.Breach
	in := &StateError{Err: e, State: s.Clone()}
	for {
		cur := l.found.Load()
		if cur != nil && cur.Err.(*ContractError).key <= e.key || l.found.CompareAndSwap(cur, in) {
			return
		}
	}
}

// Enabled checks that the guards of p, and the statements of its enabled rules, read only
// what p may read.
func (l *lint) Enabled(s State, p int, dst []int) []int {
	start := len(dst)
	dst = l.Protocol.Enabled(s, p, dst)
	if p == l.clock {
		return dst
	}
	rules := slices.Clone(dst[start:])
	neighbourhood := l.eachProbe(s, l.unreadable[p], func(t State, v int, x byte) bool {
		if got := l.Protocol.Enabled(t, p, nil); !slices.Equal(got, rules) {
			l.report(s, p, nil, "has a guard that reads %s, which neither it nor a neighbour owns (enabled rules %v, and %v when %s = %s)",
				l.sch.Vars[v].Name, rules, got, l.sch.Vars[v].Name, l.sch.Vars[v].Domain.Name(x))
			return false
		}
		for _, r := range rules {
			if !l.sameStatement(s, t, Move{Proc: p, Rule: r}, v, "which neither it nor a neighbour owns") {
				return false
			}
		}
		return true
	})
	if neighbourhood && l.foot != nil {
		l.footprintReads(s, p, rules)
	}
	return dst
}

// footprintReads checks that each rule of p reads, in its guard and its statement, only its
// footprint's Reads among the variables p may read: one Enabled a probe serves every rule.
func (l *lint) footprintReads(s State, p int, rules []int) {
	feet := make([]Footprint, l.foot.Rules(p))
	for r := range feet {
		feet[r] = l.foot.Footprint(p, r)
	}
	l.eachProbe(s, l.readable[p], func(t State, v int, x byte) bool {
		var got []int
		asked := false // Enabled at t, asked once, for the first rule that does not read v
		for r, f := range feet {
			if _, in := slices.BinarySearch(f.Reads, v); in {
				continue
			}
			if !asked {
				got, asked = l.Protocol.Enabled(t, p, nil), true
			}
			on := slices.Contains(rules, r)
			if slices.Contains(got, r) != on {
				l.report(s, p, nil, "has rule %s, whose guard reads %s, outside its footprint (enabled %v, and %v when %s = %s)",
					l.RuleName(p, r), l.sch.Vars[v].Name, on, !on, l.sch.Vars[v].Name, l.sch.Vars[v].Domain.Name(x))
				return false
			}
			if on && !l.sameStatement(s, t, Move{Proc: p, Rule: r}, v, "outside its rule's footprint") {
				return false
			}
		}
		return true
	})
}

// eachProbe sets each variable of vars in turn to each of its probes, in a copy of s, and
// calls check on the copy until it returns false; it reports whether every call returned true.
func (l *lint) eachProbe(s State, vars []int, check func(t State, v int, x byte) bool) bool {
	t := s.Clone()
	for _, v := range vars {
		for _, x := range probes(l.sch.Vars[v].Domain.Size, s[v]) {
			t[v] = x
			if !check(t, v, x) {
				return false
			}
		}
		t[v] = s[v]
	}
	return true
}

// sameStatement checks that move m writes the same values from s and from t, which differ in
// variable v only, which m may not read (why says why, for the report).
func (l *lint) sameStatement(s, t State, m Move, v int, why string) bool {
	a, b := s.Clone(), t.Clone()
	l.Protocol.Fire(s, []Move{m}, a)
	l.Protocol.Fire(t, []Move{m}, b)
	for i := range a {
		if i != v && a[i] != b[i] {
			l.report(s, m.Proc, []Move{m}, "has a statement that reads %s, %s (it writes %s = %s, and %s when %s = %s)",
				l.sch.Vars[v].Name, why, l.sch.Vars[i].Name, l.sch.Vars[i].Domain.Name(a[i]), l.sch.Vars[i].Domain.Name(b[i]),
				l.sch.Vars[v].Name, l.sch.Vars[v].Domain.Name(t[v]))
			return false
		}
	}
	return true
}

// probes are the values a perturbed variable takes: every other value of a small domain, 16
// spread over a large one.
func probes(size int, skip byte) []byte {
	step := max(1, size/16)
	var out []byte
	for x := 0; x < size; x += step {
		if byte(x) != skip {
			out = append(out, byte(x))
		}
	}
	return out
}

// Fire checks that each move writes only what its process owns, that no two moves write one
// variable, that the moves compose, and that s is left as it was.
func (l *lint) Fire(s State, moves []Move, next State) {
	before := s.Clone()
	l.Protocol.Fire(s, moves, next)
	if !s.Equal(before) {
		l.report(before, -1, moves, "writes into the configuration it reads (a statement writes next, never s)")
		return
	}
	merged, writer := s.Clone(), make([]int, len(s))
	for k, m := range moves {
		alone := s.Clone()
		l.Protocol.Fire(s, moves[k:k+1], alone)
		for v := range alone {
			if alone[v] == s[v] {
				continue
			}
			if m.Proc != l.clock && !l.writable[m.Proc][v] {
				l.report(s, -1, moves[k:k+1], "writes %s, which %s owns", l.sch.Vars[v].Name, l.owner(l.sch.Vars[v]))
				return
			}
			if _, in := slices.BinarySearch(l.footWrites(m), v); m.Proc != l.clock && l.foot != nil && !in {
				l.report(s, -1, moves[k:k+1], "writes %s, outside its rule's footprint", l.sch.Vars[v].Name)
				return
			}
			if writer[v] > 0 {
				l.report(s, -1, []Move{moves[writer[v]-1], m}, "both write %s in one step (the last write would silently win)", l.sch.Vars[v].Name)
				return
			}
			writer[v], merged[v] = k+1, alone[v]
		}
	}
	if !merged.Equal(next) {
		l.report(s, -1, moves, "do not compose: fired together they write %s, fired one by one %s (a statement reads what another writes, or two write one variable)",
			l.sch.Format(next), l.sch.Format(merged))
	}
}

// footWrites is the Writes of m's rule's footprint (nil without footprints).
func (l *lint) footWrites(m Move) []int {
	if l.foot == nil {
		return nil
	}
	return l.foot.Footprint(m.Proc, m.Rule).Writes
}

func (l *lint) owner(v Var) string {
	if v.Owner == Global {
		return "no process"
	}
	return l.sch.ProcName(int(v.Owner))
}
