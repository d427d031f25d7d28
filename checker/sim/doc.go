// Package sim runs seeded random executions of a protocol under a daemon, for instances too
// large to explore: from random initial configurations to the legitimate set, measuring
// moves, steps and rounds, under a random scheduler or an adversarial one. Every run draws
// from its own generator, seeded from the run's index and the seed, so the figures do not
// depend on the number of workers, and any run can be replayed alone. A simulation proves
// nothing: it finds counterexamples (an execution stuck outside the legitimate set) and
// estimates the distribution of stabilization times.
package sim
