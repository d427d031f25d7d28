// Package par holds the building blocks the checker's parallel passes share: handing out
// chunks of a node range to workers, atomic per-node bitmaps and labels, the smallest node
// that qualifies (so that a parallel search reports what a sequential one would), the first
// error of any worker, and padding against false sharing.
//
// Everything here is safe for concurrent use unless its doc says otherwise, and nothing here
// knows about states, models or graphs.
package par
