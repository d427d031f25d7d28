package lang

import (
	"slices"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
)

// A property's predicates as censuses (model.Form), for the symbolic engine: each part's
// predicate with its quantifiers' names bound to the part's values. A sub-predicate that names
// no quantifier is a form as the legitimate predicate is (form.go); one that names a single
// quantifier q over procs and reads q's view alone is a local fact of the process the part
// binds q to, k: count(q in procs : q == k and X) == 1; not, and, or and if combine them.
// Anything else has no form, and the symbolic engine refuses the property.

// partForms fills cp's forms of P and Q, one per part (nil where there is none).
func (c *compiler) partForms(cp *compiledProperty) {
	for _, vals := range cp.parts {
		cp.pForms = append(cp.pForms, c.partForm(cp.prop.P, cp.prop, vals))
		var q model.Form
		if cp.prop.Q != nil {
			q = c.partForm(cp.prop.Q, cp.prop, vals)
		}
		cp.qForms = append(cp.qForms, q)
	}
}

// partForm is x, of property prop's part vals, as a form, or nil.
func (c *compiler) partForm(x Expr, prop *Property, vals []int) model.Form {
	named := c.quantsNamed(x, prop, nil)
	if len(named) == 0 {
		return c.form(x)
	}
	switch y := x.(type) {
	case *Unary:
		if y.Op == "not" {
			if f := c.partForm(y.X, prop, vals); f != nil {
				return form.Not{Of: f}
			}
			return nil
		}
	case *Binary:
		if y.Op == "and" || y.Op == "or" {
			l, r := c.partForm(y.L, prop, vals), c.partForm(y.R, prop, vals)
			if l == nil || r == nil {
				return nil
			}
			if y.Op == "and" {
				return form.And(l, r)
			}
			return form.Or(l, r)
		}
	}
	if len(named) != 1 || setName(prop.Quants[named[0]].Over) != "procs" {
		return nil
	}
	k := named[0]
	q, at := prop.Quants[k].Var, x.At()
	is := &Binary{Pos: at, Op: "==", L: &Name{q}, R: &Num{Pos: at, Value: vals[k]}}
	count := &Quant{Pos: at, Op: "count", Var: q, Over: &Name{Ident{"procs", at}}, Body: &Binary{Pos: at, Op: "and", L: is, R: x}}
	return c.form(&Binary{Pos: at, Op: "==", L: count, R: &Num{Pos: at, Value: 1}})
}

// quantsNamed lists the quantifiers of prop that x names free (bound lists the names of the
// quantifiers inside x), following lets, in order.
func (c *compiler) quantsNamed(x Expr, prop *Property, bound []string) []int {
	var out []int
	add := func(ks []int) {
		for _, k := range ks {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	switch y := x.(type) {
	case *Name:
		if slices.Contains(bound, y.Name) {
			return nil
		}
		for k := len(prop.Quants) - 1; k >= 0; k-- { // the innermost of two of one name
			if prop.Quants[k].Var.Name == y.Name {
				return []int{k}
			}
		}
		if l := c.letIndex(y.Name); l >= 0 && !c.expanding[l] {
			c.expanding[l] = true
			defer delete(c.expanding, l)
			return c.quantsNamed(c.file.Lets[l].Expr, prop, bound)
		}
	case *Index:
		add(c.quantsNamed(y.X, prop, bound))
		add(c.quantsNamed(y.I, prop, bound))
	case *Unary:
		add(c.quantsNamed(y.X, prop, bound))
	case *Binary:
		add(c.quantsNamed(y.L, prop, bound))
		add(c.quantsNamed(y.R, prop, bound))
	case *Cond:
		for _, z := range []Expr{y.If, y.Then, y.Else} {
			add(c.quantsNamed(z, prop, bound))
		}
	case *Quant:
		add(c.quantsNamed(y.Over, prop, bound))
		add(c.quantsNamed(y.Body, prop, append(slices.Clone(bound), y.Var.Name)))
	case *Call:
		for _, a := range y.Args {
			add(c.quantsNamed(a, prop, bound))
		}
	}
	slices.Sort(out)
	return out
}
