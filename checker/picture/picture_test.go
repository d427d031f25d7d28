package picture

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

var update = flag.Bool("update", false, "rewrite the golden pictures under testdata/")

// ring is the neighbourhood of a ring of n (each process reads both sides).
func ring(n int) func(int) []int {
	return func(p int) []int { return []int{(p + n - 1) % n, (p + 1) % n} }
}

func grid(rows, cols int) func(int) []int {
	return func(p int) []int {
		r, c := p/cols, p%cols
		var out []int
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < rows && cc >= 0 && cc < cols {
				out = append(out, rr*cols+cc)
			}
		}
		return out
	}
}

func plain(t *testing.T, n int) *model.Schema {
	t.Helper()
	b := model.NewBuilder(n)
	for p := range n {
		b.Var("x"+string(rune('0'+p)), model.Owner(p), model.Range(3))
	}
	s, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRingIsACircleFromTheTopClockwise(t *testing.T) {
	for n := 3; n <= 9; n++ {
		if n == 4 {
			continue // a square, read as a grid: TestSquaresAreSquares
		}
		sc := New(plain(t, n), ring(n))
		cx, cy := centroid(sc.pos)
		r0 := math.Hypot(sc.pos[0].X-cx, sc.pos[0].Y-cy)
		for p, pt := range sc.pos {
			if r := math.Hypot(pt.X-cx, pt.Y-cy); math.Abs(r-r0) > 0.02*r0 {
				t.Errorf("n=%d: process %d is %.3f from the centre, process 0 %.3f", n, p, r, r0)
			}
		}
		if math.Abs(sc.pos[0].X-cx) > 1e-6 || sc.pos[0].Y > cy {
			t.Errorf("n=%d: process 0 at %v is not at the top of centre (%.2f, %.2f)", n, sc.pos[0], cx, cy)
		}
		if sc.pos[1].X <= sc.pos[0].X {
			t.Errorf("n=%d: process 1 at %v is not clockwise of process 0 at %v", n, sc.pos[1], sc.pos[0])
		}
	}
}

func TestGridIsAGrid(t *testing.T) {
	sc := New(plain(t, 6), grid(2, 3))
	for p, pt := range sc.pos {
		r, c := p/3, p%3
		if math.Abs(pt.Y-sc.pos[c].Y) > 0.05 && r == 0 || math.Abs(pt.Y-sc.pos[3+c].Y) > 0.05 && r == 1 {
			t.Errorf("process %d at %v is off its row", p, pt)
		}
		if math.Abs(pt.X-sc.pos[c].X) > 0.1 {
			t.Errorf("process %d at %v is off the column of process %d at %v", p, pt, c, sc.pos[c])
		}
	}
	if !(sc.pos[0].X < sc.pos[1].X && sc.pos[1].X < sc.pos[2].X && sc.pos[0].Y < sc.pos[3].Y) {
		t.Errorf("the grid is not read left to right, top to bottom: %v", sc.pos)
	}
}

// A ring of four, a 3×3 and a 4×4 grid are squares with their sides along the axes, process 0
// at the top left and process 1 to its right, not diamonds.
func TestSquaresAreSquares(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		nb   func(int) []int
		side int // processes along a side
	}{{"ring of 4", 4, ring(4), 2}, {"3×3 grid", 9, grid(3, 3), 3}, {"4×4 grid", 16, grid(4, 4), 4}} {
		sc := New(plain(t, c.n), c.nb)
		xs, ys := map[int]bool{}, map[int]bool{}
		for _, p := range sc.pos {
			xs[int(math.Round(p.X*10))], ys[int(math.Round(p.Y*10))] = true, true
		}
		if len(xs) != c.side || len(ys) != c.side {
			t.Errorf("%s: %d columns and %d rows, want %d each: %v", c.name, len(xs), len(ys), c.side, sc.pos)
		}
		p0, p1 := sc.pos[0], sc.pos[1]
		for _, p := range sc.pos {
			if p.X < p0.X-1e-6 || p.Y < p0.Y-1e-6 {
				t.Errorf("%s: process 0 at %v is not at the top left (a process at %v)", c.name, p0, p)
			}
		}
		if math.Abs(p1.Y-p0.Y) > 1e-3 || p1.X <= p0.X {
			t.Errorf("%s: process 1 at %v is not right of process 0 at %v", c.name, p1, p0)
		}
	}
}

// No two processes of a complete graph are drawn closer than their circles allow.
func TestDenseGraphsDoNotOverlap(t *testing.T) {
	for _, n := range []int{8, 32, 64} {
		all := func(p int) []int {
			var out []int
			for q := range n {
				if q != p {
					out = append(out, q)
				}
			}
			return out
		}
		sc := New(plain(t, n), all)
		for i := range sc.pos {
			for j := i + 1; j < n; j++ {
				if d := math.Hypot(sc.pos[i].X-sc.pos[j].X, sc.pos[i].Y-sc.pos[j].Y) * sc.hop; d < 2*radius+8 {
					t.Fatalf("complete(%d): processes %d and %d are %.1f px apart", n, i, j, d)
				}
			}
		}
	}
}

func TestPathIsALineAndLoneProcessesGoBeneath(t *testing.T) {
	path := func(p int) []int {
		if p == 4 { // a clock that reads nobody
			return nil
		}
		var out []int
		if p > 0 {
			out = append(out, p-1)
		}
		if p < 3 {
			out = append(out, p+1)
		}
		return out
	}
	sc := New(plain(t, 5), path)
	for p := 1; p < 4; p++ {
		if math.Abs(sc.pos[p].Y-sc.pos[0].Y) > 1e-3 || math.Abs(sc.pos[p].X-sc.pos[p-1].X-1) > 0.02 {
			t.Errorf("process %d at %v does not follow process %d at %v one unit to the right", p, sc.pos[p], p-1, sc.pos[p-1])
		}
	}
	if sc.pos[4].Y <= sc.pos[0].Y {
		t.Errorf("the lone process at %v is not beneath the path", sc.pos[4])
	}
}

