package model

import "testing"

// A process is named as its file names it, quoted when the name would run into what
// surrounds it; unnamed, by its number. Two processes of one name are refused.
func TestProcessNames(t *testing.T) {
	b := NewBuilder(4)
	b.NameProcs("paris", "p 0", "")
	b.Var("x0", 0, Range(2))
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range []string{"paris", `"p 0"`, "P2", "P3"} {
		if got := sch.ProcName(p); got != want {
			t.Errorf("process %d is %s, want %s", p, got, want)
		}
	}
	for _, names := range [][]string{{"a", "a"}, {"P1", ""}, {"a", "b", "c", "d", "e"}} {
		b := NewBuilder(4)
		b.NameProcs(names...)
		if _, err := b.Schema(); err == nil {
			t.Errorf("names %q accepted", names)
		}
	}
}
