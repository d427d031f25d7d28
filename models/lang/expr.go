package lang

// The expression grammar, from the loosest binding:
//
//	expr    = "if" expr "then" expr "else" expr | or
//	or      = and { ("or" | "||") and }
//	and     = not { ("and" | "&&") not }
//	not     = ("not" | "!") not | compare
//	compare = sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]
//	sum     = term { ("+" | "-") term }
//	term    = unary { ("*" | "/" | "%") unary }
//	unary   = "-" unary | postfix
//	postfix = primary { "[" expr "]" }
//	primary = number | string | name | name "(" args ")" | "(" expr ")"
//	        | quant "(" name "in" set ":" expr ")"        quant: forall exists count sum min max
//	set     = sum [ ".." sum ]

var quantifiers = map[string]bool{"forall": true, "exists": true, "count": true, "sum": true, "min": true, "max": true,
	"argmin": true, "argmax": true}

func (p *parser) expr() (Expr, error) {
	if !p.is("if") {
		return p.or()
	}
	c := &Cond{Pos: p.tok.Pos}
	if err := p.descend(); err != nil {
		return nil, err
	}
	defer p.leave()
	var err error
	if c.If, err = p.expr(); err != nil {
		return nil, err
	}
	if err = p.expect("then"); err != nil {
		return nil, err
	}
	if c.Then, err = p.expr(); err != nil {
		return nil, err
	}
	if err = p.expect("else"); err != nil {
		return nil, err
	}
	if c.Else, err = p.expr(); err != nil {
		return nil, err
	}
	return p.built(c, c.Pos, c.If, c.Then, c.Else)
}

// binary reads operands of next separated by the operators ops (left-associative), each
// operator spelled as in canon.
func (p *parser) binary(next func() (Expr, error), canon map[string]string) (Expr, error) {
	l, err := next()
	if err != nil {
		return nil, err
	}
	for {
		op, ok := canon[p.tok.Text]
		if !ok || p.tok.Kind == EOF || p.tok.Kind == String || p.tok.Kind == Number {
			return l, nil
		}
		at := p.tok.Pos
		if err := p.advance(); err != nil {
			return nil, err
		}
		r, err := next()
		if err != nil {
			return nil, err
		}
		if l, err = p.built(&Binary{Pos: at, Op: op, L: l, R: r}, at, l, r); err != nil {
			return nil, err // a chain of operators nests one level per operator: a + b + c is ((a + b) + c)
		}
	}
}

func (p *parser) or() (Expr, error) {
	return p.binary(p.and, map[string]string{"or": "or", "||": "or"})
}

func (p *parser) and() (Expr, error) {
	return p.binary(p.not, map[string]string{"and": "and", "&&": "and"})
}

func (p *parser) not() (Expr, error) {
	if !p.is("not") && !p.is("!") {
		return p.compare()
	}
	at := p.tok.Pos
	if err := p.descend(); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.not()
	if err != nil {
		return nil, err
	}
	return p.built(&Unary{Pos: at, Op: "not", X: x}, at, x)
}

var comparisons = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

func (p *parser) compare() (Expr, error) {
	l, err := p.sum()
	if err != nil || p.tok.Kind != Punct || !comparisons[p.tok.Text] {
		return l, err
	}
	b := &Binary{Pos: p.tok.Pos, Op: p.tok.Text, L: l}
	if err := p.advance(); err != nil {
		return nil, err
	}
	if b.R, err = p.sum(); err != nil {
		return nil, err
	}
	if p.tok.Kind == Punct && comparisons[p.tok.Text] {
		return nil, p.errorf(p.tok.Pos, "comparisons do not chain: write (a %s b) and (b %s c)", b.Op, p.tok.Text)
	}
	return p.built(b, b.Pos, b.L, b.R)
}

func (p *parser) sum() (Expr, error) {
	return p.binary(p.term, map[string]string{"+": "+", "-": "-"})
}

func (p *parser) term() (Expr, error) {
	return p.binary(p.unary, map[string]string{"*": "*", "/": "/", "%": "%"})
}

func (p *parser) unary() (Expr, error) {
	if !p.is("-") {
		return p.postfix()
	}
	at := p.tok.Pos
	if err := p.descend(); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	return p.built(&Unary{Pos: at, Op: "-", X: x}, at, x)
}

func (p *parser) postfix() (Expr, error) {
	x, err := p.primary()
	for err == nil && p.is("[") {
		x, err = p.index(x)
	}
	return x, err
}

