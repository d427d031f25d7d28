package models

import (
	"reflect"
	"testing"
)

func TestAssignments(t *testing.T) {
	e, err := Lookup("dijkstra")
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.ParseAssignments([]string{"n=3..8", "K=5"})
	if err != nil || !reflect.DeepEqual(got, []Range{{"n", 3, 8}, {"K", 5, 5}}) {
		t.Fatalf("%v %v", got, err)
	}
	vals, err := e.Values([]string{"K=4"})
	if err != nil || vals["K"] != 4 || vals["n"] != 5 {
		t.Fatalf("%v %v", vals, err)
	}
	for _, bad := range []string{"K=1", "n=x", "n=3..2", "z=1", "n", "K=300", "n=5..x"} {
		if _, err := e.Values([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := e.Values([]string{"n=3..4"}); err == nil {
		t.Error("a range accepted outside a sweep")
	}
	if _, err := Lookup("nosuch"); err == nil {
		t.Error("unknown model found")
	}
}

// Every model of the catalogue builds on its defaults.
func TestDefaultsBuild(t *testing.T) {
	for _, e := range All() {
		trees, err := Trees("path", e.Defaults()["n"])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Build(e.Defaults(), trees[0]); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
	}
}

func TestTrees(t *testing.T) {
	for spec, want := range map[string]int{"path": 1, "star": 1, "all": 125, "tree:124": 1} {
		trees, err := Trees(spec, 5)
		if err != nil || len(trees) != want {
			t.Errorf("%s: %d trees, %v", spec, len(trees), err)
		}
	}
	for _, bad := range []string{"tree:125", "tree:x", "ring", "nosuch.dot"} {
		if _, err := Trees(bad, 5); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
