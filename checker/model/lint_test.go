package model_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/internal/toys"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
)

// everyStep expands every configuration of m's universe, as a run would, and returns the
// breach the lint found.
func everyStep(t *testing.T, m model.Model) error {
	t.Helper()
	u, err := universe.New(m.Schema())
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
	rule := []string{"step"}
	copyLeft := func(s model.State, p int, next model.State) { next[p] = s[(p+2)%3] }
	differs := func(s model.State, p int) bool { return s[p] != s[(p+2)%3] }
	collides, _ := toys.Breach(toys.Collides)
	cases := []struct {
		name   string
		proto  model.Protocol
		daemon model.Daemon
		want   string // in the breach; "" for none
	}{
		{"keeps the contract", toys.Ring(3, 3, rule, differs, copyLeft), model.Distributed, ""},
		{"writes another's variable", toys.Ring(3, 2, rule, differs, func(s model.State, p int, next model.State) {
			next[(p+1)%3] = s[p]
		}), model.Central, "P2 step writes x0, which P0 owns, in x0=0 x1=0 x2=1"},
		{"guard reads a non-neighbour", toys.Ring(4, 2, rule, func(s model.State, p int) bool {
			return p == 0 && s[2] == 1 && s[0] == 0
		}, func(s model.State, p int, next model.State) { next[p] = 1 }), model.Central, "has a guard that reads x2"},
		{"statement reads a non-neighbour", toys.Ring(4, 2, rule, func(s model.State, p int) bool {
			return p == 0 && s[0] != s[1]
		}, func(s model.State, p int, next model.State) { next[0] = s[2] }), model.Central, "has a statement that reads x2"},
		{"writes into the configuration it reads", toys.Ring(3, 2, rule, differs, func(s model.State, p int, next model.State) {
			next[p] = s[(p+2)%3]
			s[p] = next[p]
		}), model.Central, "writes into the configuration it reads"},
		{"two moves write one variable", collides, model.Distributed, "P0 send and P1 receive both write c0>1"},
		{"moves do not compose", toys.Ring(3, 2, rule, differs, func(s model.State, p int, next model.State) {
			next[p] = next[(p+2)%3] // reads what the move before wrote
		}), model.Synchronous, "do not compose"},
		{"keeps its footprints", footprinted(toys.Ring(3, 3, rule, differs, copyLeft), true, true), model.Distributed, ""},
		{"guard reads outside its footprint", footprinted(toys.Ring(3, 3, rule, differs, copyLeft), false, true), model.Central,
			"P0 has rule step, whose guard reads x2, outside its footprint"},
		{"statement reads outside its footprint", footprinted(toys.Ring(3, 2, rule, func(s model.State, p int) bool { return s[p] == 0 },
			func(s model.State, p int, next model.State) { next[p] = 1 - s[(p+2)%3] }), false, true), model.Central,
			"has a statement that reads x2, outside its rule's footprint"},
		{"writes outside its footprint", footprinted(toys.Ring(3, 3, rule, differs, copyLeft), true, false), model.Central,
			"writes x0, outside its rule's footprint"},
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

// footprinted declares for the one rule of a ring of 3 the footprint reads x_p (and, with
// left, x_{p-1}), writes x_p (with writes; else nothing).
func footprinted(p model.Protocol, left, writes bool) model.Protocol {
	return &declared{Protocol: p, left: left, writes: writes}
}

type declared struct {
	model.Protocol
	left, writes bool
}

func (d *declared) Rules(int) int { return 1 }
func (d *declared) Footprint(p, _ int) model.Footprint {
	reads, w := []int{p}, []int(nil)
	if d.left {
		reads = append(reads, (p+2)%3)
	}
	if d.writes {
		w = []int{p}
	}
	return model.NewFootprint(reads, w)
}

// Without the lint nothing is checked, and a model that keeps the contract costs nothing more.
func TestNoLintNoViolation(t *testing.T) {
	collides, _ := toys.Breach(toys.Collides)
	m, _ := model.Daemonize(collides, model.Distributed)
	if err := everyStep(t, m); err != nil {
		t.Fatal(err)
	}
}
