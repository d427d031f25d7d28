package model_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// toy is a protocol of n processes on a ring, each owning x[i] in 0..k-1, whose guard and
// statement are given: the breaches the lint must find are written into them.
type toy struct {
	sch   *model.Schema
	n     int
	guard func(s model.State, p int) bool
	fire  func(s model.State, p int, next model.State)
}

func newToy(t *testing.T, n, k int, guard func(model.State, int) bool, fire func(model.State, int, model.State)) *toy {
	t.Helper()
	b := model.NewBuilder(n)
	for i := range n {
		b.Var(string(rune('a'+i)), model.Owner(i), model.Range(k))
	}
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return &toy{sch: sch, n: n, guard: guard, fire: fire}
}

func (p *toy) Schema() *model.Schema    { return p.sch }
func (p *toy) Neighbors(q int) []int    { return []int{(q + p.n - 1) % p.n, (q + 1) % p.n} }
func (p *toy) RuleName(int, int) string { return "step" }
func (p *toy) Enabled(s model.State, q int, dst []int) []int {
	if p.guard(s, q) {
		dst = append(dst, 0)
	}
	return dst
}
func (p *toy) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		p.fire(s, m.Proc, next)
	}
}

// everyStep expands every configuration of m's universe, as a run would, and returns the
// breach the lint found.
func everyStep(t *testing.T, m model.Model) error {
	t.Helper()
	u, err := model.NewUniverse(m.Schema())
	if err != nil {
		t.Fatal(err)
	}
	s := m.Schema().NewState()
	for {
		m.Successors(s.Clone(), func(model.Step, model.State) bool { return true }) // a copy: a breach may write it
		if !u.Next(s) {
			break
		}
	}
	return m.(model.Audited).Violation()
}

// The lint finds each breach of the contract on some step, and names the move and what it
// did; a protocol that keeps the contract passes under every daemon.
func TestLint(t *testing.T) {
	copyLeft := func(s model.State, p int, next model.State) { next[p] = s[(p+2)%3] }
	differs := func(s model.State, p int) bool { return s[p] != s[(p+2)%3] }
	cases := []struct {
		name   string
		proto  model.Protocol
		daemon model.Daemon
		want   string // in the breach; "" for none
	}{
		{"keeps the contract", newToy(t, 3, 3, differs, copyLeft), model.Distributed, ""},
		{"writes another's variable", newToy(t, 3, 2, differs, func(s model.State, p int, next model.State) {
			next[(p+1)%3] = s[p]
		}), model.Central, "writes b, which P1 owns"},
		{"guard reads a non-neighbour", newToy(t, 4, 2, func(s model.State, p int) bool {
			return p == 0 && s[2] == 1 && s[0] == 0
		}, func(s model.State, p int, next model.State) { next[p] = 1 }), model.Central, "has a guard that reads c"},
		{"statement reads a non-neighbour", newToy(t, 4, 2, func(s model.State, p int) bool {
			return p == 0 && s[0] != s[1]
		}, func(s model.State, p int, next model.State) { next[0] = s[2] }), model.Central, "has a statement that reads c"},
		{"writes into the configuration it reads", newToy(t, 3, 2, differs, func(s model.State, p int, next model.State) {
			next[p] = s[(p+2)%3]
			s[p] = next[p]
		}), model.Central, "writes into the configuration it reads"},
		{"two moves write one variable", newQueue(t), model.Distributed, "both write c"},
		{"moves do not compose", newToy(t, 3, 2, differs, func(s model.State, p int, next model.State) {
			next[p] = next[(p+2)%3] // reads what the move before wrote
		}), model.Synchronous, "do not compose"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := model.Daemonize(c.proto, c.daemon, model.WithLint())
			if err != nil {
				t.Fatal(err)
			}
			err = everyStep(t, m)
			var breach *model.ContractError
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("a breach in a protocol that keeps the contract: %v", err)
			case c.want == "":
			case !errors.As(err, &breach) || !strings.Contains(err.Error(), c.want) || breach.State == "":
				t.Fatalf("got %v, want a breach that %s", err, c.want)
			}
			t.Log(err)
		})
	}
}

// queue is a channel c from P0 to P1 holding 0..2 messages: P0 sends while it is not full,
// P1 receives while it is not empty. Both may write c, the sender and the receiver; under the
// distributed daemon they fire together and one write is lost.
type queue struct{ sch *model.Schema }

func newQueue(t *testing.T) *queue {
	b := model.NewBuilder(2)
	b.Channel("c", 0, 1, model.Range(3))
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return &queue{sch}
}

func (q *queue) Schema() *model.Schema    { return q.sch }
func (q *queue) Neighbors(p int) []int    { return []int{1 - p} }
func (q *queue) RuleName(p, _ int) string { return [...]string{"send", "receive"}[p] }
func (q *queue) Enabled(s model.State, p int, dst []int) []int {
	if p == 0 && s[0] < 2 || p == 1 && s[0] > 0 {
		dst = append(dst, 0)
	}
	return dst
}
func (q *queue) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Proc == 0 {
			next[0] = s[0] + 1
		} else {
			next[0] = s[0] - 1
		}
	}
}

// Without the lint nothing is checked, and a model that keeps the contract costs nothing more.
func TestNoLintNoViolation(t *testing.T) {
	m, _ := model.Daemonize(newQueue(t), model.Distributed)
	if err := everyStep(t, m); err != nil {
		t.Fatal(err)
	}
}
