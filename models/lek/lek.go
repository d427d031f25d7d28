package lek

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// Readings of the text where the OCR'd paper is ambiguous or self-contradictory
// (docs/LEK.md); each zero value is the text as printed.
type Readings struct {
	// Tie: two requesting neighbours whose Suggestions are equal (as raw relative addresses).
	// 0: neither yields (Action 2's strict ">" on both sides); 1: the left one yields to the
	// right one (Section 4); 2: the right one yields to the left one (Section 5).
	Tie int
	// Trail: Delete Probe (a, b) and Delete Report (a, b) need the trailing neighbour's
	// variable ⊥ (0, as printed), or only not a trailing copy (1, as Delete Trailing Denial).
	Trail int
	// Close: Close Report rests the process whatever its status (0, as printed), or only when
	// its status is the direction of the report (1).
	Close int
	// Strand: a query token that can no longer move (its home would leave −6k−1..6k+1, or it
	// is on the third track with no successor away from its home) stays forever (0, as
	// printed) or is deleted once it is sole (1, a repair).
	Strand int
	// ProbeEnd: Delete Probe (e, f) deletes a probe at the end of its range as soon as its
	// report is initiated (0, as printed: the probe behind it is copied again at once, and the
	// process never stops), or once no trailing copy remains (1, a repair).
	// 2 is the repair's first version, kept to replay finding 8: the report waits wherever
	// a probe of its value stands, not only at the end of the range, and a report wave can
	// then wait forever behind a fragment a fault wrote.
	ProbeEnd int
	// Report: a report is copied onto a process hosting a query of its home and deleted there
	// at once by Delete Report (c, d), forever (0, as printed); or, as probes, it is not
	// copied there and is deleted where it stands when the query is ahead (1, a repair).
	Report int
	// Returned: a process whose status is query_returned with no query of its own on track
	// III waits forever (0, as printed), or rests (1, a repair).
	Returned int
	// Stale: Erroneous Query Return (11) deletes a process's query back at its home when its
	// status is query_L or resting (0, as printed), or also when it is requesting (1, a
	// repair: the query is stale, its process has stopped waiting for it).
	Stale int
	// CopyID: a query's trailing and forward copies are recognised by their home (0, as
	// printed), or by their home and candidate (1, a repair: two queries of one home, a
	// process's own and a rogue, are then told apart; finding 7).
	CopyID int
	// Dominated: a satisfied process whose rumor is dominated by its right neighbour's, for a
	// candidate one beyond its range (the neighbour's rumor is +3k), stays satisfied (0, as
	// printed: outside the leader's interval it then keeps a false vote forever, finding 4),
	// or the neighbour queries its candidate (1, a repair: challenge in privilege.go).
	Dominated int
	// Cands: a query's candidate, relative to its host, ranges over −3k−1..3k+1 (0: every
	// query the protocol makes stays in it on its whole path, the model's narrowing) or over
	// the paper's −6k−1..6k+1 (1), so that faults write far candidates too. A far candidate
	// travels toward the narrow range, as the path's guards read it, or strands.
	Cands int
	// Far: a query whose candidate is outside −3k−1..3k+1 (only a fault writes one, with
	// Cands 1) stays (0, as printed) or is deleted, and not copied (1, a repair).
	Far int
	// Order: a selected process's run takes the first enabled action in textual order each
	// time (TextualOrder, the zero value) or any enabled action (AnyOrder, anyorder.go).
	Order int
	// Mutant is not a reading but a deliberate bug (Correct, the zero value, is none).
	Mutant Mutant
}

// Ring is LE(k) on n processes.
type Ring struct {
	n       int
	k       val
	f       fields
	schema  *model.Schema
	r       Readings
	actions []action
	legit0  model.State // the legitimate configuration whose leader is process 0
	// queryValues are the values of a query record (Records): ⊥, then every query.
	queryValues [][]byte
}

// run fires the process of v until it is no longer enabled, and reports false if it never
// would be: its neighbours stay as they are during its run and its actions are taken in a
// fixed order, so a local state seen twice repeats forever.
func (r *Ring) run(v *view) bool {
	var buf [8]proc // runs are short: the seen states stay on the stack
	seen := buf[:0]
	for r.first(v, 0) >= 0 {
		for _, x := range seen {
			if x == v.me {
				return false
			}
		}
		seen = append(seen, v.me)
	}
	return true
}

// New builds LE(k) on n ≥ 3 processes, k ≥ 1, under readings r.
func New(n, k int, r Readings) (*Ring, error) {
	switch {
	case n < 3:
		return nil, fmt.Errorf("a ring needs at least 3 processes, not %d", n)
	case k < 1 || 12*k+4 > 255:
		return nil, fmt.Errorf("k must be 1..20, not %d", k)
	case r.Tie < 0 || r.Tie > 2 || r.Trail < 0 || r.Trail > 1 || r.Close < 0 || r.Close > 1 || r.Strand < 0 || r.Strand > 1 || r.ProbeEnd < 0 || r.ProbeEnd > 2 ||
		r.Report < 0 || r.Report > 1 || r.Returned < 0 || r.Returned > 1 || r.Stale < 0 || r.Stale > 1 || r.Order < 0 || r.Order > 1 || r.CopyID < 0 || r.CopyID > 1 || r.Dominated < 0 || r.Dominated > 1 || r.Cands < 0 || r.Cands > 1 || r.Far < 0 || r.Far > 1 || r.Mutant < 0 || int(r.Mutant) >= len(Mutants):
		return nil, fmt.Errorf("a reading is out of range: %+v", r)
	}
	ring := &Ring{n: n, k: val(k), f: newFields(val(k), r.Cands == 1), r: r}
	s, err := ring.f.schema(n)
	if err != nil {
		return nil, err
	}
	ring.schema = s
	ring.actions = ring.textualActions()
	ring.legit0 = ring.Legitimate(0)
	ring.queryValues = ring.f.queryValues()
	return ring, nil
}

