// Package dijkstra is Dijkstra's K-state token ring (Dijkstra 1974, "Self-stabilizing systems
// in spite of distributed control", the first solution).
//
// Machines 0..n-1 on a ring hold x[i] ∈ 0..K-1. Machine 0 (the "bottom") is privileged iff
// x[0] = x[n-1] and then sets x[0] := x[0]+1 mod K; machine i > 0 is privileged iff
// x[i] ≠ x[i-1] and then copies x[i-1]. A configuration is legitimate iff exactly one machine
// is privileged.
package dijkstra
