package symmetry

import (
	"bytes"
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// Rotation symmetry: on an anonymous ring, configurations equal up to a rotation of the
// processes behave alike, so one representative per orbit (the least rotation, byte by
// byte) is enough. The quotient preserves every execution up to rotation: a path of
// configurations maps to a path of representatives, and a path of representatives lifts to a
// real execution (its traces are lifted before they are replayed and printed, Lift). It
// preserves reachability, deadlocks, cycles and the lengths of executions, so invariants of
// rotation-invariant predicates, closure, convergence and the worst case in moves and steps;
// not the identity of processes, so weak fairness and rounds are refused with it.

// Rotational is implemented by protocols on an anonymous ring whose guards and statements do
// not depend on a process's index: rotating a configuration rotates its successors. Block is
// the number of variables each process owns; process p owns variables p·Block..p·Block+Block-1.
// The predicates checked with the symmetry (the legitimate set, invariants, goals) must not
// depend on an index either: the checker evaluates them on representatives only.
type Rotational interface {
	RotationBlock() int
}

// Quotient is a model of representatives: Lift turns its traces into executions of Base.
type Quotient interface {
	Base() model.Model
	Lift(t *model.Trace) (*model.Trace, error)
	// Orbits explains the reduction, for reports.
	Orbits() string
	// Orbit yields the configurations of s's orbit, s's own first.
	Orbit(s model.State, yield func(model.State) bool)
}

// rotated is a model of orbits under rotation.
type rotated struct {
	base   model.Model
	n, m   int // processes, variables per process
	init   []model.State
	c, tmp model.State // a forked copy's buffers (Fork); nil in the shared model, which allocates
}

// ByRotation is the quotient of m, a protocol under a daemon from every configuration (or
// given ones closed under rotation), by rotation of its n processes of block variables each.
func ByRotation(m model.Model, block int) (model.Model, error) {
	sch := m.Schema()
	n := sch.Procs()
	if where, ok := model.InitOverUniverse(m); !ok || where != nil {
		return nil, fmt.Errorf("rotation symmetry needs every configuration initial (a set closed under rotation)")
	}
	if block < 1 || n*block != sch.Width() {
		return nil, fmt.Errorf("rotation symmetry needs every variable owned by a process, %d each", block)
	}
	for i, v := range sch.Vars {
		first := sch.Vars[i%block]
		if int(v.Owner) != i/block || v.Domain.Size != first.Domain.Size {
			return nil, fmt.Errorf("rotation symmetry: variable %s is not process %d's %d-th, like %s", v.Name, i/block, i%block, first.Name)
		}
	}
	q := &rotated{base: m, n: n, m: block}
	seen := map[string]bool{}
	m.Init(func(s model.State) bool {
		c := q.canonical(s, make(model.State, len(s)))
		if !seen[string(c)] {
			seen[string(c)] = true
			q.init = append(q.init, c)
		}
		return true
	})
	return q, nil
}

// canonical writes into dst the least rotation of s.
func (q *rotated) canonical(s, dst model.State) model.State {
	copy(dst, s)
	tmp := q.tmp
	if tmp == nil {
		tmp = make(model.State, len(s))
	}
	for r := 1; r < q.n; r++ {
		q.rotate(s, r, tmp)
		if bytes.Compare(tmp, dst) < 0 {
			copy(dst, tmp)
		}
	}
	return dst
}

// rotate writes into dst s with process p's block at process (p - r) mod n's place.
func (q *rotated) rotate(s model.State, r int, dst model.State) {
	k := r * q.m
	copy(dst, s[k:])
	copy(dst[len(s)-k:], s[:k])
}

func (q *rotated) Schema() *model.Schema { return q.base.Schema() }

// Limit is the base model's (model.Behaviour.Limit).
func (q *rotated) Limit() error {
	if limit := model.BehaviourOf(q.base).Limit; limit != nil {
		return limit()
	}
	return nil
}

// Traits are the base model's, under another identity: a representative's steps are the
// base's (one move each if the base's are; timed as the base's), its outcomes the base's, each
// replaced by its representative (the lumped chain: rotating a configuration rotates its
// outcomes with their probabilities), and a reduction of the base stays one.
func (q *rotated) Traits() model.Traits {
	t := model.TraitsOf(q.base)
	t.Identity += " by rotation"
	return t
}

// Violation is the base model's breach of the contract (model.Behaviour.Violation), if it
// has one.
func (q *rotated) Violation() error {
	if violation := model.BehaviourOf(q.base).Violation; violation != nil {
		return violation()
	}
	return nil
}

// Fork gives a worker a copy with buffers of its own, and its own fork of the base.
func (q *rotated) Fork() model.Model {
	c := *q
	if fork := model.BehaviourOf(q.base).Fork; fork != nil {
		c.base = fork()
	}
	c.c, c.tmp = q.Schema().NewState(), q.Schema().NewState()
	return &c
}

func (q *rotated) Orbit(s model.State, yield func(model.State) bool) {
	t := make(model.State, len(s))
	for r := range q.n {
		q.rotate(s, r, t)
		if !yield(t) {
			return
		}
	}
}
func (q *rotated) Base() model.Model   { return q.base }
func (q *rotated) Unwrap() model.Model { return q.base }
func (q *rotated) Orbits() string {
	return fmt.Sprintf("rotation symmetry of %d processes: a state is an orbit", q.n)
}

func (q *rotated) Init(yield func(model.State) bool) {
	for _, s := range q.init {
		if !yield(s) {
			return
		}
	}
}

// Successors: the base's, each replaced by its representative; the step index is the base's.
func (q *rotated) Successors(s model.State, yield func(model.Step, model.State) bool) {
	c := q.c
	if c == nil {
		c = make(model.State, len(s))
	}
	q.base.Successors(s, func(st model.Step, t model.State) bool {
		return yield(st, q.canonical(t, c))
	})
}

// Lift turns a trace of representatives into an execution of the base. Each step of the
// trace is a step of the base from a representative (its index is the base's from there); the
// execution takes the same step rotated: if the execution is at the representative rotated by
// r, it moves the processes rotated by r (their rules may be numbered otherwise), and reaches
// the step's target rotated by r. Choosing steps this way commutes with rotation, so a
// lasso's loop, run again from its start rotated, ends rotated by the same amount each time
// and closes on the very configuration it started from after at most n turns; and every step
// keeps its moves, so a worst-case witness keeps its length in moves. (Taking from each
// configuration the base's first step into the next orbit does not commute with rotation:
// such a loop may never close, and it may choose other movers.)
func (q *rotated) Lift(t *model.Trace) (*model.Trace, error) {
	out := &model.Trace{LoopStart: -1, States: []model.State{t.States[0].Clone()}}
	r := 0 // the execution is at the current representative rotated by r
	follow := func(i int) error {
		var err error
		r, err = q.liftStep(t, i, r, out)
		return err
	}
	for i := range t.Steps {
		if err := follow(i); err != nil {
			return nil, err
		}
	}
	if !t.IsLasso() {
		return out, nil
	}
	loop := t.LoopStart
	for round := 0; ; round++ {
		if out.States[len(out.States)-1].Equal(out.States[loop]) {
			out.LoopStart = loop
			out.States = out.States[:len(out.States)-1]
			return out, nil
		}
		if round >= q.n {
			return nil, fmt.Errorf("the loop does not close after %d turns: the protocol is not invariant under rotation", q.n)
		}
		for i := loop; i < len(t.Steps); i++ {
			if err := follow(i); err != nil {
				return nil, err
			}
		}
	}
}

// liftStep appends to out the step i of t rotated by r, from out's last configuration (the
// trace's state i rotated by r), and returns the rotation of the state it reaches.
func (q *rotated) liftStep(t *model.Trace, i, r int, out *model.Trace) (int, error) {
	rep := t.States[i]
	st, to, err := model.StepOf(q.base, rep, t.Steps[i])
	if err != nil {
		return 0, fmt.Errorf("step %d of the quotient's trace: %w", i, err)
	}
	want := make(model.State, len(to))
	q.rotate(to, r, want)
	// The processes that move, rotated; not their rules, which a protocol may number per
	// process (a rule with a neighbour as parameter, numbered in increasing neighbour order).
	movers := make(map[int]int, len(st.Moves))
	for _, mv := range st.Moves {
		movers[q.rotateProc(mv.Proc, r)]++
	}
	from := out.States[len(out.States)-1]
	index := -1
	q.base.Successors(from, func(s model.Step, next model.State) bool {
		if next.Equal(want) && s.Fault == st.Fault && sameMovers(s.Moves, movers) {
			index = s.Index
			return false
		}
		return true
	})
	if index < 0 {
		return 0, fmt.Errorf("step %d of the quotient's trace, rotated by %d, is no step of the model: the protocol is not invariant under rotation", i, r)
	}
	out.States, out.Steps = append(out.States, want), append(out.Steps, index)
	next := target(t, i)
	// The step's target is the next representative rotated by k: the execution is now at it
	// rotated by r+k. The rotation is composed, not read off the configuration: a symmetric
	// configuration is several rotations of itself, and reading one off would make the
	// choice of steps depend on the configuration rather than commute with rotation.
	rotated := make(model.State, len(to))
	for k := range q.n {
		if q.rotate(next, k, rotated); rotated.Equal(to) {
			return (r + k) % q.n, nil
		}
	}
	return 0, fmt.Errorf("step %d of the quotient's trace leads out of the orbit of the next state", i)
}

// rotateProc is process p as rotation by r renumbers it: rotate puts p's block at (p - r) mod n.
func (q *rotated) rotateProc(p, r int) int {
	if p < 0 || p >= q.n {
		return p
	}
	return ((p-r)%q.n + q.n) % q.n
}

// sameMovers reports whether moves are made by exactly the processes counted in want.
func sameMovers(moves []model.Move, want map[int]int) bool {
	total := 0
	for _, c := range want {
		total += c
	}
	if len(moves) != total {
		return false
	}
	seen := make(map[int]int, len(moves))
	for _, mv := range moves {
		if seen[mv.Proc]++; seen[mv.Proc] > want[mv.Proc] {
			return false
		}
	}
	return true
}

// target is the state the i-th step of t must reach.
func target(t *model.Trace, i int) model.State {
	if i+1 < len(t.States) {
		return t.States[i+1]
	}
	return t.States[t.LoopStart]
}

// QuotientOf is m as a quotient, looking through the models that wrap it (model.As); false
// for a model that reduces nothing by symmetry. It is the one question the checker asks of a
// model about symmetry: whether to lift its traces, and which checks to refuse.
func QuotientOf(m model.Model) (Quotient, bool) { return model.As[Quotient](m) }
