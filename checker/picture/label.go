package picture

import (
	"bufio"
	"fmt"
	"math"
	"strconv"
)

// inCircle is the most characters of a process's label drawn inside its circle; a longer
// name (paris, clock) is drawn beside it.
const inCircle = 3

// label is what process p is called in a picture: its number, or the name the schema gives
// it (a topology file's node name).
func (sc *Scene) label(p int) string {
	name := sc.schema.ProcName(p)
	if name == "P"+strconv.Itoa(p) {
		return strconv.Itoa(p)
	}
	return name
}

// procLabel writes process p's label, centred at c: inside its circle when short, else
// above it (below when its box of variables is above), on a halo that keeps it readable
// over a link. Either way a named process's tooltip gives its name.
func (sc *Scene) procLabel(w *bufio.Writer, p int, c point) {
	label := sc.label(p)
	if label != strconv.Itoa(p) {
		fmt.Fprintf(w, `<title>%s</title>`, xmlText(sc.schema.ProcName(p)))
	}
	if len([]rune(label)) <= inCircle {
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, c.X, c.Y+4, xmlText(label))
		return
	}
	y := c.Y - radius - 5
	if p < len(sc.side) && math.Sin(sc.side[p]) < -0.3 {
		y = c.Y + radius + 14
	}
	fmt.Fprintf(w, `<text class="mc-name" x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, c.X, y, xmlText(label))
}

// labelBox is the room process p's label takes around its centre when it is drawn beside
// the circle (0, 0: inside it).
func (sc *Scene) labelBox(p int) (halfWidth, height float64) {
	n := len([]rune(sc.label(p)))
	if n <= inCircle {
		return 0, 0
	}
	return float64(n)*charW/2 + 2, radius + 18
}

// namesBeside reports whether some label is drawn beside its circle.
func (sc *Scene) namesBeside() bool {
	for p := range sc.pos {
		if hw, _ := sc.labelBox(p); hw > 0 {
			return true
		}
	}
	return false
}
