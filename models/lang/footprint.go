package lang

import (
	"slices"

	"github.com/mc-checker/mc/checker/model"
)

// footprints derives each action's footprint (model.Footprint) from its rule's text: the
// variables its guard and its assignments' values read, and those it assigns. A variable
// named alone is the process's own; x[I] is the variable of the process I names where I is
// the rule's parameter over processes or a function of the process alone, and of any
// neighbour (or the process itself: a pointer may name it) otherwise, since a rule reads
// its neighbourhood only (neighbourRead). Lets and quantifiers are followed; a bound name
// is not a variable. The footprint is sound, not tight: a read in a branch not taken counts.
func (c *compiler) footprints() {
	pr := c.prog
	pr.foot = make([][]model.Footprint, pr.g.n)
	for p, acts := range pr.inst {
		for _, a := range acts {
			r := c.file.Rules[a.rule]
			fr := &footReader{c: c, p: p, arg: a.arg, ofProcs: pr.rules[a.rule].ofProcs}
			var bound []string
			if r.Param != nil {
				fr.param = r.Param.Name
				bound = []string{r.Param.Name}
			}
			var writes []int
			if r.Receive != nil || len(r.Sends) > 0 { // every channel of p, both ways: sound, not tight
				chans := pr.channelsOf(p)
				fr.reads = append(fr.reads, chans...)
				writes = append(writes, chans...)
				if r.Receive != nil {
					fr.expr(r.Receive.From, bound)
					for _, f := range r.Receive.Fields {
						bound = append(slices.Clone(bound), f.Name)
					}
				}
				for _, s := range r.Sends {
					fr.expr(s.To, bound)
					for _, a := range s.Args {
						fr.expr(a, bound)
					}
				}
			}
			fr.expr(r.Guard, bound)
			for _, as := range r.Assigns {
				fr.expr(as.Value, bound)
				writes = append(writes, pr.refs[c.varIndex(as.Var.Name)][p])
				if as.Index != nil { // a shared variable: the process's or any neighbour's
					fr.expr(as.Index, bound)
					writes = append(writes, pr.sharedOf(c.varIndex(as.Var.Name), p)...)
				}
			}
			pr.foot[p] = append(pr.foot[p], model.NewFootprint(fr.reads, writes))
		}
	}
}

// footReader collects the variables an expression of one action reads.
type footReader struct {
	c       *compiler
	p, arg  int
	param   string // the rule's parameter, or ""
	ofProcs bool   // the parameter ranges over processes: x[param] is process arg's
	reads   []int
	lets    []int // the lets being followed, against a let that names itself
}

func (fr *footReader) expr(x Expr, bound []string) {
	switch x := x.(type) {
	case *Name:
		fr.name(x.Name, bound)
	case *Index:
		fr.index(x, bound)
	case *Unary:
		fr.expr(x.X, bound)
	case *Binary:
		fr.expr(x.L, bound)
		fr.expr(x.R, bound)
	case *Cond:
		fr.expr(x.If, bound)
		fr.expr(x.Then, bound)
		fr.expr(x.Else, bound)
	case *Quant:
		fr.expr(x.Over, bound)
		fr.expr(x.Body, append(slices.Clone(bound), x.Var.Name))
	case *Call:
		for _, a := range x.Args {
			fr.expr(a, bound)
		}
	}
}

// name reads the process's own variable, or follows a let.
func (fr *footReader) name(name string, bound []string) {
	if slices.Contains(bound, name) {
		return
	}
	if v := fr.c.varIndex(name); v >= 0 {
		fr.read(v, fr.p)
		return
	}
	if k := fr.c.letIndex(name); k >= 0 && !slices.Contains(fr.lets, k) {
		fr.lets = append(fr.lets, k)
		fr.expr(fr.c.file.Lets[k].Expr, nil) // a let sees no bound name
		fr.lets = fr.lets[:len(fr.lets)-1]
	}
}

// index reads x[I]: of the process I names where that is known before any configuration,
// else of every process the action may read.
func (fr *footReader) index(x *Index, bound []string) {
	fr.expr(x.I, bound)
	n, ok := x.X.(*Name)
	v := -1
	if ok {
		v = fr.c.varIndex(n.Name)
	}
	if v < 0 {
		fr.expr(x.X, bound)
		return
	}
	if i, ok := x.I.(*Name); ok && i.Name == fr.param && fr.ofProcs && innermost(bound, i.Name) == 0 {
		fr.read(v, fr.arg)
		return
	}
	if fr.c.processConstant(x.I, scope{bound: bound}) {
		if ev, err := fr.c.expr(x.I, scope{process: true}); err == nil {
			if q, ok := fr.c.tryAt(ev, fr.p); ok {
				fr.read(v, q)
				return
			}
		}
	}
	fr.read(v, fr.p)
	for _, q := range fr.c.prog.g.nb[fr.p] {
		fr.read(v, q)
	}
}

// read adds variable v of process q, if q has it.
func (fr *footReader) read(v, q int) {
	if q >= 0 && q < fr.c.prog.g.n && fr.c.prog.refs[v][q] >= 0 {
		fr.reads = append(fr.reads, fr.c.prog.refs[v][q])
	}
}
