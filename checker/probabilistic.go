package checker

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/markov"
	"github.com/mc-checker/mc/checker/internal/par"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
	"github.com/mc-checker/mc/checker/plural"
)

// probabilistic is the family of the checks on the graph read as a Markov decision process:
// convergence with probability 1 (almost-sure), staying for ever with probability 1
// (almost-sure-stable) and the expected time to the legitimate set. They read one chain, built
// once.
type probabilistic struct {
	*checking
	chain *chain // nil until built
}

func (*probabilistic) checks() []Check { return []Check{CheckAlmostSure, CheckStable, CheckExpected} }

func (a *probabilistic) decide(c Check) error {
	switch c {
	case CheckAlmostSure:
		return a.almostSure()
	case CheckStable:
		return a.almostSureStable()
	}
	return a.expectedTime()
}

// chain is the explored graph read as a Markov decision process, built once for the
// probabilistic checks, with its qualitative analysis.
type chain struct {
	mdp  *markov.MDP
	sure *markov.AlmostSure
	// relevant are the nodes reached from an initial one before the legitimate set, with the
	// outcome each was first reached by; badRelevant counts the bad ones among them.
	relevant    par.Bitmap
	from        []uint64
	badRelevant uint64
	traps       map[bool]*trapFinding // by stem: within the relevant nodes (true) or any
}

