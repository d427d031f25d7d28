package lang

import (
	"fmt"
	"strconv"
)

// Parse reads a protocol file; the first error stops it.
func Parse(path, src string) (*File, error) {
	p := &parser{lx: newLexer(path, src), file: &File{Path: path, Src: src}, heights: map[Expr]int{},
		rules: map[string]Pos{}}
	if err := p.advance(); err != nil {
		return nil, err
	}
	first := p.tok
	for p.tok.Kind != EOF {
		if err := p.decl(); err != nil {
			return nil, err
		}
	}
	if first.Kind != Word || first.Text != "protocol" {
		// the name is what mc list and the reports call the file's protocol
		msg := "a protocol file must begin with protocol NAME, found " + first.String()
		if at := p.file.Protocol.Pos; p.file.Protocol.Name != "" {
			msg += fmt.Sprintf(" (the protocol declaration is at line %d)", at.Line)
		}
		return nil, p.errorf(first.Pos, "%s", msg)
	}
	return p.file, nil
}

type parser struct {
	lx      *lexer
	tok     Token
	file    *File
	depth   int            // the levels of nesting open (maxNesting)
	heights map[Expr]int   // each operator's height above its leaves, which are 0 (maxNesting)
	rules   map[string]Pos // each rule name's place: a second rule of the name is refused
}

func (p *parser) advance() error {
	t, err := p.lx.next()
	p.tok = t
	return err
}

// peek is the token after the current one, which stays current.
func (p *parser) peek() Token {
	copied := *p.lx
	t, err := copied.next()
	if err != nil {
		return Token{Kind: EOF, Pos: t.Pos}
	}
	return t
}

func (p *parser) errorf(at Pos, format string, args ...any) error {
	return p.lx.errorf(at, format, args...)
}

// expected is the error for the current token where something else was expected.
func (p *parser) expected(what string) error {
	return p.errorf(p.tok.Pos, "expected %s, found %s", what, p.tok)
}

func (p *parser) is(text string) bool {
	return (p.tok.Kind == Punct || p.tok.Kind == Word) && p.tok.Text == text
}

// accept consumes the token if it is text.
func (p *parser) accept(text string) (bool, error) {
	if !p.is(text) {
		return false, nil
	}
	return true, p.advance()
}

// expect consumes text or fails.
func (p *parser) expect(text string) error {
	if !p.is(text) {
		return p.expected(strconv.Quote(text))
	}
	return p.advance()
}

func (p *parser) ident(what string) (Ident, error) {
	if p.tok.Kind != Word || keywords[p.tok.Text] {
		return Ident{}, p.expected(what)
	}
	id := Ident{p.tok.Text, p.tok.Pos}
	return id, p.advance()
}

// keywords cannot name anything.
var keywords = map[string]bool{"protocol": true, "param": true, "topology": true, "var": true, "rule": true,
	"legitimate": true, "invariant": true, "action": true, "property": true, "characterise": true, "let": true, "check": true, "in": true, "where": true, "if": true, "then": true,
	"else": true, "and": true, "or": true, "not": true, "forall": true, "exists": true, "count": true, "sum": true,
	"min": true, "max": true, "argmin": true, "argmax": true}

// decl reads one declaration.
func (p *parser) decl() error {
	if p.tok.Kind != Word {
		return p.expected("a declaration (protocol, param, topology, var, shared var, message, channel, let, rule, init, legitimate, invariant, action, characterise, property, check)")
	}
	switch p.tok.Text {
	case "protocol":
		return p.protocol()
	case "param":
		return p.param()
	case "topology":
		return p.topology()
	case "var":
		return p.variable(false)
	case "shared":
		if err := p.advance(); err != nil {
			return err
		}
		if !p.is("var") {
			return p.expected("var after shared (shared var NAME : DOMAIN)")
		}
		return p.variable(true)
	case "rule":
		return p.rule()
	case "legitimate":
		return p.legitimate()
	case "invariant", "action":
		return p.invariant()
	case "let":
		return p.let()
	case "property":
		return p.property()
	case "init":
		return p.initial()
	case "message":
		return p.message()
	case "channel":
		return p.channel()
	case "characterise":
		return p.invariant()
	case "check":
		return p.checks()
	}
	return p.expected("a declaration (protocol, param, topology, var, shared var, message, channel, let, rule, init, legitimate, invariant, action, characterise, property, check)")
}

func (p *parser) protocol() error {
	if p.file.Protocol.Name != "" {
		return p.errorf(p.tok.Pos, "a second protocol declaration (the first is at line %d)", p.file.Protocol.Pos.Line)
	}
	if err := p.advance(); err != nil {
		return err
	}
	id, err := p.ident("the protocol's name")
	p.file.Protocol = id
	return err
}

