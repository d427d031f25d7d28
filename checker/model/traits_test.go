package model_test

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	faultspkg "github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/symmetry"
	"github.com/mc-checker/mc/models/dijkstra"
	"github.com/mc-checker/mc/models/herman"
	"github.com/mc-checker/mc/models/maxring"
	"github.com/mc-checker/mc/models/ssarrow"
	"github.com/mc-checker/mc/models/topology"
)

// plainWrapper is a user's wrapper that says nothing of what it is (no method Traits).
type plainWrapper struct{ model.Model }

func (w plainWrapper) Unwrap() model.Model { return w.Model }

// Issue 35: every trait of every kind of model survives every wrapper, in every order the
// wrappers allow: the quotient by rotation and the faults copy their base's Traits (the
// faults make a step no longer one move; a timed base's clock stays), a wrapper that says
// nothing of its Traits keeps the reduction, and each wrapper names the relation anew for
// checkpoints. Faults over a quotient are refused, and so is a quotient over faults (their
// counter is no process's).
func TestTraitsSurviveWrappers(t *testing.T) {
	ring, _ := dijkstra.New(3, 3)
	coins, _ := herman.New(3)
	maxr, _ := maxring.New(3, 2)
	path, _ := topology.Path(2)
	arrow, _ := ssarrow.New(path, ssarrow.Config{Capacity: 1, Delay: 1, Timeout: 2, Sent0: 1, Phi0: 1, SentMax: 2, PhiMax: 2})
	bases := map[string]struct {
		p    model.Protocol
		d    model.Daemon
		want model.Traits
	}{
		"dijkstra central":       {ring, model.Central, model.Traits{OneMovePerStep: true}},
		"dijkstra distributed":   {ring, model.Distributed, model.Traits{}},
		"dijkstra blocks":        {ring, model.Blocks, model.Traits{Reduced: "blocks"}},
		"herman synchronous":     {coins, model.Synchronous, model.Traits{Probabilistic: true}},
		"maxring blocks":         {maxr, model.Blocks, model.Traits{Reduced: "blocks"}},
		"ssarrow central, timed": {arrow, model.Central, model.Traits{Timed: true, Clock: 2, OneMovePerStep: true}},
	}
	for name, b := range bases {
		m, err := model.Daemonize(b.p, b.d)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		base := model.TraitsOf(m)
		if got := withoutIdentity(base); got != b.want {
			t.Errorf("%s: %+v, want %+v", name, got, b.want)
		}
		for _, wrap := range wrappings(t, m) {
			got := model.TraitsOf(wrap.m)
			want := base
			want.OneMovePerStep = base.OneMovePerStep && !wrap.faults
			if !wrap.traited { // a user's wrapper: the reduction, and nothing it does not say
				want = model.Traits{Reduced: base.Reduced}
			}
			if withoutIdentity(got) != withoutIdentity(want) {
				t.Errorf("%s %s: %+v, want %+v", name, wrap.name, withoutIdentity(got), withoutIdentity(want))
			}
			if !strings.Contains(got.Identity, base.Identity) || got.Identity == base.Identity {
				t.Errorf("%s %s: identity %q, want one of its own that names %q", name, wrap.name, got.Identity, base.Identity)
			}
		}
	}
}

type wrapping struct {
	name            string
	m               model.Model
	faults, traited bool
}

// wrappings are m under every order of wrappers the library allows (the quotient only over a
// rotational protocol from its universe), and under a user's wrapper; and the orders refused.
func wrappings(t *testing.T, m model.Model) []wrapping {
	var first model.State
	m.Init(func(s model.State) bool { first = s.Clone(); return false })
	any := func(model.State) bool { return true }
	out := []wrapping{{"in a user's wrapper", plainWrapper{m}, false, false}}
	faulty, err := faultspkg.With(m, faultspkg.Spec{Budget: 1}, []model.State{first}, any)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, wrapping{"with faults", faulty, true, true}, wrapping{"with faults, in a user's wrapper", plainWrapper{faulty}, true, false})
	if _, err := symmetry.ByRotation(faulty, 1); err == nil {
		t.Error("a quotient over faults was not refused")
	}
	if q, err := symmetry.ByRotation(m, 1); err == nil {
		out = append(out, wrapping{"by rotation", q, false, true}, wrapping{"by rotation, in a user's wrapper", plainWrapper{q}, false, false})
		if _, err := faultspkg.With(q, faultspkg.Spec{Budget: 1}, []model.State{first}, any); err == nil {
			t.Error("faults over a quotient were not refused")
		}
	}
	return out
}

func withoutIdentity(t model.Traits) model.Traits {
	t.Identity = ""
	return t
}
