package randproto

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
)

// PredOp is a predicate's operator.
type PredOp int

const (
	Every   PredOp = iota // every process satisfies Local
	Some                  // some process does
	Exactly               // exactly Val processes do
	AtMost                // at most Val processes do
	PNot                  // Args[0] does not hold
	PAnd                  // Args[0] and Args[1] hold
	POr                   // Args[0] or Args[1] holds
)

// Pred is a predicate over configurations: a census of a local fact (an expression about one
// process, which may read enabled) or a Boolean combination of censuses. It is what the
// symbolic engine can build (model.Form) and what a file writes with forall, exists and count.
type Pred struct {
	Op    PredOp
	Local *Expr
	Val   int
	Args  []*Pred
}

// Holds evaluates the predicate on s, a configuration of p.
func (pr *Pred) Holds(p *Protocol, s []byte) bool {
	switch pr.Op {
	case PNot:
		return !pr.Args[0].Holds(p, s)
	case PAnd:
		return pr.Args[0].Holds(p, s) && pr.Args[1].Holds(p, s)
	case POr:
		return pr.Args[0].Holds(p, s) || pr.Args[1].Holds(p, s)
	}
	k := 0
	for q := range p.N {
		if pr.local(p, s, q) {
			k++
		}
	}
	lo, hi := pr.bounds(p.N)
	return lo <= k && k <= hi
}

// bounds is the census's range of counts.
func (pr *Pred) bounds(n int) (lo, hi int) {
	switch pr.Op {
	case Every:
		return n, n
	case Some:
		return 1, n
	case Exactly:
		return pr.Val, pr.Val
	}
	return 0, pr.Val
}

func (pr *Pred) local(p *Protocol, s []byte, q int) bool {
	return pr.Local.eval(&env{p: p, s: s, self: q, arg: -1}) != 0
}

// Predicate is pr as a model.Predicate on p's configurations.
func (pr *Pred) Predicate(p *Protocol) model.Predicate {
	return func(s model.State) bool { return pr.Holds(p, s) }
}

// Form is pr as a model.Form, the structure the symbolic engine builds.
func (pr *Pred) Form(p *Protocol) model.Form {
	switch pr.Op {
	case PNot:
		return form.Not{Of: pr.Args[0].Form(p)}
	case PAnd:
		return form.All{pr.Args[0].Form(p), pr.Args[1].Form(p)}
	case POr:
		return form.Any{pr.Args[0].Form(p), pr.Args[1].Form(p)}
	}
	lo, hi := pr.bounds(p.N)
	return form.Count{Procs: p.N, Local: func(s model.State, q int) bool { return pr.local(p, s, q) }, Min: lo, Max: hi}
}

// gcl writes pr in the language.
func (pr *Pred) gcl(b *strings.Builder, vars []Var) {
	switch pr.Op {
	case PNot:
		b.WriteString("(not ")
		pr.Args[0].gcl(b, vars)
		b.WriteString(")")
		return
	case PAnd, POr:
		b.WriteString("(")
		pr.Args[0].gcl(b, vars)
		b.WriteString(map[PredOp]string{PAnd: " and ", POr: " or "}[pr.Op])
		pr.Args[1].gcl(b, vars)
		b.WriteString(")")
		return
	}
	head := map[PredOp]string{Every: "forall", Some: "exists", Exactly: "count", AtMost: "count"}[pr.Op]
	fmt.Fprintf(b, "%s(q in procs : ", head)
	pr.Local.gcl(b, vars, inCensus)
	b.WriteString(")")
	switch pr.Op {
	case Exactly:
		fmt.Fprintf(b, " == %d", pr.Val)
	case AtMost:
		fmt.Fprintf(b, " <= %d", pr.Val)
	}
}

// text is pr written in the language.
func (pr *Pred) text(vars []Var) string {
	var b strings.Builder
	pr.gcl(&b, vars)
	return b.String()
}
