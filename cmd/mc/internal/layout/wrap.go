package layout

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Human output fits the width it is written in (Width: a terminal's, or 100): a long line
// is broken at spaces, its continuation indented under where its text began.

// FillLines puts words on lines of at most width runes, a space between two on one line.
func FillLines(words []string, width int) []string {
	var lines []string
	cur := ""
	for _, word := range words {
		for utf8.RuneCountInString(word) > width { // cut a word that no line holds
			r := []rune(word)
			if cur != "" {
				lines, cur = append(lines, cur), ""
			}
			lines, word = append(lines, string(r[:width])), string(r[width:])
		}
		switch {
		case cur == "":
			cur = word
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= width:
			cur += " " + word
		default:
			lines, cur = append(lines, cur), word
		}
	}
	return append(lines, cur)
}

// WriteWrapped writes text in lines of at most width, the first after lead and the others
// indented as deep: a verdict's detail under its own column, a note inside its parenthesis.
func WriteWrapped(w io.Writer, lead, text string, width int) {
	WriteHanging(w, lead, strings.Repeat(" ", utf8.RuneCountInString(lead)), text, width)
}

// WriteHanging writes text in lines of at most width, the first after lead and the others
// after indent; width 0 writes it on one line (the HTML report, which wraps by itself). Text
// that leaves less than minLine beside the indent still gets minLine: a line a little too
// long reads better than a column of single words.
func WriteHanging(w io.Writer, lead, indent, text string, width int) {
	if width <= 0 || text == "" || utf8.RuneCountInString(lead)+utf8.RuneCountInString(text) <= width {
		fmt.Fprintln(w, strings.TrimRight(lead+text, " "))
		return
	}
	if utf8.RuneCountInString(lead)+minLine > width { // no room beside the lead: the text under it
		fmt.Fprintln(w, strings.TrimRight(lead, " "))
		lead = indent
	}
	first := max(width-utf8.RuneCountInString(lead), minLine)
	words := strings.Fields(text)
	lines := FillLines(words, first)
	fmt.Fprintln(w, lead+lines[0])
	rest := strings.Join(words, " ")[len(lines[0]):] // what the first line left
	for _, line := range FillLines(strings.Fields(rest), max(width-utf8.RuneCountInString(indent), minLine)) {
		if line != "" {
			fmt.Fprintln(w, indent+line)
		}
	}
}

// minLine is the narrowest a wrapped line gets.
const minLine = 30
