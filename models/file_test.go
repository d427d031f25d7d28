package models

import "testing"

// mc list shows the whole paragraph a protocol file opens with, its citation unbroken: lines
// joined, a word split after a hyphen or a slash made whole, up to a blank line or the rules
// laid out as a table.
func TestOpeningParagraph(t *testing.T) {
	for src, want := range map[string]string{
		"// A ring: E. W. Dijkstra, \"Self-\n// stabilizing systems\", CACM 1974.\nprotocol x\n": `A ring: E. W. Dijkstra, "Self-stabilizing systems", CACM 1974.`,
		"// See example.org/a/\n// b.html and more\n//\n// a second paragraph\nprotocol x\n":     "See example.org/a/b.html and more",
		"// Rules of node i:\n//   R0  L(i) := 0\n// after the table\nprotocol x\n":              "Rules of node i.",
		"  // x - \n// y\nprotocol x\n":      "x - y",
		"protocol x // no opening comment\n": "",
	} {
		if got := openingParagraph(src); got != want {
			t.Errorf("%q: %q, want %q", src, got, want)
		}
	}
}
