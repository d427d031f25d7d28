package difftest_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/internal/difftest"
	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/models"
)

// fileSubject writes a random protocol as a protocol file (and its topology file), reads it
// as `mc check FILE.gcl` does (models.FromFile) and returns the compiled protocol with the
// file's own legitimate set and invariants: the language's reading of the protocol, which
// the differential test compares with the reference's reading of the Go one.
func fileSubject(t *testing.T) func(*randproto.Protocol) (difftest.Subject, error) {
	return func(p *randproto.Protocol) (difftest.Subject, error) {
		path, err := p.WriteFiles(t.TempDir())
		if err != nil {
			return difftest.Subject{}, err
		}
		entry, err := models.FromFile(path)
		if err != nil {
			return difftest.Subject{}, err
		}
		inst, err := entry.Build(nil, nil)
		if err != nil {
			return difftest.Subject{}, err
		}
		if got, want := layout(inst.Protocol.Schema()), layout(p.Schema()); got != want {
			return difftest.Subject{}, fmt.Errorf("the file's variables are %s, the protocol's %s", got, want)
		}
		if len(inst.Invariants) != len(p.Invariants) {
			return difftest.Subject{}, fmt.Errorf("the file has %d invariants, the protocol %d", len(inst.Invariants), len(p.Invariants))
		}
		if len(inst.Actions) != len(p.Actions) {
			return difftest.Subject{}, fmt.Errorf("the file has %d action invariants, the protocol %d", len(inst.Actions), len(p.Actions))
		}
		if len(inst.Temporal) != len(p.Temporal) {
			return difftest.Subject{}, fmt.Errorf("the file has %d temporal properties, the protocol %d", len(inst.Temporal), len(p.Temporal))
		}
		return difftest.Subject{Protocol: inst.Protocol, Legit: inst.Legit, LegitForm: inst.LegitForm, Invariants: inst.Invariants,
			Actions: inst.Actions, Temporal: inst.Temporal}, nil
	}
}

// layout is a schema's variables by name, owner and domain size (the file may name values).
func layout(s *model.Schema) string {
	var out []string
	for _, v := range s.Vars {
		out = append(out, fmt.Sprintf("%s@%d:%d", v.Name, v.Owner, v.Domain.Size))
	}
	return strings.Join(out, " ")
}

// Random protocols written in the language and compiled agree with the reference, which
// reads the same protocols' Go interpretation, in every configuration drawn (every engine,
// store, daemon, fairness, reading, initial set, fault model and rounds; the language has
// no rotation symmetry): the compiler, its predicates and its censuses for the symbolic
// engine are checked against an interpreter that shares no code with them.
func TestGCLDifferential(t *testing.T) {
	n := 80
	if testing.Short() {
		n = 20
	}
	c := difftest.Campaign{Seed: 2, First: difftest.From(), Protocols: difftest.Size(n), Runs: 6, Subject: fileSubject(t), GCL: true, Parallel: 2}
	rep := c.Run(t.Context())
	t.Logf("%d protocols, %d runs, %d skipped", rep.Protocols, rep.Runs, rep.Skipped)
	for _, e := range rep.Errors(5) {
		t.Error(e)
	}
	for _, f := range rep.Uncovered(true, testing.Short()) {
		t.Errorf("no run exercised %s: the campaign does not cover what it claims", f)
	}
}

// A protocol file's footprints, derived from its rules' text (models/lang/footprint.go), hold
// on random protocols: the lint, which perturbs every variable of the neighbourhood outside a
// rule's reads and watches its guard and statement, and checks that each move changes only its
// writes, finds no breach in any configuration of their universes, under the central daemon
// (one move a step: each move checked alone).
func TestGCLFootprintsHold(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 30
	}
	subject := fileSubject(t)
	checked := 0
	for i := range n {
		p := randproto.Generate(rand.New(rand.NewPCG(5, uint64(i))))
		s, err := subject(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.Protocol.(model.Footprinted); !ok {
			t.Fatalf("protocol %d: a compiled file declares no footprints", i)
		}
		u, err := universe.New(s.Protocol.Schema())
		if err != nil || u.Size() > 20_000 {
			continue
		}
		m, err := model.Daemonize(s.Protocol, model.Central, model.WithLint())
		if err != nil {
			t.Fatal(err)
		}
		st := m.Schema().NewState()
		for {
			m.Successors(st.Clone(), func(model.Step, model.State) bool { return true })
			if !u.Next(st) {
				break
			}
		}
		if err := m.(model.Audited).Violation(); err != nil {
			text, _ := p.GCL()
			t.Fatalf("protocol %d: %v\n%s", i, err, text)
		}
		checked++
	}
	if checked < n/2 {
		t.Fatalf("%d of %d protocols checked", checked, n)
	}
}