func (r *Ring) Schema() *model.Schema { return r.schema }
func (r *Ring) Procs() int            { return r.n }
func (r *Ring) K() int                { return int(r.k) }
func (r *Ring) Neighbors(p int) []int { return []int{r.left(p), r.right(p)} }
func (r *Ring) left(p int) int        { return (p + r.n - 1) % r.n }
func (r *Ring) right(p int) int       { return (p + 1) % r.n }
func (r *Ring) runaway(s model.State) bool {
	return s[len(s)-1] != 0
}

// RuleName names the first action of a process's run (and in any order, which outcome).
func (r *Ring) RuleName(_, rule int) string {
	if r.r.Order == AnyOrder {
		return r.anyOrderName(rule)
	}
	return r.actions[rule].name
}

// view is what process p's actions read: its own state, which they change, and its
// neighbours', which stay as the step found them.
type view struct {
	me   proc
	l, r *proc
}

func (r *Ring) view(s model.State, p int) (view, proc, proc) {
	l, rt := r.f.decode(s, r.left(p)), r.f.decode(s, r.right(p))
	return view{me: r.f.decode(s, p)}, l, rt
}

// first applies to v the first action, from i on, whose guard holds and whose statement
// changes the process, and returns its index, or -1.
func (r *Ring) first(v *view, from int) int {
	for i := from; i < len(r.actions); i++ {
		before := v.me
		r.apply(&r.actions[i], v)
		if v.me != before {
			return i
		}
	}
	return -1
}

// Enabled: one rule, the first action of the process's run in textual order.
func (r *Ring) Enabled(s model.State, p int, dst []int) []int {
	if r.runaway(s) {
		return dst
	}
	v, l, rt := r.view(s, p)
	v.l, v.r = &l, &rt
	if r.r.Order == AnyOrder {
		return r.anyOrderEnabled(&v, dst)
	}
	if i := r.first(&v, 0); i >= 0 {
		dst = append(dst, i)
	}
	return dst
}

// Fire runs each moving process until it is no longer enabled, reading its neighbours as the
// step found them.
func (r *Ring) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		v, l, rt := r.view(s, m.Proc)
		v.l, v.r = &l, &rt
		if r.r.Order == AnyOrder {
			end := r.anyOrderFire(&v, m.Rule)
			v.me = end.me
			if end.runaway {
				next[len(next)-1] = 1
			}
		} else if !r.run(&v) {
			next[len(next)-1] = 1
		}
		r.f.encode(&v.me, next, m.Proc)
	}
}

// NoRunaway is the invariant that no process runs forever in one step.
func (r *Ring) NoRunaway(s model.State) bool { return !r.runaway(s) }

// Legitimate is the legitimate configuration whose leader is process leader: the processes
// within 3k of it vote and rumor for it, every other variable is at rest (⊥, resting, flags
// a, null counters 6k+2).
func (r *Ring) Legitimate(leader int) model.State {
	s := r.schema.NewState()
	for p := range r.n {
		x := proc{vote: none, rumor: none, lDeny: none, rDeny: none, status: resting,
			lProbe: none, rProbe: none, lReport: none, rReport: none, lNull: 6*r.k + 2, rNull: 6*r.k + 2}
		if d, k3 := r.rel(p, leader), 3*int(r.k); d >= -k3 && d <= k3 {
			x.vote, x.rumor = val(d), val(d)
		}
		r.f.encode(&x, s, p)
	}
	return s
}

// Var is the index of the variable named name, or -1.
func (r *Ring) Var(name string) int {
	for i, v := range r.schema.Vars {
		if v.Name == name {
			return i
		}
	}
	return -1
}

// rel is the relative address of q from p: the d in -n/2..n/2 with p+d = q around the ring.
func (r *Ring) rel(p, q int) int {
	d := ((q-p)%r.n + r.n) % r.n
	if d > r.n/2 {
		d -= r.n
	}
	return d
}

// Legit reports whether s is one of the n legitimate configurations.
func (r *Ring) Legit(s model.State) bool { return r.Leader(s) >= 0 }

// Leader is the leader of a legitimate configuration, or -1: the process voting for itself,
// if the configuration is that leader's.
func (r *Ring) Leader(s model.State) int {
	if r.runaway(s) {
		return -1
	}
	zero := r.f.rel.put(0)
	for leader := range r.n {
		if s[leader*perProc+fVote] != zero {
			continue
		}
		for p := range r.n {
			q := ((p-leader)%r.n + r.n) % r.n
			if string(s[p*perProc:(p+1)*perProc]) != string(r.legit0[q*perProc:(q+1)*perProc]) {
				return -1
			}
		}
		return leader
	}
	return -1
}

// Silent is the invariant that a legitimate configuration enables no process.
func (r *Ring) Silent(s model.State) bool {
	if !r.Legit(s) {
		return true
	}
	var rules []int
	for p := range r.n {
		if rules = r.Enabled(s, p, rules[:0]); len(rules) > 0 {
			return false
		}
	}
	return true
}
