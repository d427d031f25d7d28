// Package por computes stubborn sets, the core of a partial-order reduction (issue 37): at a
// configuration, a set of moves such that exploring only its enabled ones keeps every
// reachable deadlock (Valmari's stubborn sets; Godefroid's persistent sets say the same).
//
// A move is one rule of one process (model.Move; under the central daemon, one step). Two
// moves depend on each other when their rules' footprints (model.Footprinted) are not
// Independent. A set T of moves is stubborn at s when
//
//   - T holds an enabled move if any is enabled at s;
//   - for each enabled move t of T, every move that depends on t is in T: a sequence of moves
//     outside T leaves t enabled, and t commutes with it;
//   - for each disabled move t of T, every move that writes a variable t reads is in T: a
//     sequence of moves outside T leaves t disabled.
//
// Stubborn closes a seed under those two rules; the footprints are static, so the sets are
// sound but not the smallest. What a check needs beyond deadlocks (the visibility of a
// predicate, the cycle proviso, faults) is the explorer's to add; the package knows nothing
// of checks, graphs or daemons other than one move a step. TestStubbornByBruteForce checks
// the definition above on random protocol files, move sequence by move sequence.
package por
