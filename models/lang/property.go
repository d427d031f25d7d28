package lang

import "github.com/mc-checker/mc/checker/model"

// Property is `property NAME [from init | from legitimate] [under FAIR {, FAIR}] : FORMULA`,
// where FORMULA is `forall Q in SET : FORMULA` (one part per member) or one of
// `always P`, `eventually P`, `always eventually P`, `eventually always P`, `P leadsto Q`.
type Property struct {
	Name      Ident
	FromLegit bool
	Fair      []FairClause
	Quants    []PropQuant // outermost first
	Kind      model.TemporalKind
	KindAt    Pos
	P, Q      Expr // Q: leadsto's goal
}

// FairClause is one clause of `under`: weak or strong, per process, per rule, or one rule's.
type FairClause struct {
	Pos     Pos
	Strong  bool
	PerRule bool
	Rule    Ident
}

// PropQuant is `forall Q in SET :` in front of a property's formula.
type PropQuant struct {
	Var  Ident
	Over Expr
}

// property parses a property declaration.
func (p *parser) property() error {
	if err := p.advance(); err != nil {
		return err
	}
	pr := &Property{}
	var err error
	if pr.Name, err = p.ident("the property's name"); err != nil {
		return err
	}
	if ok, err := p.accept("from"); err != nil || ok {
		if err != nil {
			return err
		}
		switch {
		case p.is("init"):
		case p.is("legitimate"):
			pr.FromLegit = true
		default:
			return p.expected("init or legitimate (where the executions start)")
		}
		if err := p.advance(); err != nil {
			return err
		}
	}
	if ok, err := p.accept("under"); err != nil || ok {
		if err != nil {
			return err
		}
		if pr.Fair, err = p.fairness(); err != nil {
			return err
		}
	}
	if err := p.expect(":"); err != nil {
		return err
	}
	if err := p.formula(pr); err != nil {
		return err
	}
	p.file.Properties = append(p.file.Properties, pr)
	return nil
}

// fairness parses `unfair` or clauses `weak|strong [per rule | rule NAME]`, comma-separated.
func (p *parser) fairness() ([]FairClause, error) {
	if ok, err := p.accept("unfair"); err != nil || ok {
		return nil, err
	}
	var out []FairClause
	for {
		c := FairClause{Pos: p.tok.Pos}
		switch {
		case p.is("weak"):
		case p.is("strong"):
			c.Strong = true
		default:
			return nil, p.expected("a fairness: unfair, weak or strong (then per rule, or rule NAME)")
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
		if ok, err := p.accept("per"); err != nil || ok {
			if err != nil {
				return nil, err
			}
			if err := p.expect("rule"); err != nil {
				return nil, err
			}
			c.PerRule = true
		} else if ok, err := p.accept("rule"); err != nil || ok {
			if err != nil {
				return nil, err
			}
			if c.Rule, err = p.ident("the name of the rule that is fair"); err != nil {
				return nil, err
			}
			if _, known := p.rules[c.Rule.Name]; !known {
				return nil, p.errorf(c.Rule.Pos, "no rule %s above: fairness names a rule declared before it", c.Rule.Name)
			}
		}
		out = append(out, c)
		if ok, err := p.accept(","); err != nil || !ok {
			return out, err
		}
	}
}

// formula parses the quantifiers and the temporal formula of a property.
func (p *parser) formula(pr *Property) error {
	for p.is("forall") && p.peek().Text != "(" { // forall(…) is a predicate's quantifier
		if err := p.advance(); err != nil {
			return err
		}
		var q PropQuant
		var err error
		if q.Var, err = p.ident("the name forall binds"); err != nil {
			return err
		}
		if q.Over, err = p.set(); err != nil {
			return err
		}
		if err := p.expect(":"); err != nil {
			return err
		}
		pr.Quants = append(pr.Quants, q)
	}
	pr.KindAt = p.tok.Pos
	var err error
	switch {
	case p.is("always"):
		pr.Kind, err = p.modal(model.Always, "eventually", model.AlwaysEventually)
	case p.is("eventually"):
		pr.Kind, err = p.modal(model.Eventually, "always", model.EventuallyAlways)
	default:
		pr.Kind = model.LeadsTo
	}
	if err != nil {
		return err
	}
	if pr.P, err = p.expr(); err != nil {
		return err
	}
	if pr.Kind != model.LeadsTo {
		if p.is("leadsto") {
			return p.errorf(p.tok.Pos, "leadsto joins two predicates (P leadsto Q), not a temporal formula and a predicate")
		}
		return nil
	}
	if !p.is("leadsto") {
		return p.expected("always, eventually, or a predicate and leadsto (a property's formula)")
	}
	if err := p.advance(); err != nil {
		return err
	}
	pr.Q, err = p.expr()
	return err
}

// modal reads `always` or `eventually`, and the other word after it if there is one.
func (p *parser) modal(alone model.TemporalKind, then string, both model.TemporalKind) (model.TemporalKind, error) {
	if err := p.advance(); err != nil {
		return 0, err
	}
	if ok, err := p.accept(then); err != nil || ok {
		return both, err
	}
	return alone, nil
}
