// Package form is predicates with a structure the symbolic engine builds (model.Form): a
// census of a local fact (Count: "exactly one process is privileged"), and Boolean
// combinations of forms (Not, All, Any; And and Or flatten nested ones). A Local fact reads
// only what a guard of its process may read, which is what lets the engine tabulate it over
// each process's view instead of evaluating it on every configuration.
//
// Its contract: every form is also an ordinary predicate (Holds), a pure function of the
// configuration that the explicit engines evaluate, so one definition serves both engines;
// a Local that reads beyond its process's view gives the symbolic engine wrong answers.
package form
