package runs_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/runs"
)

// Empty fields take the model's defaults: its parameters, its daemon, its checks, and no
// fairness; the canonical description names them, the given one keeps what was asked.
func TestDefaults(t *testing.T) {
	r, err := runs.Description{Model: "arrow"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	c := r.Canonical
	if c.Daemon != "central" || c.Fairness != "unfair" || c.Params["n"] == 0 || len(c.Checks) == 0 || c.Topology != "path" {
		t.Errorf("canonical %+v", c)
	}
	if r.Given.Daemon != "" || len(r.Given.Params) != 0 || r.Given.Checks != nil {
		t.Errorf("given %+v", r.Given)
	}
	if _, d, ok := model.ProtocolOf(r.Model); !ok || d != model.Central || len(r.Spec.Checks) != len(c.Checks) || r.Edges == "" {
		t.Errorf("model under %v, %d checks, edges %q", d, len(r.Spec.Checks), r.Edges)
	}
}

// The description is refused before anything is built, by the table for what does not
// combine (the same reason checker.Run gives of a built model), by name for what is unknown,
// and a file it names and cannot read as the flag that named it.
func TestRefusals(t *testing.T) {
	ring := runs.Description{Model: "dijkstra", Params: map[string]int{"n": 3, "K": 3}}
	for _, c := range []struct {
		change func(*runs.Description)
		want   string
	}{
		{func(d *runs.Description) { d.Reduce = "blocks" }, "--reduce blocks: the block reduction (blocks) is the distributed daemon's"},
		{func(d *runs.Description) { d.Reduce = "stubborn" }, "--reduce stubborn: unknown reduction"},
		{func(d *runs.Description) { d.Checks = []string{"recovery", "closure"}; d.Faults = 1 }, "the recovery check runs alone"},
		{func(d *runs.Description) { d.Checks = []string{"closure"}; d.Faults = 1 }, "apply to the recovery check only"},
		{func(d *runs.Description) { d.Model, d.Params, d.Daemon = "arrow", nil, "distributed" }, "model arrow runs one event a step"},
		{func(d *runs.Description) { d.Symmetry = "rotation"; d.Fairness = "weakly-fair" }, "symmetry forgets which process is which"},
		{func(d *runs.Description) { d.Params["n"] = 99 }, "n"},
	} {
		d := ring
		d.Params = map[string]int{"n": 3, "K": 3}
		c.change(&d)
		if err := d.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", d, err, c.want)
		}
	}
	var fe *runs.FileError
	err := runs.Description{Model: "arrow", Topology: "nonexist.dot"}.Validate()
	if !errors.As(err, &fe) || fe.Named != "--topology" || err.Error() != "--topology nonexist.dot: no such file" {
		t.Errorf("%v", err)
	}
	if err := (runs.Description{Model: "dijkstra", Checks: []string{"worst-case"}, Daemon: "distributed", Reduce: "blocks"}).Validate(); err == nil ||
		!strings.HasPrefix(err.Error(), "the blocks reduction") {
		t.Errorf("worst case under blocks: %v", err)
	}
	_ = checker.Combinations // the reasons above are rows of checker's table (docs/COMBINATIONS.md)
}
