package picture

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// DOT writes the picture of f as a Graphviz graph with the scene's positions pinned
// (pos="x,y!" in points), so that `neato -n2 -Tsvg` draws it as SVG does. Links are plain
// edges, or grey arrows from the process read to its reader where only one end reads, pointers blue arrows, messages in transit the labels of dashed arrows along their
// channel, enabled processes green, moved ones orange.
func (sc *Scene) DOT(w io.Writer, f Frame) error {
	bw := bufio.NewWriter(w)
	_, height, at := sc.canvas()
	bw.WriteString("digraph configuration {\n  graph [splines=true, outputorder=edgesfirst")
	if f.Title != "" {
		fmt.Fprintf(bw, ", label=%s, labelloc=t", quote(f.Title))
	}
	bw.WriteString("];\n  node [shape=circle, style=filled, fillcolor=white, fontname=monospace, fontsize=11];\n")
	for p := range sc.pos {
		c := at(p)
		fill, pen := "white", "1"
		switch {
		case f.faulted(p):
			fill, pen = "#fed7d7", "3"
		case f.moved(p):
			fill, pen = "#ffb454", "3"
		case f.enabled(p):
			fill = "#c6f6c6"
		}
		fmt.Fprintf(bw, "  p%d [label=%s, xlabel=%s, pos=\"%.0f,%.0f!\", fillcolor=%q, penwidth=%s];\n",
			p, quote(sc.label(p)), quote(sc.varLines(f, p)), c.X, height-c.Y, fill, pen)
	}
	for _, l := range sc.links {
		if from, to, arc := l.arc(); arc {
			fmt.Fprintf(bw, "  p%d -> p%d [color=\"#7b8794\"];\n", from, to)
		} else {
			fmt.Fprintf(bw, "  p%d -> p%d [dir=none, color=\"#9aa5b1\"];\n", l.A, l.B)
		}
		sc.dotMessage(bw, f, l.A, l.B, l.ab)
		sc.dotMessage(bw, f, l.B, l.A, l.ba)
	}
	for _, ptr := range sc.pointers(f.State) {
		fmt.Fprintf(bw, "  p%d -> p%d [color=\"#2b6cb0\", penwidth=2, tooltip=%s];\n", ptr.from, ptr.to, quote(ptr.name))
	}
	if len(sc.shared) > 0 {
		var lines []string
		for _, v := range sc.shared {
			lines = append(lines, sc.varLine(f, v))
		}
		fmt.Fprintf(bw, "  shared [shape=box, label=%s, pos=\"60,%.0f!\"];\n", quote(strings.Join(lines, "\n")), 12*float64(len(lines)))
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// varLines are p's variables as name=value lines, a changed value marked with a star.
func (sc *Scene) varLines(f Frame, p int) string {
	var lines []string
	for _, v := range sc.owned[p] {
		lines = append(lines, sc.varLine(f, v))
	}
	return strings.Join(lines, "\n")
}

// varLine is name=value, starred when the step changed it.
func (sc *Scene) varLine(f Frame, v int) string {
	if f.changed(v) {
		return sc.short[v] + "=" + sc.value(f, v) + "*"
	}
	return sc.short[v] + "=" + sc.value(f, v)
}

func (sc *Scene) dotMessage(w *bufio.Writer, f Frame, from, to int, vars []int) {
	if text := sc.messages(f.State, vars); text != "" {
		fmt.Fprintf(w, "  p%d -> p%d [style=dashed, color=\"#d69e2e\", label=%s];\n", from, to, quote(text))
	}
}

// quote is a DOT string: Go's quoting escapes what DOT needs (quotes, backslashes) and
// writes a newline as \n, which DOT reads as a centred line break; & is written &amp;, since
// Graphviz reads entities (&lt;) in labels.
func quote(s string) string { return strconv.Quote(strings.ReplaceAll(s, "&", "&amp;")) }
