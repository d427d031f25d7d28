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
	var err error
	if err = p.advance(); err != nil {
		return nil, err
	}
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
	c.Else, err = p.expr()
	return c, err
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
		l = &Binary{Pos: at, Op: op, L: l, R: r}
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
	if err := p.advance(); err != nil {
		return nil, err
	}
	x, err := p.not()
	return &Unary{Pos: at, Op: "not", X: x}, err
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
	return b, nil
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
	if err := p.advance(); err != nil {
		return nil, err
	}
	x, err := p.unary()
	return &Unary{Pos: at, Op: "-", X: x}, err
}

func (p *parser) postfix() (Expr, error) {
	x, err := p.primary()
	for err == nil && p.is("[") {
		if err = p.advance(); err != nil {
			return nil, err
		}
		var i Expr
		if i, err = p.expr(); err != nil {
			return nil, err
		}
		x, err = &Index{X: x, I: i}, p.expect("]")
	}
	return x, err
}

func (p *parser) primary() (Expr, error) {
	switch t := p.tok; {
	case t.Kind == Number:
		return p.numberOf()
	case t.Kind == String:
		return &Str{Pos: t.Pos, Value: t.Text}, p.advance()
	case p.is("("):
		if err := p.advance(); err != nil {
			return nil, err
		}
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		return e, p.expect(")")
	case t.Kind == Word && quantifiers[t.Text]:
		return p.quantifier()
	case t.Kind == Word && !keywords[t.Text]:
		if err := p.advance(); err != nil {
			return nil, err
		}
		if !p.is("(") {
			return &Name{Ident{t.Text, t.Pos}}, nil
		}
		args, err := p.args()
		return &Call{Fun: Ident{t.Text, t.Pos}, Args: args}, err
	}
	return nil, p.expected("an expression")
}

// quantifier: OP(NAME in SET : BODY)
func (p *parser) quantifier() (Expr, error) {
	q := &Quant{Pos: p.tok.Pos, Op: p.tok.Text}
	var err error
	if err = p.advance(); err != nil {
		return nil, err
	}
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
	return q, p.expect(")")
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
	return &Binary{Pos: at, Op: "..", L: over, R: hi}, err
}
