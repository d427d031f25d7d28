package lang

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
)

// Coins: a value a rule assigns may draw at random. `flip` is a fair coin (0 or 1),
// `random(LO..HI)` one of LO..HI uniformly, `pick(W1 : E1, W2 : E2, …)` the value of Ei with
// probability Wi / (W1 + W2 + …), the weights constant positive integers. Each draw of a rule
// is a coin of its own, thrown when the rule fires; the rule's outcomes are every combination
// of its draws' values (at most maxOutcomes), Move.Outcome numbering them in mixed radix, the
// first draw the least significant digit. A protocol with a draw is model.Randomized
// (WithCoins): under the synchronous daemon a Markov chain, under the others a Markov
// decision process.

// maxOutcomes bounds the outcomes of one rule: each is a successor of every configuration
// where the rule is enabled.
const maxOutcomes = 4096

// drawSpec is one draw of a rule: its outcomes' probabilities, and the value of outcome k.
type drawSpec struct {
	probs []prob.Prob
	value func(e *env, k int) int
}

// draw parses random(LO..HI) or pick(W : E, …) after its name, as a Call whose arguments are
// LO and HI, or W1, E1, W2, E2, ….
func (p *parser) draw(fun Ident) (Expr, error) {
	if err := p.open(fun.Pos); err != nil {
		return nil, err
	}
	defer p.leave()
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var args []Expr
	if fun.Name == "random" {
		lo, err := p.sum()
		if err != nil {
			return nil, err
		}
		if err := p.expect(".."); err != nil {
			return nil, err
		}
		hi, err := p.sum()
		if err != nil {
			return nil, err
		}
		args = []Expr{lo, hi}
	} else {
		for {
			w, err := p.sum()
			if err != nil {
				return nil, err
			}
			if err := p.expect(":"); err != nil {
				return nil, err
			}
			v, err := p.expr()
			if err != nil {
				return nil, err
			}
			args = append(args, w, v)
			if ok, err := p.accept(","); err != nil || !ok {
				if err != nil {
					return nil, err
				}
				break
			}
		}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return p.built(&Call{Fun: fun, Args: args}, fun.Pos, args...)
}

// isDraw reports whether a call is a draw.
func isDraw(x *Call) bool {
	switch x.Fun.Name {
	case "flip":
		return len(x.Args) == 0
	case "random", "pick":
		return true
	}
	return false
}

// drawCall compiles a draw of the rule being compiled: a slot of its own in the rule's
// draws, whose value the fired move's outcome gives.
func (c *compiler) drawCall(x *Call, sc scope) (evaluator, error) {
	switch {
	case sc.draws == nil:
		return nil, c.errorf(x.Fun.Pos, "%s draws at random: only a value a rule assigns may (x := %s)", x.Fun.Name, x.Fun.Name)
	case sc.inQuant:
		return nil, c.errorf(x.Fun.Pos, "%s draws at random, once when the rule fires: not inside a quantifier, whose body runs once a member", x.Fun.Name)
	}
	var d drawSpec
	switch x.Fun.Name {
	case "flip":
		d = drawSpec{probs: prob.Coin, value: func(_ *env, k int) int { return k }}
	case "random":
		lo, err := c.constant(x.Args[0])
		if err != nil {
			return nil, err
		}
		hi, err := c.constant(x.Args[1])
		if err != nil {
			return nil, err
		}
		if hi < lo || hi-lo >= maxOutcomes {
			return nil, c.errorf(x.Fun.Pos, "random(%d..%d): a range of 1 to %d values", lo, hi, maxOutcomes)
		}
		d = drawSpec{probs: prob.Uniform(hi - lo + 1), value: func(_ *env, k int) int { return lo + k }}
	case "pick":
		var err error
		if d, err = c.pick(x, sc); err != nil {
			return nil, err
		}
	}
	slot := len(*sc.draws)
	*sc.draws = append(*sc.draws, d)
	at, name := x.Fun.Pos, x.Fun.Name
	return func(e *env) int {
		if slot >= len(e.draw) { // fired without an outcome: the program was not run as WithCoins
			e.fail(at, "%s draws at random, and the program runs without its coins (Program.Protocol gives them)", name)
			return 0
		}
		return d.value(e, e.draw[slot])
	}, nil
}

// pick compiles pick(W1 : E1, …): constant positive weights, each value an expression of the
// rule's.
func (c *compiler) pick(x *Call, sc scope) (drawSpec, error) {
	var weights []uint64
	var total uint64
	var values []evaluator
	for i := 0; i < len(x.Args); i += 2 {
		w, err := c.constant(x.Args[i])
		if err != nil {
			return drawSpec{}, err
		}
		if w <= 0 || w > 1<<20 {
			return drawSpec{}, c.errorf(x.Args[i].At(), "a weight of pick is a positive integer up to 2^20, not %d", w)
		}
		v, err := c.expr(x.Args[i+1], sc)
		if err != nil {
			return drawSpec{}, err
		}
		weights, total, values = append(weights, uint64(w)), total+uint64(w), append(values, v)
	}
	if len(values) > maxOutcomes {
		return drawSpec{}, c.errorf(x.Fun.Pos, "pick has %d values: at most %d", len(values), maxOutcomes)
	}
	d := drawSpec{value: func(e *env, k int) int { return values[k](e) }}
	for _, w := range weights {
		d.probs = append(d.probs, prob.Fraction(w, total))
	}
	return d, nil
}

// outcomes is the distribution of a rule's outcomes, the product of its draws' (nil for a
// rule without one), or an error if they are too many.
func outcomes(draws []drawSpec) ([]prob.Prob, error) {
	if len(draws) == 0 {
		return nil, nil
	}
	out := []prob.Prob{{Num: 1, Den: 1}}
	for _, d := range draws {
		if len(out)*len(d.probs) > maxOutcomes {
			return nil, fmt.Errorf("more than %d outcomes (every combination of its draws' values)", maxOutcomes)
		}
		next := make([]prob.Prob, 0, len(out)*len(d.probs))
		for _, q := range d.probs { // the first draw is the least significant digit
			for _, p := range out {
				pq, ok := p.Times(q)
				if !ok {
					return nil, fmt.Errorf("a probability that does not fit in 64-bit fractions")
				}
				next = append(next, pq)
			}
		}
		out = next
	}
	return out, nil
}

// setDraws decodes outcome into the draws of rule r, into e.
func (pr *Program) setDraws(e *env, r *compiledRule, outcome int) {
	if len(r.draws) == 0 {
		return
	}
	if cap(e.draw) < len(r.draws) {
		e.draw = make([]int, len(r.draws))
	}
	e.draw = e.draw[:len(r.draws)]
	for k, d := range r.draws {
		e.draw[k] = outcome % len(d.probs)
		outcome /= len(d.probs)
	}
}

// Protocol is the program as a model.Protocol: WithCoins if a rule draws at random, else
// the program itself.
func (pr *Program) Protocol() model.Protocol {
	for _, r := range pr.rules {
		if len(r.draws) > 0 {
			return WithCoins{pr}
		}
	}
	return pr
}

// WithCoins is a program whose rules draw at random, as a model.Randomized protocol: the
// daemon's model enumerates each rule's outcomes with their probabilities. A program without
// draws stays a plain Program, which no check takes for a randomized one.
type WithCoins struct{ *Program }

// Chances are the outcomes of p's action r: its rule's, whatever the configuration.
func (w WithCoins) Chances(_ model.State, p, r int, dst []prob.Prob) []prob.Prob {
	return append(dst, w.rules[w.inst[p][r].rule].outcomes...)
}
