package faults_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
)

// pairs is two processes, each owning a record (a, b) whose values are (0, 0) and (1, x) for
// x in 0..2 (a is "set", b its payload: b is 0 when a is), and a plain variable c in 0..1. No
// process ever moves: the successors of a configuration are its faults.
type pairs struct{ sch *model.Schema }

func newPairs(t *testing.T) *pairs {
	b := model.NewBuilder(2)
	for p := range 2 {
		b.Var(fmt.Sprintf("a%d", p), model.Owner(p), model.Range(2))
		b.Var(fmt.Sprintf("b%d", p), model.Owner(p), model.Range(3))
		b.Var(fmt.Sprintf("c%d", p), model.Owner(p), model.Range(2))
	}
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return &pairs{sch}
}

func (q *pairs) Schema() *model.Schema                       { return q.sch }
func (q *pairs) Neighbors(p int) []int                       { return []int{1 - p} }
func (q *pairs) Enabled(model.State, int, []int) []int       { return nil }
func (q *pairs) Fire(model.State, []model.Move, model.State) {}
func (q *pairs) RuleName(int, int) string                    { return "none" }
func (q *pairs) Records(p int) []faults.Record {
	return []faults.Record{{Name: fmt.Sprintf("ab%d", p), Vars: []int{3 * p, 3*p + 1},
		Values: [][]byte{{0, 0}, {1, 0}, {1, 1}, {1, 2}}}}
}

// faultSuccessors lists the fault successors of the all-zero configuration under spec.
func faultSuccessors(t *testing.T, spec faults.Spec) ([]string, error) {
	t.Helper()
	q := newPairs(t)
	m, err := model.Daemonize(q, model.Central, model.From([]model.State{q.sch.NewState()}))
	if err != nil {
		t.Fatal(err)
	}
	f, err := faults.With(m, spec, []model.State{q.sch.NewState()}, func(model.State) bool { return true })
	if err != nil {
		return nil, err
	}
	var out []string
	start := append(q.sch.NewState(), byte(spec.Budget))
	f.Successors(start, func(st model.Step, s model.State) bool {
		out = append(out, fmt.Sprintf("p%d:%v", st.Moves[0].Proc, []byte(s[:6])))
		return true
	})
	return out, nil
}

// A fault rewrites a record only to one of its values, never a byte of it alone: with
// OneVariable, the record's three other values and c's other value, per process; otherwise
// every combination of the record's four values and c's two but the unchanged one.
func TestFaultsRewriteRecordsWhole(t *testing.T) {
	one, err := faultSuccessors(t, faults.Spec{Budget: 1, OneVariable: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "p0:[1 0 0 0 0 0] p0:[1 1 0 0 0 0] p0:[1 2 0 0 0 0] p0:[0 0 1 0 0 0] " +
		"p1:[0 0 0 1 0 0] p1:[0 0 0 1 1 0] p1:[0 0 0 1 2 0] p1:[0 0 0 0 0 1]"
	if got := strings.Join(one, " "); got != want {
		t.Errorf("one variable:\n got %s\nwant %s", got, want)
	}
	all, err := faultSuccessors(t, faults.Spec{Budget: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2*(4*2-1) {
		t.Errorf("whole process: %d faults, want 14: %v", len(all), all)
	}
	for _, f := range all {
		if strings.Contains(f, "[0 1") || strings.Contains(f, "[0 2") {
			t.Errorf("a fault wrote a value the record does not have: %s", f)
		}
	}
	named, err := faultSuccessors(t, faults.Spec{Budget: 1, Vars: []string{"ab"}})
	if err != nil || len(named) != 6 {
		t.Errorf("--fault-vars ab: %v, %v; want the record's 3 other values on each process", named, err)
	}
	if _, err := faultSuccessors(t, faults.Spec{Budget: 1, Vars: []string{"b"}}); err == nil || !strings.Contains(err.Error(), "part of the variable ab") {
		t.Errorf("naming a byte of a record: %v, want an error", err)
	}
}
