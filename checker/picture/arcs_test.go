package picture

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// On an oriented ring each process reads only its left neighbour: every link is an arc with
// an arrowhead, from the process read to its reader, in SVG and in DOT; on a ring whose
// processes read both ways no link is. A process named by its file is labelled by its name,
// beside its circle when the name is long; an unnamed one by its number.
func TestArcsAndNames(t *testing.T) {
	b := model.NewBuilder(3)
	b.NameProcs("paris", "ly")
	for p := range 3 {
		b.Var("x"+string(rune('0'+p)), model.Owner(p), model.Range(2))
	}
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	left := func(p int) []int { return []int{(p + 2) % 3} }
	var svg, dot bytes.Buffer
	sc := New(sch, left)
	if err := sc.SVG(&svg, Frame{State: model.State{0, 1, 0}}); err != nil {
		t.Fatal(err)
	}
	if err := sc.DOT(&dot, Frame{State: model.State{0, 1, 0}}); err != nil {
		t.Fatal(err)
	}
	wellFormed(t, svg.String())
	for _, want := range []struct {
		in, what string
		count    int
	}{
		{svg.String(), `marker-end="url(#mc-arc)"`, 3}, {svg.String(), `<marker id="mc-arc"`, 1},
		{svg.String(), `<text class="mc-name"`, 1}, {svg.String(), `>paris</text>`, 1}, {svg.String(), `>ly</text>`, 1},
		{svg.String(), `>2</text>`, 1}, {svg.String(), `<title>paris</title>`, 1},
		{dot.String(), `p2 -> p0 [color=`, 1}, {dot.String(), `p0 -> p1 [color=`, 1}, {dot.String(), `dir=none`, 0},
		{dot.String(), `label="paris"`, 1},
	} {
		if got := strings.Count(want.in, want.what); got != want.count {
			t.Errorf("%q appears %d times, want %d", want.what, got, want.count)
		}
	}
	both := func(p int) []int { return []int{(p + 2) % 3, (p + 1) % 3} }
	svg.Reset()
	if err := New(sch, both).SVG(&svg, Frame{State: model.State{0, 1, 0}}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(svg.String(), "mc-arc") {
		t.Error("a ring read both ways draws arcs")
	}
}
