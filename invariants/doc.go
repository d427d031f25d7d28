// Package invariants holds the reusable predicates of the models: counting processes that
// satisfy a local predicate, and lifting local predicates to every process or edge.
package invariants
