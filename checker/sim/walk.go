package sim

import (
	"math/rand/v2"
	"slices"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/prob"
)

// walker runs executions one after another, keeping its buffers. It tracks which processes
// are enabled incrementally: a move of q can change only q's guards and its readers'.
type walker struct {
	p       model.Protocol
	readers [][]int
	opts    Options
	n       int
	s, next model.State
	trial   model.State // postpone's trial step, which is the next state when fired is set
	fired   bool
	start   model.State // with Options.EndAtStart, the configuration the first fault hit,
	atStart bool        // which a run in recovery must end in
	rules   [][]int     // enabled rules per process
	enabled []int       // the enabled processes, unordered
	pos     []int       // index of a process in enabled, or -1
	owed    []bool      // owed a move in the current round
	owing   int
	moves   []model.Move
	chosen  []bool
	owned   [][]owned // the variables each process owns, which a fault rewrites
	globals []int     // the variables no process owns: any guard may read them
	order   []int     // perm's buffer
	rng     *rand.Rand
	coins   model.Randomized // the protocol's, or nil
	chances []prob.Prob      // draw's buffer
}

// perm is a random order of 0..k-1 (as rand.Perm draws it, without allocating).
func (w *walker) perm(k int) []int {
	w.order = w.order[:0]
	for i := range k {
		w.order = append(w.order, i)
	}
	w.rng.Shuffle(k, func(i, j int) { w.order[i], w.order[j] = w.order[j], w.order[i] })
	return w.order
}

func newWalker(p model.Protocol, readers [][]int, opts Options) *walker {
	n, sch := p.Schema().Procs(), p.Schema()
	w := &walker{p: p, readers: readers, opts: opts, n: n, s: sch.NewState(), next: sch.NewState(), trial: sch.NewState(),
		rules: make([][]int, n), pos: make([]int, n), owed: make([]bool, n), chosen: make([]bool, n), owned: make([][]owned, n)}
	w.coins, _ = p.(model.Randomized)
	inRecord := map[int]bool{}
	if r, ok := p.(faults.Recorded); ok {
		for q := range n {
			for _, rec := range r.Records(q) {
				w.owned[q] = append(w.owned[q], owned{vars: rec.Vars, values: rec.Values})
				for _, v := range rec.Vars {
					inRecord[v] = true
				}
			}
		}
	}
	for i, v := range sch.Vars {
		if v.Owner == model.Global {
			w.globals = append(w.globals, i)
		}
		if v.Owner != model.Global && v.Domain.Size > 1 && !inRecord[i] {
			w.owned[v.Owner] = append(w.owned[v.Owner], owned{vars: []int{i}})
		}
	}
	return w
}

// run is execution i; record, if set, sees the initial configuration and then every step's
// moves and the configuration after it.
func (w *walker) run(i int, record func(moves []model.Move, s model.State)) Run {
	w.rng = RunSeed(w.opts.Seed, i)
	w.atStart = false
	w.initial()
	if record != nil {
		record(nil, w.s)
	}
	r := Run{Index: i}
	w.walk(&r, record, nil)
	if w.opts.Faults == 0 || r.Outcome != Stabilized {
		return r
	}
	return w.recover(i, record)
}

// walk runs the daemon from the current configuration to the first legitimate one, counting
// into r; between steps, every(steps) may change the configuration (a fault: it reports
// whether one hit, which moves nobody and ends the round only if it disables every process
// still owed).
func (w *walker) walk(r *Run, record func(moves []model.Move, s model.State), every func(steps int) bool) {
	ended := true // no round under way yet
	for {
		switch {
		case w.ended():
			if !ended {
				r.Rounds++
			}
			r.Outcome = Stabilized
			return
		case len(w.enabled) == 0:
			r.Outcome = Deadlocked
			return
		case r.Steps >= w.opts.MaxSteps:
			r.Outcome = Bounded
			return
		}
		w.choose()
		w.draw()
		var before model.State // the configuration before the step
		if w.fired {
			// postpone already fired the move it chose
			w.s, w.trial, before = w.trial, w.s, w.s
		} else {
			copy(w.next, w.s)
			w.p.Fire(w.s, w.moves, w.next)
			w.s, w.next, before = w.next, w.s, w.s
		}
		r.Steps++
		r.Moves += len(w.moves)
		w.payCosts(r)
		if ended = w.update(w.globalChanged(before)); ended {
			r.Rounds++
		}
		if record != nil {
			record(w.moves, w.s)
		}
		if every != nil && every(r.Steps) {
			ended = false
			if w.owing == 0 { // the fault disabled every process still owed
				w.newRound()
				r.Rounds++
				ended = true
			}
		}
	}
}

// payCosts adds what the step into the current configuration costs.
func (w *walker) payCosts(r *Run) {
	if r.Costs == nil && len(w.opts.Costs) > 0 {
		r.Costs = make([]int, len(w.opts.Costs))
	}
	for k, c := range w.opts.Costs {
		r.Costs[k] += c.Of(w.s)
	}
}

// draw draws the outcome of each randomized move chosen, with its probability (in floating
// point: a simulation is a sample, not a proof).
func (w *walker) draw() {
	if w.coins == nil {
		return
	}
	for i, mv := range w.moves {
		w.chances = w.coins.Chances(w.s, mv.Proc, mv.Rule, w.chances[:0])
		u, o := w.rng.Float64(), 0
		for ; o < len(w.chances)-1; o++ {
			if u -= w.chances[o].Float(); u < 0 {
				break
			}
		}
		w.moves[i].Outcome = o
	}
}

