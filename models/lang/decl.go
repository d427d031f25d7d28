package lang

import (
	"slices"
	"strings"
)

// rule: rule NAME [(Q in SET)] [where COND] : GUARD -> VAR := E {, VAR := E}
func (p *parser) rule() error {
	if err := p.advance(); err != nil {
		return err
	}
	r := &Rule{}
	var err error
	if r.Name, err = p.ident("the rule's name"); err != nil {
		return err
	}
	if first, ok := p.rules[r.Name.Name]; ok { // a trace names a move by its rule: it would be ambiguous
		return p.errorf(r.Name.Pos, "a second rule %s (the first is at line %d): traces name a move by its rule", r.Name.Name, first.Line)
	}
	p.rules[r.Name.Name] = r.Name.Pos
	if ok, err := p.accept("("); err != nil || ok {
		if err != nil {
			return err
		}
		param, err := p.ident("the name the rule's parameter binds")
		if err != nil {
			return err
		}
		r.Param = &param
		if r.Over, err = p.set(); err != nil {
			return err
		}
		if err = p.expect(")"); err != nil {
			return err
		}
	}
	if ok, err := p.accept("where"); err != nil || ok {
		if err != nil {
			return err
		}
		if r.Where, err = p.expr(); err != nil {
			return err
		}
	}
	if err = p.expect(":"); err != nil {
		return err
	}
	if err = p.guard(r); err != nil {
		return err
	}
	if err = p.expect("->"); err != nil {
		return err
	}
	if err = p.statements(r); err != nil {
		return err
	}
	p.file.Rules = append(p.file.Rules, r)
	return nil
}

// statements parses a rule's statements after its arrow: assignments (VAR := E, or
// VAR[I] := E for a shared variable) and sends, separated by commas.
func (p *parser) statements(r *Rule) error {
	for {
		if err := p.statement(r); err != nil {
			return err
		}
		if ok, err := p.accept(","); err != nil || !ok {
			return err
		}
	}
}

// statement parses one statement of rule r: a send or an assignment.
func (p *parser) statement(r *Rule) error {
	if p.is("send") && p.peek().Kind == Word {
		s, err := p.send()
		if err == nil {
			r.Sends = append(r.Sends, s)
		}
		return err
	}
	a := &Assign{}
	var err error
	if a.Var, err = p.ident("a variable to assign (or send KIND to E)"); err != nil {
		return err
	}
	if ok, err := p.accept("["); err != nil || ok { // a shared variable's (the compiler checks)
		if err != nil {
			return err
		}
		if a.Index, err = p.expr(); err != nil {
			return err
		}
		if err = p.expect("]"); err != nil {
			return err
		}
	}
	if err = p.expect(":="); err != nil {
		return err
	}
	if a.Value, err = p.expr(); err == nil {
		r.Assigns = append(r.Assigns, a)
	}
	return err
}

// guard parses a rule's guard, with a receive at its start: receive KIND from E [and GUARD].
func (p *parser) guard(r *Rule) error {
	var err error
	if p.is("receive") && p.peek().Kind == Word {
		if r.Receive, err = p.receive(); err != nil {
			return err
		}
		if !p.is("and") {
			r.Guard = &Name{Ident{"true", r.Receive.Pos}}
			return nil
		}
		if err = p.advance(); err != nil {
			return err
		}
	}
	r.Guard, err = p.expr()
	return err
}

func (p *parser) legitimate() error {
	at := p.tok.Pos
	if p.file.Legit != nil {
		return p.errorf(at, "a second legitimate predicate (the first is at line %d)", p.file.Legit.At().Line)
	}
	if err := p.advance(); err != nil {
		return err
	}
	if err := p.expect(":"); err != nil {
		return err
	}
	e, err := p.expr()
	p.file.Legit = e
	return err
}

// initial: init : EXPR, the initial configurations.
func (p *parser) initial() error {
	at := p.tok.Pos
	if p.file.Init != nil {
		return p.errorf(at, "a second init predicate (the first is at line %d)", p.file.Init.At().Line)
	}
	if err := p.advance(); err != nil {
		return err
	}
	if err := p.expect(":"); err != nil {
		return err
	}
	e, err := p.expr()
	p.file.Init = e
	return err
}

// invariant: invariant NAME : EXPR, action NAME : EXPR (a predicate of a step), or
// characterise NAME : EXPR (the reachable configurations, exactly).
func (p *parser) invariant() error {
	kind := p.tok.Text
	if err := p.advance(); err != nil {
		return err
	}
	n := &Named{}
	var err error
	if n.Name, err = p.ident("the " + kind + "'s name"); err != nil {
		return err
	}
	if err = p.expect(":"); err != nil {
		return err
	}
	n.Expr, err = p.expr()
	switch kind {
	case "action":
		p.file.Actions = append(p.file.Actions, n)
	case "characterise":
		p.file.Characterise = append(p.file.Characterise, n)
	default:
		p.file.Invariants = append(p.file.Invariants, n)
	}
	return err
}

// checks: check NAME {, NAME} (names with dashes: worst-case, almost-sure, …)
func (p *parser) checks() error {
	if err := p.advance(); err != nil {
		return err
	}
	for {
		if p.tok.Kind != Word {
			return p.expected("a check's name")
		}
		id := Ident{p.tok.Text, p.tok.Pos}
		if err := p.advance(); err != nil {
			return err
		}
		for p.is("-") { // worst-case, almost-sure, action-invariant, expected-time
			if err := p.advance(); err != nil {
				return err
			}
			if p.tok.Kind != Word {
				return p.expected("the rest of a check's name")
			}
			id.Name += "-" + p.tok.Text
			if err := p.advance(); err != nil {
				return err
			}
		}
		if !slices.Contains(checkNames, id.Name) {
			return p.errorf(id.Pos, "unknown check %q (want one of %s)", id.Name, strings.Join(checkNames, ", "))
		}
		p.file.Checks = append(p.file.Checks, id)
		if ok, err := p.accept(","); err != nil || !ok {
			return err
		}
	}
}

// checkNames are the checker's checks (checker.AllChecks, in its order), which this package,
// importing checker/model only, repeats so that a misspelled one is refused at its place;
// TestUnknownCheckName keeps the two lists the same.
var checkNames = []string{"invariant", "action-invariant", "characterise", "deadlock", "closure", "convergence",
	"worst-case", "eventually", "temporal", "recovery", "almost-sure", "almost-sure-stable", "expected-time"}

// let: let NAME = EXPR, a name for an expression, read where it is used (in a rule it is the
// rule's process's).
func (p *parser) let() error {
	if err := p.advance(); err != nil {
		return err
	}
	n := &Named{}
	var err error
	if n.Name, err = p.ident("the name"); err != nil {
		return err
	}
	if err = p.expect("="); err != nil {
		return err
	}
	n.Expr, err = p.expr()
	p.file.Lets = append(p.file.Lets, n)
	return err
}
