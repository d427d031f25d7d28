package model

import (
	"strings"
	"testing"
)

// legendSchema is a small timed protocol as ssarrow declares one: pointers named by their
// owner, a variable named otherwise, a described one, a timed channel each way, a global and
// a clock (process 2).
func legendSchema(t *testing.T, names ...string) *Schema {
	t.Helper()
	b := NewBuilder(3)
	b.NameProcs(names...)
	b.Pointer("p0", 0, Enum("0", "1"), []int{0, 1})
	b.Pointer("p1", 1, Enum("1", "0"), []int{1, 0})
	b.Var("ph01", 0, Range(2))
	b.Describe(b.Var("t01", 0, Range(3)), "tAB: parent A's timer on its edge to child B")
	ch := ages{n: 2, d: Enum("-", "find")} // channel.NewTimed([]string{"find"}, 1, 1)
	b.TimedChannel("c0>1", 0, 1, ch)
	b.TimedChannel("c1>0", 1, 0, ch)
	b.Var("turn", Global, Range(2))
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// The legend explains each group of columns from what the schema knows: pointers by their
// owners, the rest of a process's variables by owner, a Doc by its pattern, the channels by
// the pattern of their names and ages, globals, and the clock last.
func TestLegendExplainsColumns(t *testing.T) {
	got := legendSchema(t).Legend([]int{2})
	want := []LegendEntry{
		{Columns: "p0 p1", Meaning: "p of P0, P1 (its value names a process)"},
		{Columns: "ph01", Meaning: "P0's"},
		{Columns: "tAB", Meaning: "parent A's timer on its edge to child B"},
		{Columns: "cA>B@i", Meaning: "messages in transit from A to B, i ticks old (c0>1@0: from P0 to P1, 0 ticks old)"},
		{Columns: "turn", Meaning: "of no process (the network's, or the run's)"},
		{Columns: "P2", Meaning: "the clock: each of its moves is one tick of time"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].Columns != want[i].Columns || got[i].Meaning != want[i].Meaning {
			t.Errorf("entry %d: %q = %q, want %q = %q", i, got[i].Columns, got[i].Meaning, want[i].Columns, want[i].Meaning)
		}
	}
	// named processes: the legend names them as the file does, the columns keep their names
	named := legendSchema(t, "paris", "lyon", "clock").Legend([]int{2})
	if named[0].Meaning != "p of paris, lyon (its value names a process)" || named[3].Meaning != "messages in transit from A to B, i ticks old (c0>1@0: from paris to lyon, 0 ticks old)" ||
		named[5].Columns != "clock" {
		t.Errorf("named: %+v", named)
	}
	// many families of variables named by their process share one entry
	b := NewBuilder(2)
	for p := range 2 {
		for _, base := range []string{"a", "b", "c", "d"} {
			b.Var(base+string(rune('0'+p)), Owner(p), Range(2))
		}
	}
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if got := sch.Legend(nil); len(got) != 1 || got[0].Columns != "a0..d1" || !strings.Contains(got[0].Meaning, "a0: a of P0") {
		t.Errorf("four families: %+v", got)
	}
}

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

// ages stands for a timed channel (channel.Timed), which this package may not import.
type ages struct {
	n int
	d Domain
}

func (a ages) Vars() int      { return a.n }
func (a ages) Domain() Domain { return a.d }
