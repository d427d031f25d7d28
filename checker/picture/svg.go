package picture

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
)

// Sizes of the drawing in pixels.
const (
	unit     = 140.0 // one hop of the layout, up to 16 processes (hopLength)
	radius   = 16.0
	lineStep = 14.0
	charW    = 7.3 // the width of a character of the 12px monospace font, to size boxes
)

// style is inlined in every SVG so that a file opened on its own looks as it does in the
// report. Enabled processes are green and moved ones orange, as in SASA's debugger.
const style = `.mc-link{stroke:#9aa5b1;stroke-width:2}` +
	`.mc-proc circle{fill:#fff;stroke:#3e4c59;stroke-width:2}` +
	`.mc-proc.enabled circle{fill:#c6f6c6;stroke:#2f855a}` +
	`.mc-proc.moved circle{fill:#ffb454;stroke:#c05621;stroke-width:3}` +
	`.mc-proc.faulted circle{fill:#fed7d7;stroke:#c53030;stroke-width:3;stroke-dasharray:4 2}` +
	`.mc-vars{fill:#f7f9fb;stroke:#cbd2d9}.mc-chg{fill:#c05621;font-weight:bold}` +
	`.mc-ptr{stroke:#2b6cb0;stroke-width:2;fill:none;marker-end:url(#mc-head)}` +
	`.mc-msg rect{fill:#fffbea;stroke:#d69e2e}.mc-title{font-weight:bold}` +
	`text{font-family:monospace;font-size:12px;fill:#1f2933}`

// SVG writes the picture of f as a standalone SVG document.
func (sc *Scene) SVG(w io.Writer, f Frame) error {
	bw := bufio.NewWriter(w)
	width, height, at := sc.canvas()
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" class="mc-config" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`,
		width, height, width, height)
	sc.defs(bw)
	if f.Title != "" {
		fmt.Fprintf(bw, `<text class="mc-title" x="8" y="18">%s</text>`, xmlText(f.Title))
	}
	for _, l := range sc.links {
		sc.link(bw, l, at)
	}
	for _, ptr := range sc.pointers(f.State) {
		a, b := at(ptr.from), at(ptr.to)
		a, b = shorten(a, b, radius+2)
		fmt.Fprintf(bw, `<path class="mc-ptr" d="M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f"><title>%s</title></path>`,
			a.X, a.Y, bend(a, b).X, bend(a, b).Y, b.X, b.Y, xmlText(ptr.name))
	}
	for p := range sc.pos {
		sc.proc(bw, f, p, at(p))
	}
	for _, l := range sc.links {
		sc.message(bw, f, at(l.A), at(l.B), l.ab)
		sc.message(bw, f, at(l.B), at(l.A), l.ba)
	}
	sc.caption(bw, f, height)
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// defs writes the style and the arrowheads: a pointer's, and a link's where some link is an
// arc. The style of labels beside their circle comes only with such labels.
func (sc *Scene) defs(w *bufio.Writer) {
	fmt.Fprintf(w, `<style>%s`, style)
	if sc.namesBeside() {
		w.WriteString(`.mc-name{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}`)
	}
	w.WriteString(`</style><defs><marker id="mc-head" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#2b6cb0"/></marker>`)
	if sc.directed() {
		w.WriteString(`<marker id="mc-arc" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0L10,5L0,10z" fill="#7b8794"/></marker>`)
	}
	w.WriteString(`</defs>`)
}

