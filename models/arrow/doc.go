// Package arrow is the arrow distributed queuing protocol (Raymond; Demmer and Herlihy) on a
// rooted spanning tree, as described in Section 2 and 3.1 of "A Self-Stabilizing Distributed
// Queuing Protocol" (Tirthapura et al.): every node v has an arrow p(v), to itself or to a tree
// neighbour, and find messages travel on FIFO channels, one per direction of every edge.
//
// Find transitions (Section 3.1), one event per step:
//   - request: v sends a find to p(v) and sets p(v) := v (when p(v) = v the request is queued
//     behind v's own and nothing changes, so there is no step);
//   - receive a find from neighbour u: if p(v) = v the find is queued behind v and p(v) := u;
//     otherwise v forwards it to p(v) and sets p(v) := u.
//
// A send on a full channel is disabled (the step waits), never dropped.
package arrow