// index reads [I] after x: x[I].
func (p *parser) index(x Expr) (Expr, error) {
	at := p.tok.Pos
	if err := p.descend(); err != nil {
		return nil, err
	}
	defer p.leave()
	i, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect("]"); err != nil {
		return nil, err
	}
	return p.built(&Index{X: x, I: i}, at, x, i)
}

func (p *parser) primary() (Expr, error) {
	switch t := p.tok; {
	case t.Kind == Number:
		return p.numberOf()
	case t.Kind == String:
		return &Str{Pos: t.Pos, Value: t.Text}, p.advance()
	case p.is("("):
		return p.parenthesized()
	case t.Kind == Word && quantifiers[t.Text]:
		return p.quantifier()
	case t.Kind == Word && !keywords[t.Text]:
		if err := p.advance(); err != nil {
			return nil, err
		}
		if !p.is("(") && t.Text == "flip" { // a fair coin (coins.go)
			return &Call{Fun: Ident{t.Text, t.Pos}}, nil
		}
		if !p.is("(") {
			return &Name{Ident{t.Text, t.Pos}}, nil
		}
		if t.Text == "random" || t.Text == "pick" {
			return p.draw(Ident{t.Text, t.Pos})
		}
		if err := p.open(t.Pos); err != nil {
			return nil, err
		}
		defer p.leave()
		args, err := p.args()
		if err != nil {
			return nil, err
		}
		call := &Call{Fun: Ident{t.Text, t.Pos}, Args: args}
		return p.built(call, t.Pos, args...)
	}
	return nil, p.expected("an expression")
}

// parenthesized reads ( E ): a level of nesting for the parser, none in the tree it builds.
func (p *parser) parenthesized() (Expr, error) {
	if err := p.descend(); err != nil {
		return nil, err
	}
	defer p.leave()
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	return e, p.expect(")")
}

// quantifier: OP(NAME in SET : BODY)
func (p *parser) quantifier() (Expr, error) {
	q := &Quant{Pos: p.tok.Pos, Op: p.tok.Text}
	if err := p.descend(); err != nil {
		return nil, err
	}
	defer p.leave()
	var err error
	if err = p.expect("("); err != nil {
		return nil, err
	}
	if q.Var, err = p.ident("the name the " + q.Op + " binds"); err != nil {
		return nil, err
	}
	if q.Over, err = p.set(); err != nil {
		return nil, err
	}
	if err = p.expect(":"); err != nil {
		return nil, err
	}
	if q.Body, err = p.expr(); err != nil {
		return nil, err
	}
	if err = p.expect(")"); err != nil {
		return nil, err
	}
	return p.built(q, q.Pos, q.Over, q.Body)
}

// set: "in" followed by procs, neighbors, neighbors(E) or LO..HI.
func (p *parser) set() (Expr, error) {
	if err := p.expect("in"); err != nil {
		return nil, err
	}
	over, err := p.sum()
	if err != nil || !p.is("..") {
		return over, err
	}
	at := p.tok.Pos
	if err = p.advance(); err != nil {
		return nil, err
	}
	hi, err := p.sum()
	if err != nil {
		return nil, err
	}
	return p.built(&Binary{Pos: at, Op: "..", L: over, R: hi}, at, over, hi)
}

// maxNesting bounds how deep an expression nests. The parser, the compiler and the closures
// it builds recurse once a level: 150,000 parentheses once overflowed a gigabyte of stack.
// Protocols nest a few levels; a chain of operators nests one level an operator.
const maxNesting = 256

func (p *parser) tooDeep(at Pos) error {
	return p.errorf(at, "an expression nests at most %d deep (each parenthesis, operator, if, index, call and quantifier is a level)", maxNesting)
}

// open enters a level that the parser recurses into (a parenthesis, not, minus, if, an
// index, a call's arguments, a quantifier), starting at at: refused past maxNesting before
// the parser goes deeper. leave leaves it.
func (p *parser) open(at Pos) error {
	if p.depth++; p.depth > maxNesting {
		return p.tooDeep(at)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// descend opens a level at the current token and reads past it; the caller leaves it.
func (p *parser) descend() error {
	if err := p.open(p.tok.Pos); err != nil {
		return err
	}
	return p.advance()
}

// built records that x, written at at, is one level above the highest of its operands, and
// refuses it past maxNesting: a chain of operators, which the parser reads in a loop, nests
// as deep for the compiler as parentheses would.
func (p *parser) built(x Expr, at Pos, operands ...Expr) (Expr, error) {
	h := 0
	for _, o := range operands {
		h = max(h, p.heights[o])
	}
	if h++; h > maxNesting {
		return nil, p.tooDeep(at)
	}
	p.heights[x] = h
	return x, nil
}
