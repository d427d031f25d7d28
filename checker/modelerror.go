package checker

import (
	"errors"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/model"
)

// ModelError is a model that broke its rules during a run: a step of a protocol file that
// read a non-neighbour, wrote a value outside its variable's domain or divided by zero; a
// breach of the protocol contract that the lint found; a step that left the schema. The model
// is wrong, and no verdict about it would mean anything.
type ModelError struct {
	Err error // what broke, as the model says it (a protocol file's error has its file, line and column)
	// State is the configuration in which it broke; nil when the model does not say.
	State model.State
	// Path is a shortest execution from an initial configuration to State, replayed through
	// the model (the base of a quotient or of a model with faults: the protocol's own
	// configurations); nil when the run knows none.
	Path *model.Trace
	// Model is the model whose configuration State is and whose execution Path is, which
	// prints them (its steps' moves, the enabled processes).
	Model model.Model
}

func (e *ModelError) Error() string { return e.Err.Error() }

func (e *ModelError) Unwrap() error { return e.Err }

// ExplainModelError turns err into a *ModelError if it is a model's error in a configuration
// (a *model.StateError, which a protocol reports through model.Audited): with the
// configuration, and the path of one configuration where that configuration is initial. Any
// other error is returned as it is. Run does this itself, with a shortest path from its graph; a caller that
// explores by other means (a simulation) calls it.
func ExplainModelError(m model.Model, err error) error { return explain(m, err, nil) }

// explain is err as a *ModelError when it is an error in a configuration, with the path to
// it that nodeOf's graph gives (nil: none but an initial configuration's own).
func explain(m model.Model, err error, nodeOf func(model.State) (explore.Graph, uint64, bool)) error {
	var situated *model.StateError
	if !errors.As(err, &situated) {
		return err
	}
	s := situated.State
	return &ModelError{Err: err, State: s, Path: pathTo(m, s, nodeOf), Model: unreduced(m)}
}

// audited is a stage's error, unless a model that checks its contract
// (model.Behaviour.Violation) found a breach: then the breach, which may be why the stage
// failed (a step outside the schema, a counterexample that does not replay). A breach, or a
// stage's error in a configuration (a step outside the schema), is a *ModelError with a path
// from the run's graph.
func (r *run) audited(err error) error {
	if violation := model.BehaviourOf(r.m).Violation; violation != nil {
		if breach := violation(); breach != nil {
			if !errors.As(breach, new(*model.StateError)) {
				return &ModelError{Err: breach, Model: unreduced(r.m)}
			}
			err = breach
		}
	}
	return explain(r.m, err, r.nodeOf)
}

// pathTo is a shortest execution of m's unreduced model from an initial configuration to s,
// replayed, or nil: s itself where it is initial, else the path of m's graph to its node
// (nodeOf, nil when there is no graph), which only an unreduced model's graph gives.
func pathTo(m model.Model, s model.State, nodeOf func(model.State) (explore.Graph, uint64, bool)) *model.Trace {
	base := unreduced(m)
	if base.Schema().Valid(s) != nil { // a configuration of another model (a wrapper's): none
		return nil
	}
	var t *model.Trace
	if where, ok := model.InitOverUniverse(base); ok && (where == nil || where(s)) {
		t = &model.Trace{States: []model.State{s}, LoopStart: -1}
	} else if nodeOf != nil && base == m && model.TraitsOf(m).Reduced == "" {
		if g, id, ok := nodeOf(s); ok {
			t = explore.PathTrace(g, id)
		}
	}
	if t == nil || model.Replay(base, t) != nil || startsIn(base, t) != nil || !t.States[len(t.States)-1].Equal(s) {
		return nil
	}
	return t
}

// unreduced is the model whose configurations a protocol's error speaks of: the innermost
// under every wrapper, the base of a quotient (whose states are orbits) or of a model with
// faults (whose states carry budgets).
func unreduced(m model.Model) model.Model {
	for depth := 0; depth < 64; depth++ {
		w, ok := m.(model.Wrapper)
		if !ok {
			return m
		}
		m = w.Unwrap()
	}
	return m
}

// nodeOf finds the node of configuration s in the run's graph, if it reached it.
func (r *run) nodeOf(s model.State) (explore.Graph, uint64, bool) {
	switch {
	case r.explicit != nil:
		found, id := false, uint64(0)
		r.explicit.Scan(0, r.explicit.Size(), func(n uint64, t model.State) {
			if !found && t.Equal(s) {
				found, id = true, n
			}
		})
		return r.explicit, id, found
	case r.g != nil && r.u != nil:
		id := r.u.Rank(s)
		return r.g, id, r.g.Reached(id)
	}
	return nil, 0, false
}
