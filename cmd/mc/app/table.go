package app

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/models"
)

// writeTable writes rows in columns: the second and the last left-aligned, the others
// right-aligned. Widths count runes, as fmt pads by runes: a value such as ⊥ is one column.
func writeTable(w io.Writer, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		fmt.Fprintln(w, formatRow(widths, row))
	}
}

// formatRow writes one row in columns of the given widths, as writeTable does.
func formatRow(widths []int, row []string) string {
	var b strings.Builder
	b.WriteString(" ")
	for i, cell := range row {
		if i == 1 || i == len(row)-1 {
			fmt.Fprintf(&b, " %-*s", widths[i], cell)
		} else {
			fmt.Fprintf(&b, " %*s", widths[i], cell)
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// formatParams writes parameter values in the order the model declares them.
func formatParams(name string, p map[string]int) string {
	var parts []string
	if e, err := models.Lookup(name); err == nil {
		for _, prm := range e.Params {
			if v, ok := p[prm.Name]; ok {
				parts = append(parts, fmt.Sprintf("%s=%s", prm.Name, prm.Format(v)))
			}
		}
	}
	return strings.Join(parts, " ")
}

// group writes n with thousands separators.
func group(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// counted writes a count and its noun, singular for one: "1 step", "3 steps".
func counted[N plural.Integer](n N, noun string) string { return plural.Count(n, noun) }

// groupCounted writes a count with thousands separators and its noun: "1,306,800 states".
func groupCounted(n uint64, noun string) string { return group(n) + " " + plural.Noun(n, noun) }
