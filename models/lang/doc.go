// Package lang reads protocols written in mc's guarded-action language (files ending in
// .gcl): parameters, a topology, per-process variables with finite domains, guarded rules
// `name: guard -> assignments`, the legitimate predicate, invariants and the default checks.
// This first part is the front end: a hand-written lexer and recursive-descent parser that
// keep every token's file, line and column, and report the first error as
// "file:line:col: what was expected", with the line and a caret. The grammar is in
// docs/LANGUAGE.md.
//
// Hand-written rather than a parser library: the grammar is small (a dozen declarations and an
// expression grammar of eight precedence levels), errors must say what was expected at the
// exact column, which generated parsers do with more effort, and mc's protocol packages
// import checker/model only.
package lang
