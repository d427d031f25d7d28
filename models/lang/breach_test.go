package lang_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/lang"
	"github.com/mc-checker/mc/models/topology"
)

// A step of a protocol file that writes outside its variable's domain is a *checker.ModelError
// with the place in the file, the configuration it happened in and a shortest path from an
// initial configuration to it, replayed; the same with any number of workers. From every
// configuration (docs/ERRORS.md's first command) the path is the configuration alone, the
// smallest that breaks; from the configurations a topology file's init= gives (all zero), the
// BFS's shortest path to it, 8 steps.
func TestModelErrorSaysWhere(t *testing.T) {
	g, err := topology.ReadDot("../../testdata/errors/ring3-zero.dot")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../testdata/errors/overflow.gcl")
	if err != nil {
		t.Fatal(err)
	}
	f, err := lang.Parse("overflow.gcl", string(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		top        *topology.Graph
		state      model.State
		steps      int
		firstState model.State
	}{
		{nil, model.State{0, 3, 3}, 0, model.State{0, 3, 3}},
		{g, model.State{2, 3, 3}, 8, model.State{0, 0, 0}},
	} {
		var first string
		for _, workers := range []int{1, 2} {
			pr, err := lang.Compile(f, nil, c.top) // a breach is the program's: a new one each run
			if err != nil {
				t.Fatal(err)
			}
			init, err := pr.Init()
			if err != nil {
				t.Fatal(err)
			}
			m, _ := model.Daemonize(pr, model.Central, model.From(init))
			_, err = checker.Run(context.Background(), m, checker.Spec{Properties: model.Properties{Legit: pr.Legit}, Checks: []checker.Check{checker.CheckConvergence}},
				checker.Options{Workers: workers})
			var me *checker.ModelError
			var le *lang.Error
			if !errors.As(err, &me) || !errors.As(err, &le) || le.Pos != (lang.Pos{Line: 9, Col: 27}) {
				t.Fatalf("%v, want a model error at 9:27", err)
			}
			p := me.Path
			switch {
			case !me.State.Equal(c.state) || p == nil || len(p.Steps) != c.steps || !p.States[0].Equal(c.firstState):
				t.Errorf("in %v, path %+v; want %v after %d steps from %v", me.State, p, c.state, c.steps, c.firstState)
			case !p.States[len(p.States)-1].Equal(me.State) || model.Replay(me.Model, p) != nil:
				t.Errorf("the path %+v does not replay to %v", p, me.State)
			case first != "" && err.Error() != first:
				t.Errorf("%d workers: %v; 1 worker: %s", workers, err, first)
			}
			first = err.Error()
		}
	}
}
