// Package checker explores a model (package model) and decides its checks: invariants,
// action invariants, characterisations, deadlocks, closure, convergence under an unfair or a
// weakly fair daemon, and the worst-case stabilization in moves, steps and ticks, with a
// shortest counterexample for every violation, replayed through the model before it is
// returned.
//
// Run is the whole job, in stages: choose the store, explore, analyse, build the
// counterexamples and witnesses, replay them. Spec says what to check, Options how (workers,
// memory budget, where the graph and the visited set live, checkpoints), and the Result
// holds a three-valued verdict per check: Holds, Violated, or Inconclusive when a bound, a
// time limit or an interruption stopped the search, which is never a pass. Results never
// depend on the number of workers. A model that breaks its rules during the run (a protocol
// file's division by zero, a breach the lint finds, a step outside the schema) has no
// result: Run returns a *ModelError with the configuration and a shortest replayed path to it.
//
// A model that starts from its universe is explored in the dense store, where a node is a
// configuration's rank; any other, by a parallel BFS over a hashed visited set in memory,
// moving to files on disk when it outgrows memory (see StoreKind). The engine's parts are
// internal packages, one job each: explore (the graphs), analysis (the passes over them),
// store (visited sets), checkpoint (save and load), mapped and sys (files mapped into memory,
// and every call to the operating system), par (parallel building blocks). docs/ARCHITECTURE.md
// maps them.
//
// The split is a rule: this package decides, the internal ones compute. What a run may
// combine (the one table, combinations.go), which check runs on which graph, each verdict and
// its detail, the evidence (every counterexample and witness, lifted from a quotient and
// replayed through the unreduced model before it is returned) and the figures are decided
// here; the internal packages explore, label, search and count, and return numbers and paths,
// never a verdict.
//
// The checks come in families (safety, convergence and the worst case, recovery, the
// probabilistic checks, and the symbolic engine's), each a small type behind one interface
// (families.go) that decides its checks as findings; the findings of every family, the
// symbolic engine's included, go through the one replay stage.
package checker
