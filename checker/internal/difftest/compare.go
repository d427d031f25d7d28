package difftest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
)

// harness compares the runs of one protocol with the reference, which it computes once per
// daemon and initial set.
type harness struct {
	p    *randproto.Protocol
	subj Subject
	list []model.State
	refs map[string]reference.Result
	// temporalRefs are the reference's verdicts on the temporal properties, by the same key
	temporalRefs map[string][]reference.TemporalResult
	// steps is the distributed daemon's steps over the universe, once counted (else -1).
	steps int
	// seen counts what the comparisons met: figures above the trivial, violations.
	seen map[string]int
	// shards draws the shard counts of the runs split into shards, from its own source.
	shards *rand.Rand
}

// diffs collects the disagreements of one run.
type diffs []string

func (d *diffs) add(format string, args ...any) { *d = append(*d, fmt.Sprintf(format, args...)) }

func (d diffs) err() error {
	if len(d) == 0 {
		return nil
	}
	return errors.New(strings.Join(d, "; "))
}

// check runs cfg and compares it with the reference: nil when they agree, errSkip when the
// run has nothing to check. It returns the checks the run asked for.
func (h *harness) check(ctx context.Context, cfg Config) ([]checker.Check, error) {
	b, err := build(h.p, h.subj, cfg, h.list)
	if err != nil {
		if errors.Is(err, errSkip) {
			return nil, err
		}
		return nil, fmt.Errorf("building the run: %v", err)
	}
	defer b.clean()
	res, err := checker.Run(ctx, b.m, b.spec, b.opts)
	if err != nil {
		return b.spec.Checks, fmt.Errorf("the checker: %v", err)
	}
	if cfg.Faults != nil {
		return b.spec.Checks, h.recovery(b, res)
	}
	if err := h.plain(b, res); err != nil || !shardable(cfg) {
		return b.spec.Checks, err
	}
	return b.spec.Checks, h.sharded(ctx, b, h.shards)
}

// reference is the reference's result for the run's daemon and initial set.
func (h *harness) reference(b *built) reference.Result {
	key := fmt.Sprintf("%v/%v", refDaemon(b.cfg.Daemon), b.cfg.Start)
	if r, ok := h.refs[key]; ok {
		return r
	}
	spec := reference.Spec{Legit: h.p.Legit.Predicate(h.p)}
	for i, inv := range h.p.Invariants {
		spec.Invariants = append(spec.Invariants, model.Property{Name: fmt.Sprintf("i%d", i), Holds: inv.Predicate(h.p)})
	}
	for i, g := range h.p.Goals {
		spec.Eventually = append(spec.Eventually, model.Property{Name: fmt.Sprintf("g%d", i), Holds: g.Predicate(h.p)})
	}
	spec.Actions = actions(h.p)
	r := reference.CheckProtocol(h.p.Model(), refDaemon(b.cfg.Daemon), b.init, spec)
	h.refs[key] = r
	return r
}

// plain compares a run without faults.
func (h *harness) plain(b *built, res *checker.Result) error {
	ref := h.reference(b)
	var d diffs
	h.explored(b, res, ref, &d)
	cfg := b.cfg
	verdict := func(name string, holds bool) (checker.CheckResult, bool) {
		c, ok := checkResult(res, name)
		switch {
		case !ok:
			d.add("%s was not reported", name)
		case c.Verdict == checker.Inconclusive || (c.Verdict == checker.Holds) != holds:
			d.add("%s: the checker says %s (%s), the reference holds=%v", name, c.Verdict, c.Detail, holds)
			return c, false
		}
		return c, ok
	}
	goal := h.goal(b)
	if c, ok := verdict("deadlock", !ref.Deadlock); ok && c.Verdict == checker.Violated {
		h.shortest(b, c, ref.DeadlockAt, &d)
		h.shows(b, c, &d, func(t *model.Trace, steps []step) error {
			if t.IsLasso() {
				return fmt.Errorf("a lasso")
			}
			return h.avoids(b, t, steps, goal, false, false)
		})
	}
	if c, ok := verdict("closure", ref.Closure); ok && c.Verdict == checker.Violated {
		h.shortest(b, c, ref.ClosureAt, &d)
		h.shows(b, c, &d, func(t *model.Trace, _ []step) error { return leaves(t, goal) })
	}
	if cfg.Daemon == model.Blocks && !ref.Closure {
		// without closure the reduction decides nothing about convergence, and says so
		if c, ok := checkResult(res, "convergence"); !ok || c.Verdict != checker.Inconclusive {
			d.add("convergence under the block reduction without closure: %s (%s), want inconclusive", c.Verdict, c.Detail)
		}
	} else {
		want := ref.ConvergesUnder(cfg.Fairness == checker.WeaklyFair, cfg.Reading == checker.Strict)
		h.seen[fmt.Sprintf("verdict: convergence holds=%v", want)]++
		if c, ok := verdict("convergence", want); ok && c.Verdict == checker.Violated {
			h.shows(b, c, &d, func(t *model.Trace, steps []step) error {
				return h.avoids(b, t, steps, goal, cfg.Reading == checker.Strict, cfg.Fairness == checker.WeaklyFair)
			})
		}
	}
	if cfg.Daemon != model.Blocks {
		h.worstCase(b, res, ref, &d, verdict)
	}
	h.invariants(b, res, ref, &d)
	h.actions(b, res, ref, &d)
	h.goals(b, res, ref, &d)
	h.temporal(b, res, &d)
	h.stable(b, res, &d)
	return d.err()
}

