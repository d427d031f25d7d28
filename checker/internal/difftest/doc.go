// Package difftest is the project's random differential testing: random protocols
// (checker/randproto) run through the checker with every engine, store, daemon, fairness,
// reading, reduction, fault model and measure, and every verdict, figure and trace compared
// with the naive reference (checker/reference), which explores the protocol with its own
// daemons and its own faults. A disagreement is a bug of one of them: the report names the
// protocol (its text in mc's language), the seed and the configuration of the run.
//
// What a run is (Config): a daemon (central, locally-central, distributed, synchronous, or
// the distributed daemon's block reduction), a fairness (unfair, weakly fair), a reading
// (from every reachable configuration, strict), the initial set (every configuration, those
// of a predicate, a list), the engine and store (dense, hashed in memory, on disk in sorted
// runs or in badger, symbolic), the workers (1 or 3), rotation symmetry (anonymous rings),
// rounds, and for the recovery check the faults (k = 1 or 2, the process or the variable
// scope, with or without restricted values, the end "legitimate" or "start").
//
// What is compared: the states and transitions explored (unreduced runs; the orbits under
// rotation), the verdicts of invariants, action invariants, deadlock, closure, convergence,
// the worst case, eventually and the temporal properties (drawn from a source of their own,
// Protocol.DrawTemporal; reference.Temporal decides them), the worst case in moves, steps and
// rounds, the length of every counterexample to an invariant, an action invariant, deadlock,
// closure and an always property (the shortest), the recovery's verdict and its worst cases from the first and the last fault;
// every trace is checked step by step against the reference's own successors, from an
// initial configuration, and must show what its check claims.
//
// Protocols with messages (Protocol.DrawMessages: FIFO channels or bags, a rule that sends,
// one that receives) run under the central daemon, the Go reading's channels against the language's.
//
// What it does not cover (docs/DESIGN.md, "Differential testing"): timed channels, messages
// under the other daemons, randomized protocols and the probabilistic checks, characterise, checkpoints and
// resumed runs, records, a model's own fairness units under --fairness weak, and the
// language's where-conditions on variables, pointer domains and topology files with init=.
package difftest
