// Package por is the partial-order reduction (mc check --reduce por): a protocol under the
// central daemon explored, at each configuration, through the moves of a stubborn set
// (Valmari's stubborn sets; Godefroid's persistent sets say the same) instead of every
// enabled move.
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
// sound but not the smallest. TestStubbornByBruteForce checks the definition on random
// protocol files, move sequence by move sequence.
//
// # What the reduced graph keeps, and why
//
// Let w be an execution of the full model from a configuration s of the reduced graph, and
// T the stubborn set at s.
//
//   - If w ends in a deadlock, some move of T occurs in w (else T's enabled move would still
//     be enabled at its end). The first one, t, was enabled at s (a disabled move of T stays
//     disabled through moves outside T) and commutes with the moves before it. So the reduced
//     graph takes t at s and, by induction, reaches the same deadlock by a permutation of w:
//     the same moves, as many. Every reachable deadlock is kept, at the same distance.
//   - If w is infinite, either a move of T occurs in it (as above), or none does and any
//     enabled t of T can be taken first, after which w is still possible. So the reduced graph
//     has an infinite execution, a cycle, wherever the full one has one.
//
// Hence the reduction keeps, exactly: the deadlocks (the deadlock check, with a shortest
// counterexample of the same length, though maybe another); and where the goal set of
// convergence, the worst case and recovery is silent (its configurations are deadlocks, as
// the legitimate set of a silent protocol is), whether every execution reaches it (no cycle
// and no other deadlock), and, when it does, the longest execution to it in moves, since
// every maximal execution is a permutation of a reduced one. A counterexample is an
// execution of the reduced graph, which is a subgraph of the full one, replayed through the
// unreduced model like every trace; a lasso is not always the shortest one.
//
// It keeps nothing else by itself: an invariant or a goal that is not silent needs the
// visibility of the moves that change the predicate and a cycle proviso (docs/DESIGN.md),
// and rounds and weak fairness depend on the interleavings dropped. The table of
// combinations (checker/combinations.go) refuses them. Faults are not moves of a process:
// a configuration with faults left is expanded fully, so every fault of the full model is
// taken, and the reduction starts after the last one.
package por
