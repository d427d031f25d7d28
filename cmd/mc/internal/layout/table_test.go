package layout

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// Columns line up when values are runes of several bytes, such as ⊥: widths count runes.
func TestTableWidthsCountRunes(t *testing.T) {
	var b bytes.Buffer
	WriteTable(&b, [][]string{{"#", "step", "p0", "enabled"}, {"0", "", "⊥", "P0"}, {"1", "P0 send", "[v]", "P1"}})
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	want := []string{
		"  # step     p0 enabled",
		"  0           ⊥ P0",
		"  1 P0 send [v] P1",
	}
	for i, line := range lines {
		if line != want[i] {
			t.Errorf("line %d: %q, want %q", i, line, want[i])
		}
	}
	if utf8.RuneCountInString(lines[1]) != utf8.RuneCountInString(lines[2]) {
		t.Errorf("the rows are not aligned:\n%s", b.String())
	}
}

// A trace table too wide for its output is cut to fit: a step of many moves wraps at its
// commas within its column, and variables that need more than the width go to panels under
// the first, each with the configurations' numbers. Every cell is still written whole.
func TestTraceTableFitsWidth(t *testing.T) {
	header := []string{"#", "step"}
	row := []string{"1", "P0 increment, P1 copy, P2 copy, P3 copy, P4 copy, P5 copy"}
	for v := range 12 {
		header = append(header, "var"+strings.Repeat("x", v))
		row = append(row, "[value]")
	}
	header, row = append(header, "enabled"), append(row, "P0 P1 P2 P3 P4 P5")
	var b bytes.Buffer
	(&TraceTable{Rows: [][]string{header, {"0", "", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "P0"}, row}, Enabled: true}).Write(&b, 60)
	text := b.String()
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if utf8.RuneCountInString(line) > 60 {
			t.Errorf("%d columns: %q", utf8.RuneCountInString(line), line)
		}
	}
	for _, want := range append(header, "P5 copy", "P0 increment,", "P3 P4") {
		if !strings.Contains(text, want) {
			t.Errorf("%q is not written:\n%s", want, text)
		}
	}
	if panels := strings.Count(text, "\n  #"); panels < 2 {
		t.Errorf("%d panels:\n%s", panels+1, text)
	}
	if got := Width(&b); got != DefaultWidth {
		t.Errorf("a buffer is %d columns wide, want %d", got, DefaultWidth)
	}
}
