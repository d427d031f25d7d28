package legend

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

// legendSchema is a small timed protocol as ssarrow declares one: pointers named by their
// owner, a variable named otherwise, a described one, a timed channel each way, a global and
// a clock (process 2).
func legendSchema(t *testing.T, names ...string) *model.Schema {
	t.Helper()
	b := model.NewBuilder(3)
	b.NameProcs(names...)
	b.Pointer("p0", 0, model.Enum("0", "1"), []int{0, 1})
	b.Pointer("p1", 1, model.Enum("1", "0"), []int{1, 0})
	b.Var("ph01", 0, model.Range(2))
	b.Describe(b.Var("t01", 0, model.Range(3)), "tAB: parent A's timer on its edge to child B")
	ch, err := channel.NewTimed([]string{"find"}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	channel.DeclareTimed(b, "c0>1", 0, 1, ch)
	channel.DeclareTimed(b, "c1>0", 1, 0, ch)
	b.Var("turn", model.Global, model.Range(2))
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
	got := Of(legendSchema(t), []int{2})
	want := []Entry{
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
	named := Of(legendSchema(t, "paris", "lyon", "clock"), []int{2})
	if named[0].Meaning != "p of paris, lyon (its value names a process)" || named[3].Meaning != "messages in transit from A to B, i ticks old (c0>1@0: from paris to lyon, 0 ticks old)" ||
		named[5].Columns != "clock" {
		t.Errorf("named: %+v", named)
	}
	// many families of variables named by their process share one entry
	b := model.NewBuilder(2)
	for p := range 2 {
		for _, base := range []string{"a", "b", "c", "d"} {
			b.Var(base+string(rune('0'+p)), model.Owner(p), model.Range(2))
		}
	}
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if got := Of(sch, nil); len(got) != 1 || got[0].Columns != "a0..d1" || !strings.Contains(got[0].Meaning, "a0: a of P0") {
		t.Errorf("four families: %+v", got)
	}
}
