package faults_test

import (
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
)

// FaultTo, the fault step told by its ends (a simulation's saved fault runs replay through
// it), accepts exactly the fault successors that Successors numbers, with their process:
// every configuration of pairs is tried as a target, from configurations that hold a record's
// value, a value outside the candidates, and the start, under each kind of restriction.
func TestFaultToIsTheFaultSuccessors(t *testing.T) {
	q := newPairs(t)
	m, err := model.Daemonize(q, model.Central, model.From([]model.State{q.sch.NewState()}))
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []faults.Spec{
		{Budget: 2},
		{Budget: 1, OneVariable: true},
		{Budget: 1, Vars: []string{"c"}},
		{Budget: 1, Vars: []string{"ab1", "c0"}, OneVariable: true},
		{Budget: 1, Values: []byte{1}},
		{Budget: 2, KeepStart: true},
	} {
		start := q.sch.NewState()
		f, err := faults.With(m, spec, []model.State{start}, func(model.State) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		finder := f.(model.FaultFinder)
		total := 0 // none where the start is kept and left: no process moves, the run failed
		for _, base := range []model.State{{0, 0, 0, 0, 0, 0}, {1, 2, 1, 1, 0, 0}, {0, 0, 1, 1, 1, 1}} {
			s := base.Clone()
			if spec.KeepStart {
				s = append(s, start...)
			}
			s = append(s, byte(spec.Budget))
			want := map[string]int{} // target → process
			f.Successors(s, func(st model.Step, to model.State) bool {
				if st.Fault {
					want[string(to)] = st.Moves[0].Proc
				}
				return true
			})
			found := 0
			for _, target := range everyConfiguration(q.sch) {
				to := append(target, s[6:]...)
				to[len(to)-1]--
				st, err := finder.FaultTo(s, to)
				p, ok := want[string(to)]
				switch {
				case ok && err != nil:
					t.Errorf("%v from %v: the fault to %v refused: %v", spec, s, to, err)
				case ok && (st.Moves[0].Proc != p || !st.Fault || st.Index != model.FaultStep):
					t.Errorf("%v from %v to %v: step %+v, want a fault of process %d", spec, s, to, st, p)
				case !ok && err == nil:
					t.Errorf("%v from %v: %v taken for a fault of process %d", spec, s, to, st.Moves[0].Proc)
				case ok:
					found++
				}
			}
			if found != len(want) {
				t.Errorf("%v from %v: %d faults found, %d numbered", spec, s, found, len(want))
			}
			total += found
			if len(s) > 7 { // the start kept: a fault that changes it is none
				to := s.Clone()
				to[len(to)-1]--
				to[0], to[6] = 1-to[0], 1-to[6]
				if _, err := finder.FaultTo(s, to); err == nil {
					t.Errorf("%v: a fault that rewrote the start accepted", spec)
				}
			}
			spent := s.Clone()
			spent[len(spent)-1] = 0
			if _, err := finder.FaultTo(spent, spent); err == nil {
				t.Errorf("%v: a fault with none left accepted", spec)
			}
		}
		if total == 0 {
			t.Errorf("%v: no fault at all", spec)
		}
	}
}

// everyConfiguration lists every configuration of sch, first variable slowest.
func everyConfiguration(sch *model.Schema) []model.State {
	out := []model.State{{}}
	for _, v := range sch.Vars {
		var next []model.State
		for _, s := range out {
			for x := range v.Domain.Size {
				next = append(next, append(s.Clone(), byte(x)))
			}
		}
		out = next
	}
	return out
}
