package models

import (
	"maps"
	"os"
	"strings"
	"testing"
)

// Dijkstra's ring has one story: the file examples/protocols/dijkstra.gcl (and its broken
// variant) and the Go model take the same parameters, with the same defaults (n = 5, and K
// following n) and the same ranges; README and docs/LANGUAGE.md show the file as it is.
func TestDijkstraFileAndModelAgree(t *testing.T) {
	goModel, err := Lookup("dijkstra")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"../examples/protocols/dijkstra.gcl", "../examples/protocols/broken/dijkstra-bottom-always.gcl"} {
		file, err := FromFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(file.Params) != len(goModel.Params) {
			t.Fatalf("%s has %d parameters, the Go model %d", path, len(file.Params), len(goModel.Params))
		}
		for i, p := range file.Params {
			q := goModel.Params[i]
			if p.Name != q.Name || p.Default != q.Default || p.Min != q.Min || p.Max != q.Max {
				t.Errorf("%s: %s = %d in %d..%d; the Go model: %s = %d in %d..%d", path, p.Name, p.Default, p.Min, p.Max, q.Name, q.Default, q.Min, q.Max)
			}
		}
		for _, given := range []map[string]int{{}, {"n": 7}, {"K": 3}, {"n": 64}, {"n": 4, "K": 9}} {
			fromFile, err1 := file.Resolve(given)
			fromGo, err2 := goModel.Resolve(given)
			if err1 != nil || err2 != nil || !maps.Equal(fromFile, fromGo) {
				t.Errorf("%s given %v: %v %v; the Go model: %v %v", path, given, fromFile, err1, fromGo, err2)
			}
		}
	}
	src, err := os.ReadFile("../examples/protocols/dijkstra.gcl")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"../README.md", "../docs/LANGUAGE.md"} {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := strings.Cut(string(src), "protocol dijkstra\n") // README's block starts there
		if !strings.Contains(string(text), "protocol dijkstra\n"+body) {
			t.Errorf("%s does not show examples/protocols/dijkstra.gcl as it is", page)
		}
	}
}
