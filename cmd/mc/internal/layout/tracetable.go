package layout

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/vbauerster/mpb/v8/cwriter"
)

// A trace table fits the width of the terminal, or 100 columns when the output is not one:
// a step where many processes move, or a long list of enabled processes, wraps within its
// column; a table whose variables alone are wider is cut into panels of columns, one under
// the other, each with the configurations' numbers. --json and the HTML report keep every
// cell whole.

// DefaultWidth is the width of a trace table written to a file or a pipe.
const DefaultWidth = 100

// Width is the width of w: its terminal's, or DefaultWidth.
func Width(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !cwriter.IsTerminal(int(f.Fd())) {
		return DefaultWidth
	}
	if width, _, err := cwriter.GetSize(int(f.Fd())); err == nil && width >= 40 {
		return width
	}
	return DefaultWidth
}

// The narrowest the step and enabled columns get when a table is cut to fit.
const (
	minStepWidth    = 20
	minEnabledWidth = 14
)

// TraceTable is a trace's rows to write: the header, then a row a configuration. Column 0 is
// the configuration's number, 1 the step, the last the enabled processes when enabled is
// set, the others the variables.
type TraceTable struct {
	Rows    [][]string
	Enabled bool
}

// Write writes the table in width columns, in as many panels as its variables need.
func (t *TraceTable) Write(w io.Writer, width int) {
	widths := make([]int, len(t.Rows[0]))
	for _, row := range t.Rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	if tableWidth(widths) <= width {
		for _, row := range t.Rows {
			fmt.Fprintln(w, FormatRow(widths, row))
		}
		return
	}
	for i, panel := range t.panels(widths, width) {
		if i > 0 {
			fmt.Fprintln(w)
		}
		t.writePanel(w, panel)
	}
}

// tableWidth is the width of a row of cells of these widths, as FormatRow writes it.
func tableWidth(widths []int) int {
	n := 1
	for _, w := range widths {
		n += w + 1
	}
	return n
}

// panel is a set of columns written together: their indexes and widths, the wrapped ones
// (step, enabled) cut to the width they get.
type panel struct {
	cols   []int
	widths []int
}

// panels cuts the columns into panels of at most width: the step and enabled columns
// narrowed to what the variables leave them, in one panel; or, when the variables need more
// than one, to a third and a quarter of the width, the first panel with the step, the last
// with the enabled processes, each with the configurations' numbers.
func (t *TraceTable) panels(widths []int, width int) []panel {
	last, end := len(widths)-1, len(widths)
	stepW, enW := widths[1], 0
	if t.Enabled {
		end, enW = last, widths[last]
	}
	room := width - tableWidth(widths[:1]) - tableWidth(widths[2:end]) // less the step's separator, plus one
	if t.Enabled {
		room-- // and the enabled column's
	}
	if room >= min(stepW, minStepWidth)+min(enW, minEnabledWidth) {
		enW = min(enW, max(minEnabledWidth, room/3))
		stepW = min(stepW, room-enW)
		if t.Enabled {
			enW = min(widths[last], room-stepW)
		}
		return []panel{t.panel(widths, 2, end, stepW, enW, true, t.Enabled)}
	}
	stepW = min(stepW, max(minStepWidth, width/3))
	enW = min(enW, max(minEnabledWidth, width/4))
	var out []panel
	for from := 2; from < end; {
		used := tableWidth(widths[:1]) + widths[from] + 1
		if from == 2 {
			used += stepW + 1
		}
		to := from + 1
		for to < end && used+widths[to]+1 <= width {
			used += widths[to] + 1
			to++
		}
		if to == end && t.Enabled && used+enW+1 > width && to-from > 1 {
			to-- // the last variable goes to a panel of its own, with the enabled processes
		}
		out = append(out, t.panel(widths, from, to, stepW, enW, from == 2, t.Enabled && to == end))
		from = to
	}
	return out
}

// panel is the panel of the number, the step (withStep), the variables from..to-1 and the
// enabled processes (withEnabled), the step and enabled columns stepW and enW wide.
func (t *TraceTable) panel(widths []int, from, to, stepW, enW int, withStep, withEnabled bool) panel {
	p := panel{cols: []int{0}, widths: []int{widths[0]}}
	if withStep {
		p.cols, p.widths = append(p.cols, 1), append(p.widths, stepW)
	}
	for c := from; c < to; c++ {
		p.cols = append(p.cols, c)
		p.widths = append(p.widths, widths[c])
	}
	if withEnabled {
		p.cols = append(p.cols, len(widths)-1)
		p.widths = append(p.widths, enW)
	}
	return p
}

// writePanel writes p's columns of every row, a cell too wide for its column wrapped over
// the lines under it.
func (t *TraceTable) writePanel(w io.Writer, p panel) {
	last := len(t.Rows[0]) - 1
	for _, row := range t.Rows {
		cells := make([][]string, len(p.cols))
		height := 1
		for i, c := range p.cols {
			cells[i] = wrapCell(row[c], p.widths[i], c == 1)
			height = max(height, len(cells[i]))
		}
		for line := range height {
			var b strings.Builder
			b.WriteString(" ")
			for i, c := range p.cols {
				text := ""
				if line < len(cells[i]) {
					text = cells[i][line]
				}
				if c == 1 || c == last { // as WriteTable: the step and the last column left-aligned
					fmt.Fprintf(&b, " %-*s", p.widths[i], text)
				} else {
					fmt.Fprintf(&b, " %*s", p.widths[i], text)
				}
			}
			fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		}
	}
}

// wrapCell cuts a cell into lines of at most width runes: a step at the commas between its
// moves, then at spaces; a word longer than a line is cut.
func wrapCell(cell string, width int, step bool) []string {
	if utf8.RuneCountInString(cell) <= width || width < 1 {
		return []string{cell}
	}
	var words []string
	if step {
		for _, mv := range strings.SplitAfter(cell, ", ") {
			words = append(words, strings.TrimSuffix(mv, " "))
		}
	} else {
		words = strings.Fields(cell)
	}
	return FillLines(words, width)
}
