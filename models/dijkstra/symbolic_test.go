package dijkstra_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
)

// enabledOnce is "exactly one machine enabled" as a census of the protocol's own guards.
func enabledOnce(p model.Protocol, n int) model.Form {
	return form.Count{Procs: n, Local: func(s model.State, q int) bool { return len(p.Enabled(s, q, nil)) > 0 }, Min: 1, Max: 1}
}

// The symbolic engine catches the mutants too, each with a lasso that replays through the
// mutant (Run replays it). A machine that reads outside the neighbours it declares is refused:
// the relation tabulated from its view would be wrong.
func TestSymbolicMutants(t *testing.T) {
	const n, k = 7, 7
	for _, tc := range []struct {
		name  string
		proto model.Protocol
	}{
		{"bottom fires on x[0] != x[n-1]", &bottomInverted{newRing(t, n, k)}},
		{"K too small (K = n-2)", newRing(t, n, n-2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Daemonize(tc.proto, model.Central)
			if err != nil {
				t.Fatal(err)
			}
			spec := checker.Spec{Checks: stabilization, Properties: model.Properties{LegitForm: enabledOnce(tc.proto, n)}}
			res, err := checker.Run(context.Background(), m, spec, checker.Options{Engine: checker.EngineSymbolic})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Checks[1]
			if c.Name != "convergence" || c.Verdict != checker.Violated || c.Trace == nil {
				t.Fatalf("mutant survives: %+v", res.Checks)
			}
			t.Log(c.Detail)
		})
	}
	far := &readsFar{newRing(t, n, k)}
	m, _ := model.Daemonize(far, model.Central)
	spec := checker.Spec{Checks: stabilization, Properties: model.Properties{LegitForm: enabledOnce(far, n)}}
	_, err := checker.Run(context.Background(), m, spec, checker.Options{Engine: checker.EngineSymbolic})
	if err == nil || !strings.Contains(err.Error(), "outside its view") {
		t.Fatalf("a machine reading outside its view: %v", err)
	}
}

// readsFar: machine 1 compares itself with machine 3, which is not its neighbour.
type readsFar struct{ model.Protocol }

func (r *readsFar) Enabled(s model.State, p int, dst []int) []int {
	if p != 1 {
		return r.Protocol.Enabled(s, p, dst)
	}
	if s[1] != s[3] {
		dst = append(dst, 0)
	}
	return dst
}

// The symbolic engine's other checks fail where they must, as the dense path's do, each with
// a trace Run replays: on the mutant whose machine 0 fires on x[0] != x[n-1], the
// configurations with every value equal enable nobody (deadlock, and "some machine is
// enabled" broken); with "the token is at machine 0" as the legitimate set, the first move
// leaves it (closure).
func TestSymbolicViolations(t *testing.T) {
	const n, k = 5, 5
	mutant := &bottomInverted{newRing(t, n, k)}
	some := form.Count{Procs: n, Local: func(s model.State, q int) bool { return len(mutant.Enabled(s, q, nil)) > 0 }, Min: 1, Max: n}
	r := newRing(t, n, k)
	atZero := form.All{r.LegitimateForm(), form.Count{Procs: n, Local: func(s model.State, q int) bool { return q == 0 && r.Privileged(s, q) }, Min: 1, Max: 1}}
	for _, tc := range []struct {
		name  string
		proto model.Protocol
		spec  checker.Spec
	}{
		{"deadlock and invariant", mutant, checker.Spec{Checks: []checker.Check{checker.CheckInvariant, checker.CheckDeadlock},
			Properties: model.Properties{
				LegitForm:  enabledOnce(mutant, n),
				Invariants: []model.Property{{Name: "some-enabled", Holds: some.Holds, Form: some}},
			}}},
		{"closure", r, checker.Spec{Checks: []checker.Check{checker.CheckClosure}, Properties: model.Properties{LegitForm: atZero}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Daemonize(tc.proto, model.Central)
			if err != nil {
				t.Fatal(err)
			}
			dense, err := checker.Run(context.Background(), m, tc.spec, checker.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sym, err := checker.Run(context.Background(), m, tc.spec, checker.Options{Engine: checker.EngineSymbolic})
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range sym.Checks {
				if c.Verdict != checker.Violated || dense.Checks[i].Verdict != checker.Violated || c.Trace == nil {
					t.Fatalf("%s: symbolic %+v, dense %+v", c.Name, c, dense.Checks[i])
				}
				if len(c.Trace.Steps) != len(dense.Checks[i].Trace.Steps) {
					t.Errorf("%s: a trace of %d steps, the dense path's has %d", c.Name, len(c.Trace.Steps), len(dense.Checks[i].Trace.Steps))
				}
			}
		})
	}
}
