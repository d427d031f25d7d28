// Package runs builds a run of a catalogued model as a user describes it: a Description
// (model, parameters, topology, daemon, fairness, reductions, symmetry, faults, checks) is
// validated against the catalogue (package models) and the checker's table of combinations,
// then built into the model and the checker.Spec that checker.Run takes, with the notes a
// report states. The command line is one user of it; a Go program is another:
//
//	r, err := runs.Description{Model: "dijkstra", Params: map[string]int{"n": 5},
//		Daemon: "distributed", Reduce: "blocks"}.Build()
//	res, err := r.Check(ctx, checker.Options{})
//
// Every decision about which features combine is the checker's table (checker.Refused);
// this package only resolves names and builds. Its errors name the fields by the command
// line's flags ("--faults", "--topology"), since they reach users through it.
//
// The package sits above both the engine (checker) and the catalogue (models): it is the one
// library package that knows both, and nothing under models imports it.
package runs