// actions compares each action invariant, when the run checks them: its verdict and the
// length of its counterexample, the shortest, whose last step violates it.
func (h *harness) actions(b *built, res *checker.Result, ref reference.Result, d *diffs) {
	if !slices.Contains(b.spec.Checks, checker.CheckAction) {
		return
	}
	for i, a := range h.p.Actions {
		c, ok := checkResult(res, fmt.Sprintf("action-invariant a%d", i))
		switch {
		case !ok:
			d.add("action a%d was not reported", i)
		case (c.Verdict == checker.Holds) != (ref.Actions[i] < 0) || c.Verdict == checker.Inconclusive:
			d.add("%s: the checker says %s, the reference %d", c.Name, c.Verdict, ref.Actions[i])
		case c.Verdict == checker.Violated:
			h.shortest(b, c, ref.Actions[i], d)
			h.shows(b, c, d, func(t *model.Trace, _ []step) error {
				n := len(t.States)
				if t.IsLasso() || n < 2 || a.Holds(h.p, t.States[n-2], t.States[n-1]) {
					return fmt.Errorf("its last step does not violate the action")
				}
				return nil
			})
		}
	}
}

// goals compares each eventually property, when the run checks them: its verdict under the
// run's fairness, and a counterexample that avoids the goal.
func (h *harness) goals(b *built, res *checker.Result, ref reference.Result, d *diffs) {
	if !slices.Contains(b.spec.Checks, checker.CheckEventually) {
		return
	}
	fair := b.cfg.Fairness == checker.WeaklyFair
	for i, g := range h.p.Goals {
		want := ref.Eventually[i]
		if fair {
			want = ref.EventuallyFairly[i]
		}
		c, ok := checkResult(res, fmt.Sprintf("eventually g%d", i))
		switch {
		case !ok:
			d.add("eventually g%d was not reported", i)
		case (c.Verdict == checker.Holds) != want || c.Verdict == checker.Inconclusive:
			d.add("%s: the checker says %s (%s), the reference holds=%v", c.Name, c.Verdict, c.Detail, want)
		case c.Verdict == checker.Violated:
			goal := g.Predicate(h.p)
			h.shows(b, c, d, func(t *model.Trace, steps []step) error { return h.avoids(b, t, steps, goal, false, fair) })
		}
	}
}

// explored compares the states and transitions: those of the reference on an unreduced run,
// its states on the block reduction (the same reachable configurations), the orbits of its
// configurations under rotation and the steps from their least members. The symbolic engine
// counts no transitions, and its states are the universe's: nothing to compare.
func (h *harness) explored(b *built, res *checker.Result, ref reference.Result, d *diffs) {
	got := res.Stats
	switch {
	case b.cfg.Store == Symbolic:
	case b.cfg.Rotation:
		reps := orbits(b.init, h.p.N, len(h.p.Vars))
		if got.States != uint64(len(reps)) {
			d.add("%d states, the reference's configurations make %d orbits", got.States, len(reps))
		}
		if b.cfg.Daemon == model.Blocks {
			break // the reference has no block reduction
		}
		steps := 0 // the quotient's transitions: the steps of each orbit's least member
		for _, r := range reps {
			steps += len(reference.Steps(h.p.Model(), b.cfg.Daemon, r))
		}
		if got.Transitions != uint64(steps) {
			d.add("%d transitions, the reference's orbits have %d", got.Transitions, steps)
		}
	case b.cfg.Daemon == model.Blocks:
		if got.States != uint64(ref.States) {
			d.add("%d states, the reference %d", got.States, ref.States)
		}
	default:
		if got.States != uint64(ref.States) || got.Transitions != uint64(ref.Transitions) {
			d.add("%d states and %d transitions, the reference %d and %d", got.States, got.Transitions, ref.States, ref.Transitions)
		}
	}
}

