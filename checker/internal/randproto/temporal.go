package randproto

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mc-checker/mc/checker/model"
)

// Temporal is a random temporal property: a formula over one or two predicates, where its
// executions start, and a fairness assumption (clauses per process, per rule, or one rule's).
type Temporal struct {
	Kind      model.TemporalKind
	P, Q      *Pred // Q: leadsto's goal
	FromLegit bool
	Fair      []model.Fair
}

// DrawTemporal gives p up to two temporal properties drawn from rng: a source of their own,
// so that the protocols and the runs that Generate's source draws stay the same.
func (p *Protocol) DrawTemporal(rng *rand.Rand) {
	g := &gen{rng: rng, p: p}
	for range rng.IntN(3) {
		p.Temporal = append(p.Temporal, g.temporal())
	}
}

// temporal draws a property of p.
func (g *gen) temporal() Temporal {
	t := Temporal{Kind: model.TemporalKind(g.rng.IntN(5)), P: g.pred(1), FromLegit: g.chance(3)}
	if t.Kind == model.LeadsTo {
		t.Q = g.pred(1)
	}
	rule, kinds := "", 5
	if len(g.p.Rules) > 0 {
		rule, kinds = g.p.Rules[g.rng.IntN(len(g.p.Rules))].Name, 7
	}
	switch g.rng.IntN(kinds) {
	case 1:
		t.Fair = []model.Fair{{}}
	case 2:
		t.Fair = []model.Fair{{Strong: true}}
	case 3:
		t.Fair = []model.Fair{{PerRule: true}}
	case 4:
		t.Fair = []model.Fair{{Strong: true, PerRule: true}}
	case 5:
		t.Fair = []model.Fair{{Strong: true, Rule: rule}}
	case 6:
		t.Fair = []model.Fair{{}, {Strong: true, Rule: rule}}
	}
	return t
}

// Property is t as the checker takes it, named.
func (t Temporal) Property(p *Protocol, name string) model.Temporal {
	f := model.Formula{Kind: t.Kind, P: t.P.Predicate(p), PForm: t.P.Form(p)}
	if t.Q != nil {
		f.Q, f.QForm = t.Q.Predicate(p), t.Q.Form(p)
	}
	return model.Temporal{Name: name, Parts: []model.Formula{f}, FromLegit: t.FromLegit, Fair: t.Fair}
}

// gcl writes t as a property declaration.
func (t Temporal) gcl(b *strings.Builder, name string, vars []Var) {
	fmt.Fprintf(b, "property %s", name)
	if t.FromLegit {
		b.WriteString(" from legitimate")
	}
	if len(t.Fair) > 0 {
		clauses := make([]string, len(t.Fair))
		for i, f := range t.Fair {
			clauses[i] = f.String()
		}
		fmt.Fprintf(b, " under %s", strings.Join(clauses, ", "))
	}
	b.WriteString(" : ")
	switch t.Kind {
	case model.LeadsTo:
		fmt.Fprintf(b, "%s leadsto %s\n", t.P.text(vars), t.Q.text(vars))
	default:
		fmt.Fprintf(b, "%s %s\n", t.Kind, t.P.text(vars))
	}
}
