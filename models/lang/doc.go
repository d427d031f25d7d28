// Package lang reads protocols written in mc's guarded-action language (files ending in
// .gcl): parameters, a topology (generated, or a SASA Graphviz file), per-process variables
// with finite domains (and shared ones, which neighbours write too), guarded rules `name:
// guard -> assignments`, messages on FIFO channels or bags, coins, the legitimate predicate,
// invariants, action invariants, temporal properties and the default checks. The language is
// docs/LANGUAGE.md.
//
// Parse reads a file with a hand-written lexer and recursive-descent parser that keep every
// token's place and report the first error as "file:line:col: what was expected", with the
// line and a caret (*Error). Compile resolves it for parameter values on a topology and turns
// every expression into a closure over the configuration's bytes; the Program it returns is a
// model.Protocol (and a model.CentralBatch and a model.Audited: a step that breaks the
// language's rules is reported by the daemon's model, a model error, never a verdict).
//
// Parse refuses, besides syntax errors, an expression nested more than 256 levels deep (the
// parser, the compiler and the closures recurse once a level), a file that does not begin with
// `protocol NAME`, two rules of one name and an unknown check. What Compile refuses, with its
// place: unknown names, lets that expand past the nesting or a bound on size (expand.go), a
// rule's read of a non-neighbour whose index is a function of the process, a rule's parameter
// over a set the configuration changes, a constant written outside its domain, a condition
// where an integer is wanted or the reverse (types.go). What it cannot decide statically is checked
// on every step: reads through indices taken from the configuration, values written, divisions.
//
// Hand-written rather than a parser library: the grammar is small (a dozen declarations and an
// expression grammar of eight precedence levels), and errors must say what was expected at the
// exact column, which generated parsers do with more effort.
//
// Besides checker/model, the package imports models/topology (SASA's Graphviz files) and
// gonum's graph generator (the topology random(n, pct, seed)). Like every protocol package, it
// never depends on the checker package, checker/internal/*, badger or golang.org/x/sys
// (models/deps_test.go): a protocol never reaches the engine.
package lang
