// Package symbolic is mc's symbolic engine: it decides invariants, deadlock, closure,
// convergence (unfair, and weakly fair per process) and the exact worst case in steps and in
// moves of a state-model protocol from every configuration, on BDDs of sets of configurations
// (checker/internal/bdd), without enumerating them.
//
// The relation comes from the protocol itself: each process reads only its own and its
// neighbours' variables, so its rules are tabulated over that view through Enabled and Fire
// (local.go; a rule or a local predicate whose result depends on anything else is refused),
// and the daemon combines the processes' tables (relation.go). Predicates must be given as
// model.Form: censuses of local facts, tabulated the same way (forms.go). Values take the tree
// encoding (encode.go), in which every code stands for a value.
//
// Every result is an execution: a violation or a worst case is walked through the model's own
// successors, guided by the fixpoints' layers (witness.go, fair.go, moves.go), and the caller
// (package checker) replays it before reporting it, as it does the explicit engines' traces.
// Nothing here prints, and a Check is single-threaded: results never depend on the workers.
package symbolic
