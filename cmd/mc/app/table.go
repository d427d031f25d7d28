package app

import (
	"fmt"
	"io"
	"strings"

	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
	"github.com/mc-checker/mc/models"
)

// writeTable and formatRow are layout's, under the names the run-building files use.
func writeTable(w io.Writer, rows [][]string) { layout.WriteTable(w, rows) }

func formatRow(widths []int, row []string) string { return layout.FormatRow(widths, row) }

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
func group(n uint64) string { return plural.Thousands(n) }

// counted writes a count and its noun, singular for one: "1 step", "3 steps".
func counted[N plural.Integer](n N, noun string) string { return plural.Count(n, noun) }

// groupCounted writes a count with thousands separators and its noun: "1,306,800 states".
func groupCounted(n uint64, noun string) string { return group(n) + " " + plural.Noun(n, noun) }