// markov builds the chain and its qualitative analysis once; nil when the graph is partial
// or the run was interrupted (the check is then inconclusive).
func (a *probabilistic) markov() (*chain, error) {
	if a.chain != nil || !a.complete {
		return a.chain, nil
	}
	mdp, err := markov.Build(a.ctx, a.g, a.opts.workers())
	if a.ctx.Err() != nil {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c := &chain{mdp: mdp, sure: markov.Prob1(a.ctx, mdp, a.scan.Legit), traps: map[bool]*trapFinding{}}
	c.relevant, c.from = mdp.Relevant(a.scan.Legit)
	for i, w := range c.relevant {
		c.badRelevant += uint64(bits.OnesCount64(w & c.sure.Bad[i]))
	}
	if a.ctx.Err() != nil {
		return nil, nil
	}
	a.chain = c
	return c, nil
}

// almostSure decides convergence with probability 1 under every scheduler, from every
// reachable configuration.
func (a *probabilistic) almostSure() error {
	name := string(CheckAlmostSure)
	c, err := a.markov()
	if err != nil || c == nil {
		a.partial(name)
		return err
	}
	strict := a.spec.Reading == Strict
	if c.sure.BadCount == 0 || strict && c.badRelevant == 0 {
		a.add(CheckResult{Name: name, Verdict: Holds, Detail: a.sureDetail(c, strict)}, nil)
		return nil
	}
	a.addTrap(name, c, "", strict)
	return nil
}

func (a *probabilistic) sureDetail(c *chain, strict bool) string {
	from := "every reachable configuration"
	if strict {
		from = "the initial configurations (up to the first legitimate configuration)"
	}
	if c.mdp.Deterministic(nil) {
		return from + " reaches the legitimate set with probability 1 (a Markov chain)"
	}
	return "every scheduler reaches the legitimate set with probability 1 from " + from
}

// addTrap reports the trap that refutes convergence with probability 1: a path from an
// initial configuration into it, and a cycle inside it (or a deadlock).
func (a *probabilistic) addTrap(name string, c *chain, prefix string, strict bool) {
	tf := a.trapOf(c, strict)
	size := "a trap of " + grouped(uint64(len(tf.nodes))) + " configurations"
	if len(tf.nodes) == 1 {
		size = "a trap of one configuration"
	}
	bad, of := fmt.Sprintf("%s of %s reachable %s", grouped(c.sure.BadCount), grouped(a.res.Stats.States), plural.Noun(a.res.Stats.States, "configuration")), ""
	if strict { // only what executions from the initial configurations meet before the legitimate set
		bad, of = fmt.Sprintf("%s of %s %s", grouped(c.badRelevant), grouped(c.relevant.Count()), plural.Noun(c.relevant.Count(), "configuration")), " that an execution from an initial configuration reaches before it"
	}
	detail := fmt.Sprintf("%sfrom %s%s some scheduler misses the legitimate set with positive probability: "+
		"%s, closed under every outcome of the scheduler's choices, avoids it", prefix, bad, of, size)
	if c.mdp.Deterministic(nil) {
		detail = fmt.Sprintf("%sfrom %s%s the legitimate set is missed with positive probability: "+
			"%s, closed under every coin outcome, avoids it", prefix, bad, of, size)
	}
	if tf.trace.IsLasso() {
		detail += fmt.Sprintf(" (shown: %s into it, then a cycle of %d inside)", plural.Count(tf.trace.LoopStart, "step"), len(tf.trace.States)-tf.trace.LoopStart)
	} else {
		detail += fmt.Sprintf(" (shown: a configuration without successors, %s in)", plural.Count(len(tf.trace.Steps), "step"))
	}
	base := a.loopAvoids(a.spec.Legit)
	if !tf.trace.IsLasso() {
		base = a.endsInDeadlockOutside(a.spec.Legit)
	}
	m := a.m // the trap is one of this model (a quotient's, of representatives); the trace is lifted
	a.add(CheckResult{Name: name, Verdict: Violated, Trace: tf.trace, Detail: detail}, func(t *model.Trace) error {
		if err := base(t); err != nil {
			return err
		}
		return a.verifyTrap(m, c, tf, a.spec.Legit)
	})
}

// trapFinding is a trap: its nodes, the scheduler's choice at each, and the trace into it.
type trapFinding struct {
	nodes, choices []uint64
	trace          *model.Trace
}

// trapOf finds a trap and the trace that shows it: the smallest node from which the
// legitimate set is avoided surely (strict: the smallest such node an execution from an
// initial one reaches before the legitimate set), a shortest path to it (strict: one that
// avoids the legitimate set), then the first outcome of the scheduler's choice until a
// configuration repeats.
func (a *probabilistic) trapOf(c *chain, strict bool) *trapFinding {
	if tf := c.traps[strict]; tf != nil {
		return tf
	}
	entry := uint64(0)
	for !c.sure.Avoid.Has(entry) || strict && !c.relevant.Has(entry) {
		entry++
	}
	tf := &trapFinding{}
	tf.nodes, tf.choices = c.mdp.Trap(entry, c.sure.Avoid)
	stem := explore.StemTo(a.g, entry)
	if strict {
		stem = c.stemWithin(entry)
	}
	nodes, steps := stem.Nodes, stem.Steps
	at := map[uint64]int{}
	for i, u := range nodes {
		at[u] = i
	}
	loop := -1
	for u := entry; ; {
		ch := c.mdp.StayChoice(u, c.sure.Avoid)
		if ch == markov.NoChoice {
			break
		}
		j := c.mdp.Outcomes[ch]
		v := uint64(c.mdp.To[j])
		steps = append(steps, c.mdp.Index[j])
		if i, seen := at[v]; seen && i >= len(stem.Nodes)-1 {
			loop = i
			break
		}
		at[v] = len(nodes)
		nodes, u = append(nodes, v), v
	}
	if loop < 0 && len(steps) >= len(nodes) {
		steps = steps[:len(nodes)-1]
	}
	tf.trace = explore.TraceFromNodes(a.g, nodes, steps, loop)
	c.traps[strict] = tf
	return tf
}

// stemWithin is the path by which the relevant-set search first reached v from an initial
// node, outside the legitimate set.
func (c *chain) stemWithin(v uint64) explore.NodePath {
	var p explore.NodePath
	for {
		p.Nodes = append(p.Nodes, v)
		j := c.from[v]
		if j == markov.NoChoice {
			break
		}
		p.Steps = append(p.Steps, c.mdp.Index[j])
		v = c.mdp.OwnerOf(j)
	}
	slices.Reverse(p.Nodes)
	slices.Reverse(p.Steps)
	return p
}

// maxTrapCheck bounds the trap that verifyTrap goes through state by state.
const maxTrapCheck = 1 << 22

// verifyTrap checks the trap through the model itself, not the chain built from the graph:
// for each of its configurations, every outcome of the scheduler's choice is a configuration
// of the trap outside legit (nil: anywhere in the trap), and the outcomes' probabilities add
// up to 1. A configuration may come more than once, with another choice each time.
func (a *probabilistic) verifyTrap(m model.Model, c *chain, tf *trapFinding, legit model.Predicate) error {
	if len(tf.nodes) > maxTrapCheck {
		return nil
	}
	in := make(map[string]bool, len(tf.nodes))
	states := make([]model.State, len(tf.nodes))
	for i, u := range tf.nodes {
		states[i] = a.g.Schema().NewState()
		a.g.State(u, states[i])
		in[string(states[i])] = true
	}
	trap := trapCheck{m: m, in: in, legit: legit, probabilistic: model.TraitsOf(m).Probabilistic}
	for i, s := range states {
		lo, hi := -1, -1
		if ch := tf.choices[i]; ch != markov.NoChoice {
			lo = int(c.mdp.First[ch])
			hi = lo + int(c.mdp.Span[ch])
		}
		if err := trap.choice(s, lo, hi); err != nil {
			return err
		}
	}
	return nil
}

// trapCheck goes through a trap's configurations in the model itself.
type trapCheck struct {
	m             model.Model
	in            map[string]bool // the trap's configurations
	legit         model.Predicate // nil: the set may hold legitimate configurations
	probabilistic bool
}

// choice checks the trap's choice at s, the steps lo..hi-1 of s (lo < 0: s is a deadlock of
// the trap): one whole choice of the model, every outcome in the trap and none legitimate,
// its probabilities adding up to 1.
func (tc trapCheck) choice(s model.State, lo, hi int) error {
	sum, choice, before := new(big.Rat), -1, -1
	var err error
	tc.m.Successors(s, func(st model.Step, t model.State) bool {
		if lo < 0 {
			err = fmt.Errorf("a configuration of the trap taken for a deadlock has a successor: %v", s)
			return false
		}
		if !tc.probabilistic {
			st.Choice, st.Prob = st.Index, prob.Prob{}
		}
		switch st.Index {
		case lo - 1:
			before = st.Choice
		case lo:
			if choice = st.Choice; lo > 0 && before == choice {
				err = fmt.Errorf("the trap's choice at %v starts after its first step", s)
				return false
			}
		}
		if st.Index < lo || st.Index >= hi {
			if choice >= 0 && st.Choice == choice {
				err = fmt.Errorf("the trap's choice at %v has more steps than it took", s)
			}
			return err == nil
		}
		switch {
		case st.Choice != choice:
			err = fmt.Errorf("the trap's choice at %v spans two choices of the model", s)
		case !tc.in[string(t)]:
			err = fmt.Errorf("an outcome of the trap's choice at %v leaves the trap for %v", s, t)
		case tc.legit != nil && tc.legit(t):
			err = fmt.Errorf("the trap contains a legitimate configuration")
		}
		sum.Add(sum, st.Prob.Rat())
		return err == nil
	})
	if err == nil && lo >= 0 && sum.Cmp(big.NewRat(1, 1)) != 0 {
		err = fmt.Errorf("the outcomes of the trap's choice at %v have probability %s, not 1", s, sum.RatString())
	}
	return err
}
