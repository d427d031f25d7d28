package models_test

import (
	"context"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
)

// Every model of the catalogue keeps the protocol contract (model.WithLint) on every step of
// its default checks: on small instances, on every topology of 4 nodes for the models on a
// tree, and under every daemon a model runs under.
func TestEveryModelPassesLint(t *testing.T) {
	small := map[string][]string{"dijkstra": {"n=4", "K=3"}, "arrow": {"n=4", "F=2"}, "ssarrow": {"n=2"}}
	for _, e := range models.All() {
		params, err := e.Values(small[e.Name])
		if err != nil {
			t.Fatal(err)
		}
		topologies := []string{""}
		if e.Tree {
			topologies = []string{"path", "star", "all"}
		}
		daemons := []model.Daemon{model.Central}
		switch {
		case e.Rounds:
			daemons = []model.Daemon{model.Synchronous}
		case !e.Asynchronous:
			daemons = append(daemons, model.LocallyCentral, model.Distributed, model.Synchronous)
		}
		for _, topo := range topologies {
			trees, err := models.Trees(topo, params["n"])
			if err != nil {
				t.Fatal(err)
			}
			for _, tree := range trees {
				inst, err := e.Build(params, tree)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range daemons {
					lintOne(t, e, inst, d)
				}
			}
		}
		if e.Rooted { // and from every rooted tree at once
			inst, err := e.BuildSet(params, models.RootedSets[0])
			if err != nil {
				t.Fatal(err)
			}
			lintOne(t, e, inst, model.Central)
		}
	}
}

func lintOne(t *testing.T, e *models.Entry, inst *models.Instance, d model.Daemon) {
	t.Helper()
	m, err := model.Daemonize(inst.Protocol, d, model.From(inst.Init), model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	var checks []checker.Check
	for _, name := range e.Checks {
		c, err := checker.ParseChecks(name)
		if err != nil {
			t.Fatal(err)
		}
		checks = append(checks, c...)
	}
	spec := checker.Spec{Checks: checks, Properties: model.Properties{
		Legit:             inst.Legit,
		Invariants:        inst.Invariants,
		Actions:           inst.Actions,
		Characterisations: inst.Characterisations,
		Eventually:        inst.Eventually,
	},
	}
	if _, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2}); err != nil {
		t.Errorf("%s under the %s daemon: %v", e.Name, d, err)
	}
}