// pointerScene is a star of 4 whose leaves point at the centre, with one channel each way
// between the centre and process 1 and a global variable.
func pointerScene(t *testing.T) (*Scene, model.State) {
	t.Helper()
	b := model.NewBuilder(4)
	star := func(p int) []int {
		if p == 0 {
			return []int{1, 2, 3}
		}
		return []int{0}
	}
	for p := range 4 {
		targets := append([]int{p}, star(p)...)
		names := make([]string, len(targets))
		for i, q := range targets {
			names[i] = string(rune('0' + q))
		}
		b.Pointer("p"+string(rune('0'+p)), model.Owner(p), model.Enum(names...), targets)
	}
	channel.Declare(b, "c0>1", 0, 1, model.Enum("-", "find", "find,find"))
	channel.Declare(b, "c1>0", 1, 0, model.Enum("-", "find"))
	b.Var("turn", model.Global, model.Range(4))
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	// the leaves point at the centre (value 1, their only neighbour), the centre at itself;
	// c0>1 holds "find,find", c1>0 is empty
	return New(sch, star), model.State{0, 1, 1, 1, 2, 0, 3}
}

func TestSVGShowsProcessesLinksPointersAndMessages(t *testing.T) {
	sc, s := pointerScene(t)
	prev := s.Clone()
	prev[1] = 0
	var buf bytes.Buffer
	f := Frame{State: s, Prev: prev, Enabled: []bool{true, false, true, false}, Moved: []bool{false, true, false, false}, Title: "a <title> & more"}
	if err := sc.SVG(&buf, f); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	wellFormed(t, out)
	for _, want := range []struct {
		what  string
		count int
	}{
		{`<g class="mc-proc`, 4}, {`class="mc-link"`, 3}, {`class="mc-ptr"`, 3}, {`class="mc-msg"`, 1},
		{`mc-proc enabled"`, 2}, {`mc-proc moved"`, 1}, {`class="mc-chg"`, 1}, {">find,find<", 1}, {"turn=", 1},
		{"a &lt;title&gt; &amp; more", 1},
	} {
		if got := strings.Count(out, want.what); got != want.count {
			t.Errorf("%q appears %d times, want %d", want.what, got, want.count)
		}
	}
}

func TestDrawingIsDeterministic(t *testing.T) {
	sc, s := pointerScene(t)
	other, _ := pointerScene(t)
	var a, b bytes.Buffer
	if err := sc.SVG(&a, Frame{State: s}); err != nil {
		t.Fatal(err)
	}
	if err := other.SVG(&b, Frame{State: s}); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Fatal("two scenes of the same schema draw different pictures")
	}
}

// TestGolden holds the SVG and DOT of the pointer scene; go test ./checker/picture -update
// rewrites them.
func TestGolden(t *testing.T) {
	sc, s := pointerScene(t)
	f := Frame{State: s, Enabled: []bool{true, false, false, false}, Moved: []bool{false, true, false, false}, Title: "star of 4"}
	for _, g := range []struct {
		name string
		draw func(io.Writer, Frame) error
	}{{"star4.svg", sc.SVG}, {"star4.dot", sc.DOT}} {
		var buf bytes.Buffer
		if err := g.draw(&buf, f); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", g.name)
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -update writes it)", err)
		}
		if buf.String() != string(want) {
			t.Errorf("%s differs from %s (go test -update rewrites it):\n%s", g.name, path, buf.String())
		}
	}
}

func wellFormed(t *testing.T, doc string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
	}
}

// Names carry anything a topology file's labels or a protocol's enumerations may: the SVG
// stays well-formed XML, DOT gets & as an entity, a fault is marked apart from moves, a long
// value is cut, and a scene of no process draws an empty picture.
func TestHostileNamesFaultsAndEmptyScenes(t *testing.T) {
	b := model.NewBuilder(2)
	long := strings.Repeat("w", 200)
	b.Var("a\x01<&>\"'", 0, model.Enum("</script>", "x&amp;y", long))
	b.Var("b", 1, model.Range(2))
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	sc := New(sch, func(p int) []int { return []int{1 - p} })
	for v := range 3 {
		f := Frame{State: model.State{byte(v), 0}, Faulted: []bool{true, false}, Title: "t\x02"}
		var svg, dot bytes.Buffer
		if err := sc.SVG(&svg, f); err != nil {
			t.Fatal(err)
		}
		wellFormed(t, svg.String())
		if err := sc.DOT(&dot, f); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(svg.String(), `mc-proc faulted"`) || strings.Contains(svg.String(), `mc-proc moved`) {
			t.Errorf("value %d: the fault is not marked apart from moves", v)
		}
		if v == 1 && !strings.Contains(dot.String(), "x&amp;amp;y") {
			t.Errorf("DOT keeps & raw:\n%s", dot.String())
		}
		if v == 2 && (strings.Contains(svg.String(), long) || !strings.Contains(svg.String(), "…")) {
			t.Error("a 200-character value is drawn whole")
		}
	}
	empty, err := model.NewSchema(0)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := New(empty, nil).SVG(&buf, Frame{}); err != nil || strings.Contains(buf.String(), "Inf") || strings.Contains(buf.String(), "NaN") {
		t.Fatalf("no process: %v\n%s", err, buf.String())
	}
	wellFormed(t, buf.String())
}