// initial draws the initial configuration and sets up the enabled processes and the first
// round.
func (w *walker) initial() {
	if w.opts.Init != nil {
		copy(w.s, w.opts.Init[w.rng.IntN(len(w.opts.Init))])
	} else {
		for v, x := range w.p.Schema().Vars {
			w.s[v] = byte(w.rng.IntN(x.Domain.Size))
		}
	}
	w.enabled = w.enabled[:0]
	for q := range w.n {
		w.pos[q] = -1
		w.refresh(q)
	}
	w.newRound()
}

func (w *walker) newRound() {
	w.owing = 0
	for q := range w.n {
		w.owed[q] = w.pos[q] >= 0
		if w.owed[q] {
			w.owing++
		}
	}
}

// refresh recomputes q's enabled rules and its place in the enabled list.
func (w *walker) refresh(q int) {
	w.rules[q] = w.p.Enabled(w.s, q, w.rules[q][:0])
	on := len(w.rules[q]) > 0
	switch {
	case on && w.pos[q] < 0:
		w.pos[q] = len(w.enabled)
		w.enabled = append(w.enabled, q)
	case !on && w.pos[q] >= 0:
		last := w.enabled[len(w.enabled)-1]
		w.enabled[w.pos[q]], w.pos[last] = last, w.pos[q]
		w.enabled = w.enabled[:len(w.enabled)-1]
		w.pos[q] = -1
	}
}

// globalChanged reports whether the step from before changed a variable no process owns.
func (w *walker) globalChanged(before model.State) bool {
	for _, v := range w.globals {
		if before[v] != w.s[v] {
			return true
		}
	}
	return false
}

// update refreshes the processes the step may have changed (every one, when it changed a
// variable no process owns, such as LE(k)'s runaway flag, which disables them all) and
// settles the round: it reports whether the step ended one.
func (w *walker) update(everyone bool) bool {
	for _, m := range w.moves {
		w.pay(m.Proc)
	}
	if everyone {
		for q := range w.n {
			w.refresh(q)
			w.payIfDisabled(q)
		}
	}
	for _, m := range w.moves {
		w.refresh(m.Proc)
		w.payIfDisabled(m.Proc)
		for _, q := range w.readers[m.Proc] {
			w.refresh(q)
			w.payIfDisabled(q)
		}
	}
	if w.owing > 0 {
		return false
	}
	w.newRound()
	return true
}

func (w *walker) pay(q int) {
	if w.owed[q] {
		w.owed[q] = false
		w.owing--
	}
}

func (w *walker) payIfDisabled(q int) {
	if w.pos[q] < 0 {
		w.pay(q)
	}
}

// choose sets w.moves to the daemon's and the scheduler's choice; w.enabled is not empty.
func (w *walker) choose() {
	w.moves = w.moves[:0]
	w.fired = false
	switch {
	case w.opts.Scheduler == First && w.opts.Daemon != model.Synchronous:
		q := slices.Min(w.enabled)
		w.moves = append(w.moves, model.Move{Proc: q, Rule: w.rules[q][0]})
	case w.opts.Scheduler == Postpone:
		w.postpone()
	case w.opts.Daemon == model.Central:
		q := w.enabled[w.rng.IntN(len(w.enabled))]
		w.moves = append(w.moves, w.move(q))
	case w.opts.Daemon == model.Synchronous:
		for _, q := range w.enabled {
			w.moves = append(w.moves, w.move(q))
		}
	default:
		w.subset()
	}
}

// move is q with one of its enabled rules: the first for the First scheduler, else a random
// one.
func (w *walker) move(q int) model.Move {
	if w.opts.Scheduler == First {
		return model.Move{Proc: q, Rule: w.rules[q][0]}
	}
	return model.Move{Proc: q, Rule: w.rules[q][w.rng.IntN(len(w.rules[q]))]}
}

// subset draws each enabled process with probability 1/2, at least one, and for the
// locally-central daemon none next to another drawn.
func (w *walker) subset() {
	order := w.perm(len(w.enabled))
	for _, i := range order {
		q := w.enabled[i]
		if w.rng.IntN(2) == 0 || w.opts.Daemon == model.LocallyCentral && w.conflicts(q) {
			continue
		}
		w.chosen[q] = true
		w.moves = append(w.moves, w.move(q))
	}
	if len(w.moves) == 0 {
		q := w.enabled[order[0]]
		w.moves = append(w.moves, w.move(q))
	}
	for _, m := range w.moves {
		w.chosen[m.Proc] = false
	}
}

// conflicts reports whether a process q reads or is read by is already chosen.
func (w *walker) conflicts(q int) bool {
	for _, r := range w.p.Neighbors(q) {
		if w.chosen[r] {
			return true
		}
	}
	for _, r := range w.readers[q] {
		if w.chosen[r] {
			return true
		}
	}
	return false
}

// postpone picks, in a random order of the central daemon's choices, the first that does not
// reach the legitimate set, or the last if they all do.
func (w *walker) postpone() {
	order := w.perm(len(w.enabled))
	for k, i := range order {
		q := w.enabled[i]
		for _, r := range w.rules[q] {
			mv := model.Move{Proc: q, Rule: r}
			copy(w.trial, w.s)
			w.p.Fire(w.s, []model.Move{mv}, w.trial)
			if !w.opts.Legit(w.trial) || k == len(order)-1 {
				w.moves = append(w.moves, mv)
				w.fired = true
				return
			}
		}
	}
}
