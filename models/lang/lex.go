package lang

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pos is a place in a source file: 1-based line and column (in runes).
type Pos struct {
	Line, Col int
}

// Kind is a token's kind.
type Kind int

const (
	EOF Kind = iota
	Word
	Number
	String
	Punct // operators and punctuation: Text says which
)

// Token is one lexeme with its place.
type Token struct {
	Kind Kind
	Text string
	Pos  Pos
}

func (t Token) String() string {
	switch t.Kind {
	case EOF:
		return "the end of the file"
	case String:
		return fmt.Sprintf("the string %q", t.Text)
	}
	return fmt.Sprintf("%q", t.Text)
}

// Error is a syntax or meaning error at a place of a file, printed as
// "file:line:col: message" followed by the line and a caret under the column.
type Error struct {
	File string
	Pos  Pos
	Msg  string
	Line string // the source line, for the caret
}

func (e *Error) Error() string {
	head := fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Col, e.Msg)
	if e.Line == "" {
		return head
	}
	line, col := excerpt([]rune(e.Line), min(e.Pos.Col-1, utf8.RuneCountInString(e.Line)))
	pad := strings.Map(func(r rune) rune {
		if r == '\t' {
			return '\t'
		}
		return ' '
	}, string(line[:col]))
	return head + "\n\t" + string(line) + "\n\t" + pad + "^"
}

// shownAround is how many characters of a long line an error shows on each side of its column.
const shownAround = 60

// excerpt is the part of a long line an error shows around column col (counted from 0), with
// "…" where it is cut, and the column within it: a generated line of 100,000 parentheses
// would otherwise be printed whole, twice.
func excerpt(line []rune, col int) ([]rune, int) {
	lo, hi := max(col-shownAround, 0), min(col+shownAround, len(line))
	out := append([]rune(nil), line[lo:hi]...)
	if lo > 0 {
		out, col = append([]rune("…"), out...), col-lo+1
	}
	if hi < len(line) {
		out = append(out, '…')
	}
	return out, col
}

// puncts are the operators, longest first so that ":=" wins over ":".
var puncts = []string{":=", "->", "..", "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", "{", "}",
	",", ":", "+", "-", "*", "/", "%", "<", ">", "!", "="}

// lexer turns a source into tokens.
type lexer struct {
	file  string
	src   string
	lines []string
	off   int
	pos   Pos
}

func newLexer(file, src string) *lexer {
	return &lexer{file: file, src: src, lines: strings.Split(src, "\n"), pos: Pos{1, 1}}
}

func (l *lexer) errorf(p Pos, format string, args ...any) *Error {
	e := &Error{File: l.file, Pos: p, Msg: fmt.Sprintf(format, args...)}
	if p.Line-1 < len(l.lines) {
		e.Line = strings.TrimRight(l.lines[p.Line-1], "\r")
	}
	return e
}

func (l *lexer) advance(n int) {
	for _, r := range l.src[l.off : l.off+n] {
		if r == '\n' {
			l.pos.Line, l.pos.Col = l.pos.Line+1, 1
		} else {
			l.pos.Col++
		}
	}
	l.off += n
}

// skip passes over white space and comments (// to the end of the line).
func (l *lexer) skip() {
	for l.off < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.off:])
		switch {
		case unicode.IsSpace(r):
			l.advance(size)
		case strings.HasPrefix(l.src[l.off:], "//"):
			end := strings.IndexByte(l.src[l.off:], '\n')
			if end < 0 {
				end = len(l.src) - l.off
			}
			l.advance(end)
		default:
			return
		}
	}
}

// next is the next token, or an error for a character no token starts with.
func (l *lexer) next() (Token, error) {
	l.skip()
	start := l.pos
	if l.off >= len(l.src) {
		return Token{Kind: EOF, Pos: start}, nil
	}
	rest := l.src[l.off:]
	r, size := utf8.DecodeRuneInString(rest)
	switch {
	case r == utf8.RuneError && size == 1:
		return Token{}, l.errorf(start, "the file is not UTF-8 here")
	case unicode.IsLetter(r) || r == '_' || r == '⊥':
		n := 0
		for n < len(rest) {
			c, s := utf8.DecodeRuneInString(rest[n:])
			if !(unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_' || c == '⊥' || c == '\'') {
				break
			}
			n += s
		}
		l.advance(n)
		return Token{Kind: Word, Text: rest[:n], Pos: start}, nil
	case r >= '0' && r <= '9':
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n > 9 {
			return Token{}, l.errorf(start, "the number %s is too large (at most 9 digits)", rest[:n])
		}
		l.advance(n)
		return Token{Kind: Number, Text: rest[:n], Pos: start}, nil
	case r == '"':
		end := strings.IndexAny(rest[1:], "\"\n")
		if end < 0 || rest[1+end] != '"' {
			return Token{}, l.errorf(start, "a string that does not end on its line")
		}
		l.advance(end + 2)
		return Token{Kind: String, Text: rest[1 : 1+end], Pos: start}, nil
	}
	for _, p := range puncts {
		if strings.HasPrefix(rest, p) {
			l.advance(len(p))
			return Token{Kind: Punct, Text: p, Pos: start}, nil
		}
	}
	return Token{}, l.errorf(start, "unexpected character %q", r)
}
