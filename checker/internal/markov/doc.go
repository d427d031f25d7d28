// Package markov holds the probabilistic analyses of an explored graph whose steps carry
// probabilities (model.Traits.Probabilistic): the graph read as a Markov decision process (a node's
// choices, a choice's outcomes with their exact probabilities), convergence with probability
// 1 under every scheduler and the trap that refutes it, and the expected time to the
// legitimate set, worst over schedulers, as a sound interval and, where the system is small,
// as an exact rational.
//
// A Markov chain is the special case of one choice a node (a protocol under the synchronous
// daemon); a graph without probabilities is the case of one outcome a choice. Like the other
// analyses, these return node ids and figures; the checker turns them into verdicts and
// replays every trace.
package markov
