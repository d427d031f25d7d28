package app

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// Columns line up when values are runes of several bytes, such as ⊥: widths count runes.
func TestTableWidthsCountRunes(t *testing.T) {
	var b bytes.Buffer
	writeTable(&b, [][]string{{"#", "step", "p0", "enabled"}, {"0", "", "⊥", "P0"}, {"1", "P0 send", "[v]", "P1"}})
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
