// Package prob is exact probabilities: Prob, a fraction Num/Den of two 64-bit integers in
// lowest terms, and the distributions a randomized protocol's statement draws from (Coin,
// Uniform). The daemon's model multiplies the movers' outcomes into a step's Step.Prob and the
// probabilistic checks add them up, so the arithmetic is exact and says when a result would
// not fit (Times, Plus) rather than round.
//
// Its contract: the zero Prob is 1, the certain outcome of a deterministic step, so that
// models that know nothing of coins need not set it; every operation is a pure function of
// its operands. It depends on the standard library only (checker/model imports it).
package prob
