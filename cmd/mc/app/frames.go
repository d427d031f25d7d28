package app

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/picture"
)

// drawnTrace is a trace replayed once for pictures: its steps, and which configurations to
// draw. A lasso gets one configuration more than it has states, the loop's start reached
// again by the last step.
type drawnTrace struct {
	m     model.Model
	t     *model.Trace
	steps []model.Step
	procs model.Processes // nil: enabled processes are not marked
}

func newDrawnTrace(m model.Model, t *model.Trace) (*drawnTrace, error) {
	steps, err := t.StepsOf(m)
	if err != nil {
		return nil, err
	}
	procs, _ := model.ProcessesOf(m)
	if procs != nil && procs.Procs() > 64 {
		procs = nil
	}
	return &drawnTrace{m: m, t: t, steps: steps, procs: procs}, nil
}

// configs is the number of configurations drawn: every state, and a lasso's return.
func (d *drawnTrace) configs() int {
	if d.t.IsLasso() {
		return len(d.t.States) + 1
	}
	return len(d.t.States)
}

// state is drawn configuration i.
func (d *drawnTrace) state(i int) model.State {
	if i == len(d.t.States) {
		return d.t.States[d.t.LoopStart]
	}
	return d.t.States[i]
}

// frame is the picture of drawn configuration i: the processes enabled in it, and those that
// moved in the step into it.
func (d *drawnTrace) frame(i int) picture.Frame {
	f := picture.Frame{State: d.state(i)}
	n := d.m.Schema().Procs()
	f.Enabled = enabledMarks(d.procs, f.State, n)
	if i > 0 {
		f.Prev = d.state(i - 1)
		f.Moved, f.Faulted = moveMarks(d.steps[i-1].Moves, n)
	}
	return f
}

// enabledMarks marks the processes enabled in s, of n (nil when procs is nil: not tracked).
func enabledMarks(procs model.Processes, s model.State, n int) []bool {
	if procs == nil {
		return nil
	}
	mask := procs.EnabledMask(s)
	marks := make([]bool, n)
	for p := range marks {
		marks[p] = mask>>uint(p)&1 != 0
	}
	return marks
}

// moveMarks marks the processes of n that moved in a step, and apart those a fault rewrote
// (faults.Rule): a fault is not a move.
func moveMarks(moves []model.Move, n int) (moved, faulted []bool) {
	moved, faulted = make([]bool, n), make([]bool, n)
	for _, mv := range moves {
		switch {
		case mv.Proc < 0 || mv.Proc >= n:
		case mv.Rule == faults.Rule:
			faulted[mv.Proc] = true
		default:
			moved[mv.Proc] = true
		}
	}
	return moved, faulted
}

// stepText names the step into drawn configuration i ("" for the first).
func (d *drawnTrace) stepText(i int) string {
	if i == 0 {
		return ""
	}
	return formatStep(d.m, d.steps[i-1])
}

// enabledText lists the processes enabled in drawn configuration i.
func (d *drawnTrace) enabledText(i int) string {
	if d.procs == nil {
		return "(not tracked for this model)"
	}
	return formatMask(d.m.Schema(), d.procs.EnabledMask(d.state(i)))
}

// shownConfigs are the drawn configurations a long trace keeps: ends at its start and its
// end and, for a lasso, around its loop's start, in order; the others are summarised.
func (d *drawnTrace) shownConfigs(ends int) []int {
	n := d.configs()
	keep := make([]bool, n)
	mark := func(lo, hi int) {
		for i := max(lo, 0); i < min(hi, n); i++ {
			keep[i] = true
		}
	}
	mark(0, ends)
	mark(n-ends, n)
	if d.t.IsLasso() {
		mark(d.t.LoopStart-ends/4, d.t.LoopStart+ends/4+1)
	}
	var shown []int
	for i, k := range keep {
		if k {
			shown = append(shown, i)
		}
	}
	return shown
}

// title is the caption of drawn configuration i in pictures written to files.
func (d *drawnTrace) title(name string, i int) string {
	text := fmt.Sprintf("%s · configuration %d of %d", name, i, len(d.steps))
	if i == len(d.t.States) {
		text = fmt.Sprintf("%s · back to configuration %d: the loop repeats", name, d.t.LoopStart)
	}
	if step := d.stepText(i); step != "" {
		text += " · " + step
	}
	return text
}

// movesBetween summarises the steps from drawn configuration lo to hi: how often each
// process moved, by rule, busiest first.
func (d *drawnTrace) movesBetween(lo, hi int) string {
	count := map[string]int{}
	for i := lo; i < hi; i++ {
		for _, mv := range d.steps[i].Moves {
			count[moveName(d.m, mv)]++
		}
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return count[keys[i]] > count[keys[j]] || count[keys[i]] == count[keys[j]] && keys[i] < keys[j]
	})
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s ×%s", k, group(uint64(count[k]))))
	}
	if len(parts) > 12 {
		parts = append(parts[:12], fmt.Sprintf("and %d more", len(parts)-12))
	}
	return "moves " + strings.Join(parts, ", ")
}

// sceneOf is the scene of a run's pictures: the model's schema on the protocol's topology
// (nil protocol: the processes linked by their channels only).
func sceneOf(m model.Model, proto model.Protocol) *picture.Scene {
	var neighbors func(int) []int
	if proto != nil {
		known := proto.Schema().Procs() // a wrapper may add processes (a clock) the protocol does not know
		neighbors = func(p int) []int {
			if p >= known {
				return nil
			}
			return proto.Neighbors(p)
		}
	}
	return picture.New(m.Schema(), neighbors)
}