// link draws a link: a line between the circles' centres, or an arc from the process read
// to its reader, which stops at the reader's circle so that its arrowhead shows.
func (sc *Scene) link(w *bufio.Writer, l link, at func(int) point) {
	from, to, arc := l.arc()
	if !arc {
		a, b := at(l.A), at(l.B)
		fmt.Fprintf(w, `<line class="mc-link" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, a.X, a.Y, b.X, b.Y)
		return
	}
	a, b := shorten(at(from), at(to), radius+1)
	fmt.Fprintf(w, `<line class="mc-link" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" marker-end="url(#mc-arc)"/>`, a.X, a.Y, b.X, b.Y)
}

// canvas is the drawing's size and where each process stands on it: the layout scaled, and
// moved so that every circle and every box of variables (at its widest value) is inside.
func (sc *Scene) canvas() (width, height float64, at func(p int) point) {
	const pad = 12.0
	top := pad + 20 // room for the title
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x0, y0, x1, y1 float64) {
		minX, minY, maxX, maxY = math.Min(minX, x0), math.Min(minY, y0), math.Max(maxX, x1), math.Max(maxY, y1)
	}
	for p, pt := range sc.pos {
		c := point{pt.X * sc.hop, pt.Y * sc.hop}
		grow(c.X-radius-30, c.Y-radius-12, c.X+radius+30, c.Y+radius+12) // and the messages beside
		if hw, h := sc.labelBox(p); hw > 0 {
			grow(c.X-hw, c.Y-h, c.X+hw, c.Y+h)
		}
		if bw, bh := sc.boxSize(p); bw > 0 {
			x, y := boxAt(c, sc.side[p], bw, bh)
			grow(x, y, x+bw, y+bh)
		}
	}
	if len(sc.pos) == 0 {
		minX, minY, maxX, maxY = 0, 0, 0, 0
	}
	width = math.Max(maxX-minX+2*pad, 160)
	height = maxY - minY + top + pad + lineStep*float64(len(sc.shared))
	return width, height, func(p int) point {
		return point{sc.pos[p].X*sc.hop - minX + pad, sc.pos[p].Y*sc.hop - minY + top}
	}
}

// boxSize is the size of process p's box of variables at its widest values (0, 0: none).
func (sc *Scene) boxSize(p int) (w, h float64) {
	vars := sc.owned[p]
	if len(vars) == 0 {
		return 0, 0
	}
	wide := 0
	for _, v := range vars {
		d := sc.schema.Vars[v].Domain
		longest := len(strconv.Itoa(d.Size - 1))
		for _, name := range d.Names {
			longest = min(max(longest, len([]rune(name))), maxValue)
		}
		wide = max(wide, len([]rune(sc.short[v]))+1+longest)
	}
	return float64(wide)*charW + 8, float64(len(vars))*lineStep + 6
}

// proc draws process p: its circle, marked when enabled or moved, and its variables in a
// box beneath, the values that changed in the step highlighted.
func (sc *Scene) proc(w *bufio.Writer, f Frame, p int, c point) {
	class := "mc-proc"
	if f.enabled(p) {
		class += " enabled"
	}
	if f.moved(p) {
		class += " moved"
	}
	if f.faulted(p) {
		class += " faulted"
	}
	fmt.Fprintf(w, `<g class="%s" data-proc="%d"><circle cx="%.1f" cy="%.1f" r="%.0f"/>`, class, p, c.X, c.Y, radius)
	sc.procLabel(w, p, c)
	vars := sc.owned[p]
	if len(vars) > 0 {
		bw, bh := sc.boxSize(p)
		x, y := boxAt(c, sc.side[p], bw, bh)
		fmt.Fprintf(w, `<rect class="mc-vars" x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="3"/>`, x, y, bw, bh)
		for i, v := range vars {
			sc.variable(w, f, v, x+4, y+lineStep*float64(i+1)-1)
		}
	}
	w.WriteString("</g>")
}

// maxValue is the most characters of a value a picture shows; a longer one is cut, with an
// ellipsis (the report's table has it whole).
const maxValue = 24

func (sc *Scene) value(f Frame, v int) string {
	name := []rune(sc.schema.Vars[v].Domain.Name(f.State[v]))
	if len(name) > maxValue {
		return string(name[:maxValue-1]) + "…"
	}
	return string(name)
}

// message draws the messages in transit from a to b beside the line, on the sender's side
// of the middle and to the right of the direction of travel, so that the two directions of
// one link never overlap.
func (sc *Scene) message(w *bufio.Writer, f Frame, a, b point, vars []int) {
	text := sc.messages(f.State, vars)
	if text == "" {
		return
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	d := math.Max(math.Hypot(dx, dy), 1)
	mx, my := a.X+dx*0.42-dy/d*14, a.Y+dy*0.42+dx/d*14
	tw := float64(len([]rune(text)))*charW + 8
	fmt.Fprintf(w, `<g class="mc-msg"><rect x="%.1f" y="%.1f" width="%.1f" height="16" rx="8"/><text x="%.1f" y="%.1f" text-anchor="middle">%s</text></g>`,
		mx-tw/2, my-8, tw, mx, my+4, xmlText(text))
}

// caption lists the variables of nobody in particular (globals, the network's slots).
func (sc *Scene) caption(w *bufio.Writer, f Frame, height float64) {
	for i, v := range sc.shared {
		sc.variable(w, f, v, 8, height-lineStep*float64(len(sc.shared)-i)+4)
	}
}

// variable writes "name=value" at (x, y), the value highlighted when the step changed it.
func (sc *Scene) variable(w *bufio.Writer, f Frame, v int, x, y float64) {
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f">%s=`, x, y, xmlText(sc.short[v]))
	if f.changed(v) {
		fmt.Fprintf(w, `<tspan class="mc-chg">%s</tspan></text>`, xmlText(sc.value(f, v)))
	} else {
		fmt.Fprintf(w, `%s</text>`, xmlText(sc.value(f, v)))
	}
}

// xmlText escapes s for SVG text and drops what XML cannot hold (control characters a
// topology file's label may carry).
func xmlText(s string) string {
	return html.EscapeString(strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return '\uFFFD'
		}
		return r
	}, s))
}

// boxAt is the top-left corner of a w×h box beside a process centred at c, in direction
// angle: the box touches the circle's surroundings on that side.
func boxAt(c point, angle, w, h float64) (x, y float64) {
	sin, cos := math.Sincos(angle)
	return align(c.X+(radius+3)*cos, cos, w), align(c.Y+(radius+3)*sin, sin, h)
}

// align is where a box of the given size starts on one axis so that it lies beyond the
// anchor a in the direction along (its component on that axis), or is centred on a.
func align(a, along, size float64) float64 {
	switch {
	case along > 0.3:
		return a
	case along < -0.3:
		return a - size
	}
	return a - size/2
}

// shorten moves both ends of a segment inwards by r, to stop an arrow at a circle's edge.
func shorten(a, b point, r float64) (point, point) {
	dx, dy := b.X-a.X, b.Y-a.Y
	d := math.Hypot(dx, dy)
	if d <= 2*r {
		return a, b
	}
	ux, uy := dx/d*r, dy/d*r
	return point{a.X + ux, a.Y + uy}, point{b.X - ux, b.Y - uy}
}

// bend is the control point of an arrow from a to b: off the straight line, so that the
// arrow does not hide the link, and on opposite sides for the two directions.
func bend(a, b point) point {
	dx, dy := b.X-a.X, b.Y-a.Y
	return point{(a.X+b.X)/2 + dy*0.18, (a.Y+b.Y)/2 - dx*0.18}
}
