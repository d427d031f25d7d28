package checker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/models/dijkstra"
)

// keeper is the protocol of issue 33's first defect: P0 owns x ∈ {0,1} and has no rule; P1
// owns y ∈ {0,1,2} and z ∈ {0,1}, and its one rule is z = 0 ∧ y ≠ 2 → y := 2. The
// legitimate set is y = 2. From (0,2,1), a fault that writes y := 0 and keeps z = 1 reaches
// the illegitimate deadlock (0,0,1).
type keeper struct{ schema *model.Schema }

func newKeeper() *keeper {
	b := model.NewBuilder(2)
	b.Var("x", 0, model.Range(2))
	b.Var("y", 1, model.Range(3))
	b.Var("z", 1, model.Range(2))
	s, err := b.Schema()
	if err != nil {
		panic(err)
	}
	return &keeper{schema: s}
}

func (k *keeper) Schema() *model.Schema    { return k.schema }
func (k *keeper) Neighbors(int) []int      { return nil }
func (k *keeper) RuleName(int, int) string { return "fix" }
func (k *keeper) Enabled(s model.State, p int, dst []int) []int {
	if p == 1 && s[2] == 0 && s[1] != 2 {
		dst = append(dst, 0)
	}
	return dst
}
func (k *keeper) Fire(_ model.State, moves []model.Move, next model.State) {
	for range moves {
		next[1] = 2
	}
}

// recoverKeeper runs the recovery check on the keeper with one fault of the given scope and
// values, from its legitimate configurations.
func recoverKeeper(t *testing.T, spec faults.Spec) (*checker.Result, model.Model, error) {
	t.Helper()
	k := newKeeper()
	m, err := model.Daemonize(k, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	legit := func(s model.State) bool { return s[1] == 2 }
	var from []model.State
	m.Init(func(s model.State) bool {
		if legit(s) {
			from = append(from, s.Clone())
		}
		return true
	})
	f, err := faults.With(m, spec, from, legit)
	if err != nil {
		return nil, nil, err
	}
	res, err := checker.Run(context.Background(), f, checker.Spec{Checks: []checker.Check{checker.CheckRecovery},
		Legit: faults.OnBase(f, legit)}, checker.Options{Workers: 2})
	return res, f, err
}

// Issue 33, defect 1: a process-scope fault restricted to values {0, 2} must be able to
// rewrite y alone and keep z = 1, as its own description says ("rewriting any variables of
// one process"): the process scope contains the variable scope. Both scopes find the
// deadlock (0,0,1), with a trace that replays.
func TestFaultValuesKeepOtherVariables(t *testing.T) {
	for _, one := range []bool{true, false} {
		res, f, err := recoverKeeper(t, faults.Spec{Budget: 1, Values: []byte{0, 2}, OneVariable: one})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Checks[0]
		if c.Verdict != checker.Violated || c.Trace == nil {
			t.Fatalf("one variable %v: %s (%s), want violated", one, c.Verdict, c.Detail)
		}
		if err := model.Replay(f, c.Trace); err != nil {
			t.Fatal(err)
		}
		last := c.Trace.States[len(c.Trace.States)-1]
		if got := string(last[:3]); got != string([]byte{0, 0, 1}) {
			t.Errorf("one variable %v: the trace ends in %v, want the deadlock (0,0,1)", one, []byte(got))
		}
	}
}

// Issue 33, defect 2: values outside some variable's domain are skipped, as FaultSpec says,
// never an index out of range in an explorer's goroutine; values outside every fault
// variable's domain leave no fault at all, which is an error, not a vacuous "holds".
func TestFaultValuesOutsideDomains(t *testing.T) {
	// x ∈ {0,1} has no value 2: P0 suffers no fault, P1 has y := 2 only, which keeps it
	// legitimate; z is kept.
	res, _, err := recoverKeeper(t, faults.Spec{Budget: 1, Values: []byte{2}})
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Checks[0]; c.Verdict != checker.Holds {
		t.Errorf("values {2}: %s (%s), want holds", c.Verdict, c.Detail)
	}
	for _, one := range []bool{true, false} {
		if _, _, err := recoverKeeper(t, faults.Spec{Budget: 1, Values: []byte{5}, OneVariable: one}); err == nil ||
			!strings.Contains(err.Error(), "no fault can hit") {
			t.Errorf("values {5}, one variable %v: %v, want no fault can hit", one, err)
		}
	}
	r, _ := dijkstra.New(3, 3)
	m, _ := model.Daemonize(r, model.Central)
	if _, err := faults.With(m, faults.Spec{Budget: 1, Values: []byte{5}}, []model.State{{0, 0, 0}}, r.Legitimate()); err == nil {
		t.Error("dijkstra n=3 K=3 with --fault-values 5: no error")
	}
}

// A variable whose name ends in a digit is named by it: `--fault-vars x1` on variables x10
// and x11 (x1 of processes 0 and 1) once matched nothing, every trailing digit stripped.
func TestFaultVarsEndingInDigits(t *testing.T) {
	b := model.NewBuilder(2)
	b.Var("x10", 0, model.Range(2))
	b.Var("x11", 1, model.Range(2))
	s, _ := b.Schema()
	m, err := model.Daemonize(&named{s}, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := faults.With(m, faults.Spec{Budget: 1, Vars: []string{"x1"}}, []model.State{{0, 0}},
		func(model.State) bool { return true }); err != nil {
		t.Error(err)
	}
}

// named is a protocol of the given schema with no rule.
type named struct{ schema *model.Schema }

func (n *named) Schema() *model.Schema                         { return n.schema }
func (n *named) Neighbors(int) []int                           { return nil }
func (n *named) RuleName(int, int) string                      { return "" }
func (n *named) Enabled(_ model.State, _ int, dst []int) []int { return dst }
func (n *named) Fire(model.State, []model.Move, model.State)   {}
