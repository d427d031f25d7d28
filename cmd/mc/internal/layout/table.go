package layout

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// WriteTable writes rows in columns: the second and the last left-aligned, the others
// right-aligned.
func WriteTable(w io.Writer, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		fmt.Fprintln(w, FormatRow(widths, row))
	}
}

// FormatRow writes one row in columns of the given widths, as WriteTable does: a table
// written a row at a time (mc check --topology all) knows its widths beforehand.
func FormatRow(widths []int, row []string) string {
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
