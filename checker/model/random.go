package model

import (
	"fmt"
	"math/big"

	"github.com/mc-checker/mc/checker/model/prob"
)

// Randomized protocols: a statement may draw from a distribution (a fair coin, a uniform
// choice among k values: package prob). Under the synchronous daemon such a protocol is a
// Markov chain; under the others a Markov decision process, whose nondeterminism is the
// daemon's choice and whose probabilities are the coins'. The daemon's model enumerates every
// outcome as a step of its own, so the deterministic checks see a coin's outcomes as so many
// successors; each step also carries its Choice (the daemon's choice it is an outcome of) and
// its Prob (the outcome's probability given that choice), which the probabilistic checks read.

// Randomized is implemented by protocols some of whose statements draw at random. Fire reads
// the outcome drawn in Move.Outcome (0 for a deterministic rule).
type Randomized interface {
	// Chances appends to dst the probabilities of the outcomes of rule r of process p in s,
	// numbered as Fire reads Move.Outcome, and returns it. None or one outcome: the rule is
	// deterministic. The probabilities must be positive and add up to exactly 1 (the daemon's
	// model reports a distribution that does not as a breach of the contract). Like Enabled,
	// it is a pure function of s, reading what the rule's guard may read.
	Chances(s State, p, r int, dst []prob.Prob) []prob.Prob
}

// checkChances returns an error unless probs is a distribution: positive, adding up to 1.
func checkChances(probs []prob.Prob) error {
	sum := new(big.Rat)
	for _, p := range probs {
		if p.Den == 0 && p.Num == 0 { // the zero Prob: 1
			p = prob.Prob{Num: 1, Den: 1}
		}
		if p.Den == 0 || p.Num == 0 || p.Num > p.Den {
			return fmt.Errorf("outcome probability %d/%d is not in (0, 1]", p.Num, p.Den)
		}
		sum.Add(sum, p.Rat())
	}
	if len(probs) > 0 && sum.Cmp(big.NewRat(1, 1)) != 0 {
		return fmt.Errorf("outcome probabilities add up to %s, not 1", sum.RatString())
	}
	return nil
}