// orbits lists the least members of the orbits of configurations under rotation of n
// processes of block variables each (the representatives the quotient explores).
func orbits(states []model.State, n, block int) []model.State {
	seen := map[string]bool{}
	var reps []model.State
	for _, s := range states {
		least := s.Clone()
		for r := 1; r < n; r++ {
			rot := append(s[r*block:].Clone(), s[:r*block]...)
			if bytes.Compare(rot, least) < 0 {
				least = rot
			}
		}
		if !seen[string(least)] {
			seen[string(least)] = true
			reps = append(reps, least)
		}
	}
	return reps
}

// leaves checks a closure counterexample: its last step leaves the goal.
func leaves(t *model.Trace, goal model.Predicate) error {
	n := len(t.States)
	if t.IsLasso() || n < 2 || !goal(t.States[n-2]) || goal(t.States[n-1]) {
		return fmt.Errorf("its last step does not leave the legitimate set")
	}
	return nil
}

// shows replays a counterexample and checks what it must show.
func (h *harness) shows(b *built, c checker.CheckResult, d *diffs, what func(*model.Trace, []step) error) {
	steps, err := h.replay(b, c.Trace)
	if err == nil {
		err = what(c.Trace, steps)
	}
	if err != nil {
		d.add("%s's trace: %v", c.Name, err)
	}
}

// worstCase compares the worst case: its verdict, and its figures and witnesses.
func (h *harness) worstCase(b *built, res *checker.Result, ref reference.Result, d *diffs,
	verdict func(string, bool) (checker.CheckResult, bool)) {
	c, ok := verdict("worst-case", ref.ConvergesStrictly)
	if !ok {
		return
	}
	if c.Verdict == checker.Violated {
		h.shows(b, c, d, func(t *model.Trace, steps []step) error { return h.avoids(b, t, steps, h.goal(b), true, false) })
		return
	}
	if res.WorstCaseSteps == nil || res.WorstCaseMoves == nil {
		d.add("the worst case holds without figures")
		return
	}
	if ref.WorstSteps > 2 {
		h.seen["figure: worst case above 2 steps"]++
	}
	if ref.WorstMoves > ref.WorstSteps {
		h.seen["figure: worst case in moves above steps"]++
	}
	if *res.WorstCaseSteps != uint64(ref.WorstSteps) || *res.WorstCaseMoves != uint64(ref.WorstMoves) {
		d.add("worst case %d steps %d moves, the reference %d and %d", *res.WorstCaseSteps, *res.WorstCaseMoves, ref.WorstSteps, ref.WorstMoves)
	}
	for _, w := range []struct {
		name  string
		trace *model.Trace
		want  uint64
	}{{"steps", res.StepsWitness, *res.WorstCaseSteps}, {"moves", res.MovesWitness, *res.WorstCaseMoves}} {
		if err := h.witness(b, w.trace, w.name, w.want); err != nil {
			d.add("%v", err)
		}
	}
	if !b.cfg.Rounds {
		return
	}
	switch {
	case res.WorstCaseRounds == nil:
		d.add("rounds were not measured")
	case *res.WorstCaseRounds != uint64(ref.WorstRounds):
		d.add("worst case %d rounds, the reference %d", *res.WorstCaseRounds, ref.WorstRounds)
	default:
		if ref.WorstRounds > 1 {
			h.seen["figure: worst case above 1 round"]++
		}
		if err := h.witness(b, res.RoundsWitness, "rounds", *res.WorstCaseRounds); err != nil {
			d.add("%v", err)
		}
	}
}

// invariants compares each invariant's verdict and the length of its counterexample, the
// shortest (the block reduction's steps are not the daemon's: its length may differ).
func (h *harness) invariants(b *built, res *checker.Result, ref reference.Result, d *diffs) {
	for i, inv := range h.p.Invariants {
		name := fmt.Sprintf("invariant i%d", i)
		c, ok := checkResult(res, name)
		switch {
		case !ok:
			d.add("%s was not reported", name)
		case (c.Verdict == checker.Holds) != (ref.Invariants[i] < 0) || c.Verdict == checker.Inconclusive:
			d.add("%s: the checker says %s, the reference %d", name, c.Verdict, ref.Invariants[i])
		case c.Verdict == checker.Violated:
			h.shortest(b, c, ref.Invariants[i], d)
			holds := inv.Predicate(h.p)
			h.shows(b, c, d, func(t *model.Trace, _ []step) error {
				if t.IsLasso() || holds(t.States[len(t.States)-1]) {
					return fmt.Errorf("it does not end in a configuration that violates the invariant")
				}
				return nil
			})
		}
	}
}

// shortest checks that a counterexample is as short as the reference's shortest (the block
// reduction's steps are not the daemon's: its length may differ).
func (h *harness) shortest(b *built, c checker.CheckResult, want int, d *diffs) {
	if b.cfg.Daemon != model.Blocks && c.Trace != nil && len(c.Trace.Steps) != want {
		d.add("%s: a counterexample of %d steps, the shortest has %d", c.Name, len(c.Trace.Steps), want)
	}
}