// param: param NAME = EXPR [in LO..HI]
func (p *parser) param() error {
	if err := p.advance(); err != nil {
		return err
	}
	prm := &Param{}
	var err error
	if prm.Name, err = p.ident("the parameter's name"); err != nil {
		return err
	}
	if err = p.expect("="); err != nil {
		return err
	}
	if prm.Default, err = p.expr(); err != nil {
		return err
	}
	if ok, err := p.accept("in"); err != nil || ok {
		if err != nil {
			return err
		}
		if prm.Lo, prm.Hi, err = p.rangeOf(); err != nil {
			return err
		}
	}
	p.file.Params = append(p.file.Params, prm)
	return nil
}

// rangeOf reads LO..HI.
func (p *parser) rangeOf() (lo, hi Expr, err error) {
	if lo, err = p.sum(); err != nil {
		return nil, nil, err
	}
	if err = p.expect(".."); err != nil {
		return nil, nil, err
	}
	hi, err = p.sum()
	return lo, hi, err
}

// topology: topology KIND(ARGS) | topology "file.dot"
func (p *parser) topology() error {
	at := p.tok.Pos
	if p.file.Topology != nil {
		return p.errorf(at, "a second topology (the first is at line %d)", p.file.Topology.Pos.Line)
	}
	if err := p.advance(); err != nil {
		return err
	}
	t := &Topology{Pos: at}
	p.file.Topology = t
	if p.tok.Kind == String {
		t.File = p.tok.Text
		return p.advance()
	}
	if p.tok.Kind != Word || !topologies[p.tok.Text] {
		return p.expected("a topology (ring, oriented_ring, path, star, grid, complete, random) or a \"file.dot\"")
	}
	t.Kind = p.tok.Text
	if err := p.advance(); err != nil {
		return err
	}
	args, err := p.args()
	t.Args = args
	return err
}

var topologies = map[string]bool{"ring": true, "oriented_ring": true, "path": true, "star": true, "grid": true, "complete": true, "random": true}

// args reads (E, E, ...).
func (p *parser) args() ([]Expr, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var out []Expr
	for !p.is(")") {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		if !p.is(")") {
			if err := p.expect(","); err != nil {
				return nil, err
			}
		}
	}
	return out, p.advance()
}

// variable: var NAME : DOMAIN [where COND]
func (p *parser) variable(shared bool) error {
	if err := p.advance(); err != nil {
		return err
	}
	v := &Var{Shared: shared}
	var err error
	if v.Name, err = p.ident("the variable's name"); err != nil {
		return err
	}
	if err = p.expect(":"); err != nil {
		return err
	}
	if v.Domain, err = p.domain(); err != nil {
		return err
	}
	if ok, err := p.accept("where"); err != nil || ok {
		if err != nil {
			return err
		}
		if v.Where, err = p.expr(); err != nil {
			return err
		}
	}
	p.file.Vars = append(p.file.Vars, v)
	return nil
}

// domain: LO..HI | { NAME, ... } | neighbors [ + { NAME, ... } ]
func (p *parser) domain() (Domain, error) {
	d := Domain{Pos: p.tok.Pos}
	if p.is("neighbors") {
		d.Neighbors = true
		if err := p.advance(); err != nil {
			return d, err
		}
		if ok, err := p.accept("+"); err != nil || !ok {
			return d, err
		}
		return d, p.names(&d)
	}
	if !p.is("{") {
		var err error
		d.Lo, d.Hi, err = p.rangeOf()
		return d, err
	}
	return d, p.names(&d)
}

// names reads an enumeration's names, { A, B, ... }.
func (p *parser) names(d *Domain) error {
	if err := p.expect("{"); err != nil {
		return err
	}
	for {
		if p.tok.Kind != Word {
			return p.expected("a value's name")
		}
		if keywords[p.tok.Text] {
			return p.errorf(p.tok.Pos, "%s is a word of the language; name the value otherwise", p.tok.Text)
		}
		d.Names = append(d.Names, Ident{p.tok.Text, p.tok.Pos})
		if err := p.advance(); err != nil {
			return err
		}
		if ok, err := p.accept("}"); err != nil || ok {
			return err
		}
		if err := p.expect(","); err != nil {
			return err
		}
	}
}

// numberOf converts a Number token.
func (p *parser) numberOf() (Expr, error) {
	v, err := strconv.Atoi(p.tok.Text)
	if err != nil {
		return nil, p.errorf(p.tok.Pos, "%v", err)
	}
	e := &Num{Pos: p.tok.Pos, Value: v}
	return e, p.advance()
}
