// Package ssarrow is the self-stabilizing arrow protocol of Section 5 of "A Self-Stabilizing
// Distributed Queuing Protocol" (Tirthapura et al.), on a rooted spanning tree with discrete
// time. Every tree edge e = (a, b) is stabilized by its parent a: after a timeout a observes
// φ(e) with an observer message that makes a round trip to the child b, then corrects φ(e).
//
// How the transitions of 5.3.1 and 5.3.2 are read, and the bounds of the model, are written in
// docs/SSARROW.md.
package ssarrow
