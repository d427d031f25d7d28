package topology

import (
	"fmt"
	"unicode/utf8"
)

// gonum's syntax tree keeps no places, and its parser refuses a directed edge in a graph
// without one; Graphviz refuses an undirected edge in a digraph, which gonum accepts. Both are
// refused here at the first edge operator of the wrong kind, found by a scan of the text that
// skips what gonum's lexer skips or reads whole: comments (//, /* */, and # to the end of
// the line), quoted strings and HTML labels.

// edgeKindError is the error for the first op ("--" in a digraph, "->" in a graph) of data.
func edgeKindError(data []byte, op string) error {
	what := "a -- b is an undirected edge, and a digraph's are directed (a -> b)"
	if op == "->" {
		what = "a -> b is a directed edge, and a graph's are undirected (a -- b)"
	}
	line, col, ok := findEdgeOp(data, op)
	if !ok {
		return fmt.Errorf("%s", what)
	}
	return fmt.Errorf("line %d, column %d: %s", line, col, what)
}

// findEdgeOp is the line and column (in characters, from 1) of the first edge operator op of
// a Graphviz text outside comments, strings and HTML labels.
func findEdgeOp(data []byte, op string) (line, col int, ok bool) {
	line, col = 1, 1
	for i := 0; i < len(data); {
		skip := tokenLength(data[i:])
		if skip == 0 && i+1 < len(data) && data[i] == '-' && (data[i+1] == '-' || data[i+1] == '>') {
			if string(data[i:i+2]) == op {
				return line, col, true
			}
			skip = 2
		}
		if skip == 0 {
			_, skip = utf8.DecodeRune(data[i:])
		}
		for _, r := range string(data[i : i+skip]) {
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		i += skip
	}
	return 0, 0, false
}

// tokenLength is the length of the comment, quoted string or HTML label data starts with, or
// 0 if it starts with none (an unterminated one runs to the end).
func tokenLength(data []byte) int {
	switch {
	case len(data) >= 2 && data[0] == '/' && data[1] == '/', len(data) >= 1 && data[0] == '#':
		return lengthTo(data, 1, "\n")
	case len(data) >= 2 && data[0] == '/' && data[1] == '*':
		return lengthTo(data, 2, "*/")
	case len(data) >= 1 && data[0] == '"':
		for i := 1; i < len(data); i++ {
			switch data[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			}
		}
		return len(data)
	case len(data) >= 1 && data[0] == '<':
		depth := 0
		for i, b := range data {
			switch b {
			case '<':
				depth++
			case '>':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(data)
	}
	return 0
}

// lengthTo is the length of data up to and including the first end at or after from (all of
// it if there is none).
func lengthTo(data []byte, from int, end string) int {
	for i := from; i+len(end) <= len(data); i++ {
		if string(data[i:i+len(end)]) == end {
			return i + len(end)
		}
	}
	return len(data)
}
