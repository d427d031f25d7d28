package lang

import (
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// maxParts bounds the parts a property's quantifiers make: each is a search of the graph.
const maxParts = 4096

// compiledProperty is a property with its predicates compiled, the quantifiers' names in
// bound slots 0.., and one list of their values per part.
type compiledProperty struct {
	prop   *Property
	p, q   evaluator
	parts  [][]int
	labels []string
	// pForms and qForms are each part's predicates as censuses, or nil (propform.go)
	pForms, qForms []model.Form
}

// properties compiles the file's temporal properties.
func (c *compiler) properties() error {
	for _, prop := range c.file.Properties {
		cp, err := c.property(prop)
		if err != nil {
			return err
		}
		c.prog.props = append(c.prog.props, cp)
	}
	return nil
}

func (c *compiler) property(prop *Property) (*compiledProperty, error) {
	if len(prop.Quants) > maxBound {
		return nil, c.errorf(prop.Quants[maxBound].Var.Pos, "a property's foralls nest at most %d deep", maxBound)
	}
	sc := scope{constant: true}
	var sets []func(*env) []int
	for _, q := range prop.Quants {
		over, err := c.set(q.Over, sc)
		if err != nil {
			return nil, err
		}
		sets = append(sets, over)
		sc.bound = append(sc.bound, q.Var.Name)
		sc.sets = append(sc.sets, setName(q.Over))
	}
	cp := &compiledProperty{prop: prop}
	var err error
	pred := scope{global: true, bound: sc.bound, sets: sc.sets}
	if cp.p, err = c.expr(prop.P, pred); err != nil {
		return nil, err
	}
	if prop.Q != nil {
		if cp.q, err = c.expr(prop.Q, pred); err != nil {
			return nil, err
		}
	}
	e := &env{p: -1, prog: c.prog}
	var walk func(k int) error
	walk = func(k int) error {
		if k == len(sets) {
			if len(cp.parts) == maxParts {
				return c.errorf(prop.Name.Pos, "property %s has more than %d parts (one per value of its foralls)", prop.Name.Name, maxParts)
			}
			cp.parts = append(cp.parts, slices.Clone(e.bound[:k]))
			cp.labels = append(cp.labels, c.partLabel(prop, e.bound[:k]))
			return nil
		}
		for _, v := range sets[k](e) {
			e.bound[k] = v
			if err := walk(k + 1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(0); err != nil {
		return nil, err
	}
	if err := c.prog.Violation(); err != nil {
		return nil, c.errorf(prop.Name.Pos, "%v", err)
	}
	if len(cp.parts) == 0 {
		return nil, c.errorf(prop.Quants[0].Var.Pos, "property %s ranges over an empty set: it would hold of nothing", prop.Name.Name)
	}
	c.partForms(cp)
	return cp, nil
}

// partLabel names the values of a part's quantifiers: "p = P2, k = 1".
func (c *compiler) partLabel(prop *Property, vals []int) string {
	label := ""
	for i, q := range prop.Quants {
		if i > 0 {
			label += ", "
		}
		v := fmt.Sprint(vals[i])
		if setName(q.Over) == "procs" {
			v = c.prog.schema.ProcName(vals[i])
		}
		label += q.Var.Name + " = " + v
	}
	return label
}

// Temporal are the file's temporal properties.
func (pr *Program) Temporal() []model.Temporal {
	var out []model.Temporal
	for _, cp := range pr.props {
		t := model.Temporal{Name: cp.prop.Name.Name, FromLegit: cp.prop.FromLegit}
		for _, c := range cp.prop.Fair {
			t.Fair = append(t.Fair, model.Fair{Strong: c.Strong, PerRule: c.PerRule, Rule: c.Rule.Name})
		}
		for i, vals := range cp.parts {
			f := model.Formula{Label: cp.labels[i], Kind: cp.prop.Kind, P: pr.predicate(cp.p, vals), PForm: cp.pForms[i]}
			if cp.q != nil {
				f.Q, f.QForm = pr.predicate(cp.q, vals), cp.qForms[i]
			}
			t.Parts = append(t.Parts, f)
		}
		out = append(out, t)
	}
	return out
}

// predicate is ev as a predicate of a configuration, the quantifiers' names bound to vals.
func (pr *Program) predicate(ev evaluator, vals []int) model.Predicate {
	return func(s model.State) bool {
		e := pr.env(s, -1)
		copy(e.bound[:], vals)
		v := ev(e) != 0
		pr.envs.Put(e)
		return v
	}
}

// properties types a property's sets and predicates.
func (ty *typer) property(prop *Property) error {
	var bound []string
	for _, q := range prop.Quants {
		if err := ty.set(q.Over, bound); err != nil {
			return err
		}
		bound = append(bound, q.Var.Name)
	}
	what := "property " + prop.Name.Name + "'s predicate"
	if err := ty.want(prop.P, bound, condition, what, "it must be"); err != nil {
		return err
	}
	return ty.wantAll(bound, condition, "property "+prop.Name.Name+"'s goal", prop.Q)
}
