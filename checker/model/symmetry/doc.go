// Package symmetry is rotation symmetry: ByRotation explores one representative per orbit of
// a protocol on an anonymous ring (model.Protocol that is Rotational), and its Quotient lifts
// traces of representatives back to executions of the base model before they are replayed
// or printed.
//
// Its contract: QuotientOf is the one question the checker asks (is this model, or the one
// it wraps, a quotient); the quotient keeps the base's Traits under another identity, and
// the checks that need the identity of processes (weak fairness, rounds, faults) refuse it.
package symmetry
