package models

import (
	"strings"
	"testing"
)

// Parameter assignments, whatever their text, are values within their ranges, each
// parameter at most once, or an error; what Values accepts Resolve accepts too.
func FuzzParseAssignments(f *testing.F) {
	for _, s := range []string{"n=3..8,K=5", "K=1", "n=x", "n=3..2", "z=1", "n", "K=300", "n=5..x", "n=3,n=4", " n = 4 ", "K=2..256", "n=-1..3"} {
		f.Add("dijkstra", s)
	}
	f.Add("arrow", "weaken=2,F=4,n=8")
	f.Add("ssarrow", "delay=2,tau=12,init=0")
	f.Fuzz(func(t *testing.T, model, text string) {
		e, err := Lookup(model)
		if err != nil {
			return
		}
		items := strings.Split(text, ",")
		ranges, err := e.ParseAssignments(items)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, r := range ranges {
			p := e.Param(r.Name)
			if p == nil || seen[r.Name] || r.Lo > r.Hi || r.Lo < p.Min || r.Hi > p.Max {
				t.Fatalf("%q: accepted %+v", text, r)
			}
			seen[r.Name] = true
		}
		if vals, err := e.Values(items); err == nil {
			if _, err := e.Resolve(vals); err != nil {
				t.Fatalf("%q: Values gives %v, which Resolve refuses: %v", text, vals, err)
			}
		}
	})
}
