package app

import (
	"io"

	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/cmd/mc/internal/layout"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
)

// writeTable and formatRow are layout's, under the names the run-building files use.
func writeTable(w io.Writer, rows [][]string) { layout.WriteTable(w, rows) }

func formatRow(widths []int, row []string) string { return layout.FormatRow(widths, row) }

// formatParams is summary.Params, under the name sweep.go uses.
func formatParams(name string, p map[string]int) string { return summary.Params(name, p) }

// group writes n with thousands separators.
func group(n uint64) string { return plural.Thousands(n) }

// counted writes a count and its noun, singular for one: "1 step", "3 steps".
func counted[N plural.Integer](n N, noun string) string { return plural.Count(n, noun) }

// groupCounted writes a count with thousands separators and its noun: "1,306,800 states".
func groupCounted(n uint64, noun string) string { return group(n) + " " + plural.Noun(n, noun) }
